"""h on a dead combatant: the dialog says the dead get no care but a revive, opens on the
revive, and refuses heal, staunch and rest; the engine refuses them too (A16)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select, Static

from rules.engine.session import Session
from rules.model.commands import Heal, TreatCondition
from rules.model.state import Combatant, Encounter, Wound
from rules.saves.store import save_session
from tests.support.modal_host import Host, choose, save_disabled, shown, until
from tracker.app.tracker_app import make_app
from tracker.modals.heal import HealForm
from tracker.screens.main import MainScreen


def graveyard() -> Encounter:
    kans = Combatant(
        id="kans",
        name="Kans the Scraver",
        stats={"Wits": 7, "Endurance": 6},
        wounds=[Wound(location="chest", level="Maim", wp=5)],
        broken_ribs=True,
        dead=True,
    )
    bo = Combatant(id="bo", name="Bo", stats={"Wits": 5})
    return Encounter(combatants={"kans": kans, "bo": bo}, next_id=1)


async def test_the_care_dialog_of_the_dead_offers_only_a_revive() -> None:
    app = Host(HealForm(graveyard(), "kans"))
    async with app.run_test(size=(100, 30)) as pilot:
        title = app.screen.query_one(".dialog-title", Static)
        assert str(title.render()) == "Care for Kans the Scraver"
        hints = [str(s.render()) for s in app.screen.query(".hint").results(Static)]
        assert hints[0].startswith("Kans the Scraver is dead: the dead cannot be healed")
        assert app.screen.query_one("#care", Select).value == "treat"
        assert app.screen.query_one("#treat-what", Select).value == "revive"
        await choose(pilot, "#care", "hea")
        assert shown(app, "form") == (
            "Kans the Scraver is dead: only a revive applies (Treat a condition)"
        )
        assert save_disabled(app)
        await pilot.press("enter")
        assert app.results == []
        await choose(pilot, "#care", "tre")
        await pilot.click("#save")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [TreatCondition(target="kans", condition="revive")]


async def test_h_then_apply_never_heals_the_dead(tmp_path: Path) -> None:
    path = tmp_path / "graveyard.json"
    save_session(Session(graveyard()), path)
    app = make_app(path, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        screen = app.screen
        assert isinstance(screen, MainScreen) and screen.selected == "kans"
        assert not app.run_command(Heal(target="kans", wound_points=1))  # refused, shown
        await pilot.press("h")
        await until(pilot, lambda: type(app.screen).__name__ == "HealForm")
        await choose(pilot, "#care", "hea")
        await pilot.press("enter")
        assert type(app.screen).__name__ == "HealForm"  # refused: nothing applied
        await choose(pilot, "#care", "tre")
        await pilot.click("#save")
        kans = app.session.encounter.combatants["kans"]
        await until(pilot, lambda: not kans.dead)
        assert kans.total_wp() == 5
        assert [e.text for e in app.session.encounter.log] == ["Kans the Scraver is revived (GM)"]

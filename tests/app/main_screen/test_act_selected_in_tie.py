"""`a` in an R5 tie acts for the selected combatant when its opportunity is now.

At track 3 Kans has been opened (`n`) and Dinzis, tied with him, has not:
the engine lets either take the opportunity first (TakeOpportunity accepts
anyone whose opportunity is now, `rules.engine.track_index.acts_now`). Selecting
Dinzis and pressing `a` opens Dinzis's dialog, not Kans's. A selected
combatant whose opportunity is not now is named in a notice, never skipped
silently.
"""

from __future__ import annotations

from pathlib import Path

from rules.engine.session import Session
from rules.model.state import Encounter
from rules.saves.store import save_session
from tests.support.act_fixtures import SIZE, card_game
from tests.support.modal_host import until
from tracker.app import TrackerApp, make_app
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.screens.main import MainScreen
from tracker.widgets.roster import Roster


def tie_file(tmp_path: Path) -> Path:
    """The card game's three, Kans and Dinzis tied at 3 (Kans opened), Molin at 6."""
    people = card_game().encounter.combatants
    for cid, ttu in (("dinzis", 3), ("kans", 3), ("molin", 6)):
        people[cid].ttu = ttu
    enc = Encounter(in_combat=True, time=3, due=["kans"], combatants=people)
    path = tmp_path / "tie.json"
    save_session(Session(enc), path)
    return path


async def select(pilot: object, app: TrackerApp, cid: str) -> MainScreen:
    main = app.screen
    assert isinstance(main, MainScreen)
    main.query_one(Roster).select(cid)
    await until(pilot, lambda: main.selected == cid)  # type: ignore[arg-type]
    return main


async def test_a_opens_the_selected_tied_combatant_not_the_opened_one_R5(
    tmp_path: Path,
) -> None:
    app = make_app(tie_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await select(pilot, app, "dinzis")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        assert app.screen.actor.id == "dinzis"
        await pilot.press("space", "enter")  # Stab
        await until(pilot, lambda: bool(app.session.done))
        taken = app.session.done[0].command
        assert (taken.type, taken.actor) == ("opportunity", "dinzis")  # type: ignore[union-attr]
        assert app.session.encounter.due == ["kans"]  # Kans still has his turn (R5)
        # Opened implicitly by the take, Dinzis goes straight on to her attack's roll.
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), timeout=5)
        assert app.screen.attacker.id == "dinzis"


async def test_a_says_so_when_the_selected_one_cannot_act_now(tmp_path: Path) -> None:
    app = make_app(tie_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await select(pilot, app, "molin")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        assert app.screen.actor.id == "kans"  # the first due, as before
        said = [n.message for n in app._notifications]
        assert any("Molin acts at 6, not now (track 3): Kans acts now" in m for m in said), said

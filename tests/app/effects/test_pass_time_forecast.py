"""Both pass-time dialogs show, before the GM confirms, each untreated bleeder's exact
chance of living through the passage (rules.engine.death_forecast; A14, A16, R15, R31):
a GM who sees it can staunch first."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from rules.engine.death_forecast import chance_alive, percent_text
from rules.model.state import Combatant, Encounter
from rules.odds.skill import chance_of_success
from rules.party.between import scratch_encounter
from rules.saves.party_store import load_party
from tests.support.modal_host import Host, type_into, until
from tests.support.party_time_ui import bleeder, party_of
from tests.support.passage import ulric
from tracker.app.tracker_app import make_app
from tracker.modals.pass_time import PassTimeForm
from tracker.party.keeper import PartyKeeper
from tracker.party.pass_time_dialog import PartyPassTimeForm
from tracker.party.screen import PartyScreen

SIZE = (120, 40)


def table() -> Encounter:
    """Ulric bleeding (`tests.support.passage.ulric`) and Kans, who does not."""
    return Encounter(combatants={"ulric": ulric(), "kans": Combatant(id="kans", name="Kans")})


def forecast(app: object) -> str:
    return str(app.screen.query_one("#forecast", Static).render())  # type: ignore[attr-defined]


async def test_the_encounters_dialog_says_when_and_how_likely() -> None:
    app = Host(PassTimeForm(table()))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#amount", "200")
        await until(pilot, lambda: forecast(app) != "")
        # by hand: the half line's check on row 3, then six on row 0 (ticks 150-200), goal 5
        alive = chance_of_success(3, 6, 5) * chance_of_success(0, 6, 5) ** 6
        assert forecast(app) == (
            "☠ Ulric: half Endurance at +60 TU, 0 at +150 TU, then a check each 10 TU"
            f" — alive after 200 TU: {percent_text(alive)}"
        )
        assert percent_text(alive) == "7.4\u00a0%"
        await type_into(pilot, "#amount", "50")  # before the half line: certain
        await until(pilot, lambda: forecast(app).endswith("alive after 50 TU: 100\u00a0%"))


async def test_the_partys_dialog_follows_the_goal_typed(tmp_path: Path) -> None:
    path = party_of(tmp_path, bleeder(3))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(PartyScreen(PartyKeeper.open(path)))
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PartyPassTimeForm))
        await type_into(pilot, "#amount", "300")  # TU: Kans reaches 0 on the way (R31)
        scratch = scratch_encounter(load_party(path)[0])
        said = []
        for goal in (5, 2):  # R15: the goal the GM types decides each check's odds
            await type_into(pilot, "#demise-goal", str(goal))
            expected = percent_text(chance_alive(scratch, "kans", 300, goal))
            await until(pilot, lambda e=expected: forecast(app).endswith(f"5 minutes: {e}"))
            said.append(expected)
        assert said[0] != said[1], said
        assert forecast(app).startswith("☠ Kans: ") and "Ula" not in forecast(app)

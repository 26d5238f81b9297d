"""Begin combat (A7) opens with the selected combatant ticked as the initiator.

The GM selects who starts the fight on the roster, presses `b`, then Enter:
before, the dialog opened with nobody ticked and the first row focused.
"""

from __future__ import annotations

from pathlib import Path

from rules.engine.session import Session
from rules.model.commands import StartCombat
from rules.model.state import Encounter
from rules.saves.store import save_session
from tests.support.act_fixtures import SIZE, card_game
from tests.support.modal_host import Host, until
from tracker.app.tracker_app import make_app
from tracker.modals.begin_combat import BeginCombat, Starter
from tracker.screens.main import MainScreen
from tracker.widgets.roster import Roster


def table() -> Encounter:
    return card_game().encounter.model_copy(update={"in_combat": False})


async def test_the_selected_combatant_is_ticked_and_enter_begins_A7() -> None:
    enc = table()
    app = Host(BeginCombat(enc, selected="molin"))
    async with app.run_test(size=SIZE) as pilot:
        ticked = [s.label.plain for s in app.screen.query(Starter) if s.value]
        assert ticked == [enc.combatants["molin"].name]
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    command = app.results[0]
    assert isinstance(command, StartCombat) and command.initiators == ["molin"]


async def test_b_on_the_main_screen_ticks_the_selected_one_A7(tmp_path: Path) -> None:
    path = tmp_path / "before.json"
    save_session(Session(table()), path)
    app = make_app(path, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        main = app.screen
        main.query_one(Roster).select("molin")
        await until(pilot, lambda: main.selected == "molin")  # type: ignore[attr-defined]
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, BeginCombat))
        ticked = [s.label.plain for s in app.screen.query(Starter) if s.value]
        assert ticked == [app.session.encounter.combatants["molin"].name]

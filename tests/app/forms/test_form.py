"""Enter in a form dialog (tracker/modals/form.py), in the begin-combat and combatant forms.

Enter on a closed drop-down submits the dialog, as its hint says ("enter begins",
"enter saves"), the same as in the act dialogs; space opens the list. And Enter takes
the fields as they were when it was pressed (second section).
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Input, Select

from rules.model.commands import AddCombatant
from rules.model.state import Combatant, Encounter
from tests.support.modal_host import Host, until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.combatant_form import CombatantForm
from tracker.screens.main import MainScreen


async def test_begin_combat_enter_on_a_chosen_awareness_begins_A7(tmp_path: Path) -> None:
    app: TrackerApp = make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        await until(pilot, lambda: type(app.screen).__name__ == "BeginCombat")
        await pilot.press("tab", "tab")  # Dinzis opens ticked; then the second row's awareness
        select = app.focused
        assert isinstance(select, Select)
        await pilot.press("space")  # space opens the list
        await until(pilot, lambda: select.expanded)
        await pilot.press("s", "u", "enter")  # pick "surprised"
        await until(pilot, lambda: not select.expanded and select.value == "surprised")
        await pilot.press("enter")  # the drop-down is closed: enter begins
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session.encounter.in_combat


async def test_combatant_form_enter_on_the_side_drop_down_moves_on_ctrl_s_saves() -> None:
    kans = Combatant(id="c1", name="Kans", stats={"Wits": 5})
    app = Host(CombatantForm(Encounter(combatants={"c1": kans}, next_id=2), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("tab", *"Guy", "tab")  # past the sheet line to the name
        assert isinstance(app.focused, Select)
        await pilot.press("enter")  # the sheet's Enter moves on (issue 27)
        await until(pilot, lambda: getattr(app.focused, "id", None) == "awareness")
        assert app.results == []
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant) and command.combatant.name == "Guy"


async def test_wound_form_enter_on_the_location_drop_down_applies() -> None:
    """The wound, heal and luck forms ('enter applies') behave like every other dialog."""
    from rules.model.commands import ApplyWound
    from tracker.modals.wound import WoundForm

    kans = Combatant(id="c1", name="Kans", stats={"Wits": 5, "Endurance": 5})
    app = Host(WoundForm(Encounter(combatants={"c1": kans}), "c1"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3", "tab")
        select = app.focused
        assert isinstance(select, Select) and not select.expanded
        await pilot.press("enter")  # closed: enter applies, it does not open the list
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, ApplyWound) and command.wound_points == 3


# --- Enter in a form takes the fields as they were when it was pressed: keys typed right
# after it never land in the closing dialog (a GM typing `+ Guy enter + Bob enter` fast).


def names(app: TrackerApp) -> list[str]:
    return [c.name for c in app.session.encounter.combatants.values()]


async def test_two_combatants_typed_without_pauses_get_exactly_their_names(
    tmp_path: Path,
) -> None:
    app: TrackerApp = make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 40)) as pilot:
        before = names(app)
        await pilot.press("+", *"Guy", "ctrl+s", "+", *"Bob", "ctrl+s")  # the sheet line
        await until(pilot, lambda: len(names(app)) == len(before) + 2)
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert names(app)[len(before) :] == ["Guy", "Bob"]
        assert isinstance(app.screen, MainScreen)  # no later key opened anything else


def post_keys(app: TrackerApp, keys: list[str]) -> None:
    """Queue keys on the app at once, as a fast typist's terminal does: no key waits for
    the one before it to be handled (Pilot's press waits, which hid the bug)."""
    for key in keys:
        char = {"enter": "\r", "plus": "+", "ctrl+s": "\x13"}.get(key, key)
        app.post_message(events.Key(key, char))


async def test_keys_queued_behind_enter_go_to_the_next_screen_not_the_closing_form(
    tmp_path: Path,
) -> None:
    app: TrackerApp = make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 40)) as pilot:
        before = names(app)
        await pilot.press("+")
        await until(pilot, lambda: isinstance(app.focused, Input))
        post_keys(app, [*"Guy", "ctrl+s", "plus"])
        await until(pilot, lambda: len(names(app)) == len(before) + 1)
        await until(pilot, lambda: isinstance(app.focused, Input) and app.focused.value == "")
        post_keys(app, [*"Bob", "ctrl+s"])
        await until(pilot, lambda: len(names(app)) == len(before) + 2)
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert names(app)[len(before) :] == ["Guy", "Bob"]

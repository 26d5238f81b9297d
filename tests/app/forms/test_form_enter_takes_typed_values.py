"""Enter in a form takes the fields as they were when it was pressed: keys typed right
after it never land in the closing dialog (a GM typing `+ Guy enter + Bob enter` fast)."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Input

from tests.support.modal_host import until
from tracker.app import TrackerApp, make_app
from tracker.screens.main import MainScreen


def names(app: TrackerApp) -> list[str]:
    return [c.name for c in app.session.encounter.combatants.values()]


async def test_two_combatants_typed_without_pauses_get_exactly_their_names(
    tmp_path: Path,
) -> None:
    app: TrackerApp = make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 40)) as pilot:
        before = names(app)
        await pilot.press("+", *"Guy", "enter", "+", *"Bob", "enter")
        await until(pilot, lambda: len(names(app)) == len(before) + 2)
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert names(app)[len(before) :] == ["Guy", "Bob"]
        assert isinstance(app.screen, MainScreen)  # no later key opened anything else


def post_keys(app: TrackerApp, keys: list[str]) -> None:
    """Queue keys on the app at once, as a fast typist's terminal does: no key waits for
    the one before it to be handled (Pilot's press waits, which hid the bug)."""
    for key in keys:
        char = {"enter": "\r", "plus": "+"}.get(key, key)
        app.post_message(events.Key(key, char))


async def test_keys_queued_behind_enter_go_to_the_next_screen_not_the_closing_form(
    tmp_path: Path,
) -> None:
    app: TrackerApp = make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]
    async with app.run_test(size=(120, 40)) as pilot:
        before = names(app)
        await pilot.press("+")
        await until(pilot, lambda: isinstance(app.focused, Input))
        post_keys(app, [*"Guy", "enter", "plus"])
        await until(pilot, lambda: len(names(app)) == len(before) + 1)
        await until(pilot, lambda: isinstance(app.focused, Input) and app.focused.value == "")
        post_keys(app, [*"Bob", "enter"])
        await until(pilot, lambda: len(names(app)) == len(before) + 2)
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert names(app)[len(before) :] == ["Guy", "Bob"]

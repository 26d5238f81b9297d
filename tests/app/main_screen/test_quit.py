"""Quitting with q: the encounter is saved first; if that save fails, a second q quits.

Driven by keys on the demo, as in test_main_screen.py (whose helpers, in
tests/support/demo.py, these use); last, q racing a dialog key in the same terminal read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from rules.model.commands import ApplyWound
from rules.saves.store import load_session
from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.main import MainScreen


async def test_quit_autosaves(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        app.run_command(ApplyWound(target="kans", wound_points=1))
        await pilot.press("q")
    saved = load_session(app.save_path)
    assert saved.encounter.model_dump() == app.session.encounter.model_dump()
    assert [s.command.type for s in saved.done] == ["start", "wound"]


async def test_quit_after_a_failed_save_needs_a_second_q(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        await until(pilot, lambda: app.autosave.saved)
        app.save_path.unlink()
        app.save_path.mkdir()  # a folder where the save belongs: the save must fail
        app.run_command(ApplyWound(target="kans", wound_points=1))
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and not app.autosave.saved
        await pilot.press("q")
    assert app.return_code == 0


# --- q then a dialog key at once: the app quits cleanly and the late key is ignored.
#
# A fast GM (or a key-repeat) can put `q s` in one read of the terminal; the
# second key used to open its dialog while the app was tearing down, and the
# dialog's handlers then found no widgets (`NoMatches: No nodes match '#opponent'`,
# a traceback instead of a clean exit).


# q followed by each key that opens a dialog (s roll, k check, b begin, + add,
# l luck, h heal, w wound).
LATE_KEYS = ["s", "k", "b", "plus", "l", "h", "w"]


def send_at_once(app: TrackerApp, *keys: str) -> None:
    """Queue keys as one terminal read delivers them: no pause for the app in between
    (Pilot's press waits for the app to go idle after each key, which hides the race)."""
    driver = app._driver
    assert driver is not None
    for key in keys:
        char = {"plus": "+"}.get(key, key)
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)


@pytest.mark.parametrize("late", LATE_KEYS)
async def test_a_key_right_after_q_is_ignored(tmp_path: Path, late: str) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: app.session is not None)
        send_at_once(app, "q", late)
        await pilot.pause()
    # run_test re-raises anything a handler raised; reaching here with a clean exit
    # (and no dialog pushed after the quit began) is the proof.
    assert app.return_code == 0
    assert all(not screen.is_modal for screen in app.screen_stack)

"""Pasted hostile text on the main screen: a message in the field, the app lives (issue 23).

Save as with a lone surrogate raised UnicodeEncodeError and killed the app; `l`'s
reason took NUL, escape sequences and bidi overrides into the log, and a lone
surrogate there made every later autosave fail until undone. Now the text rule's
words show under the field, nothing changes, and the next command saves.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from rules.model.plain_text import problem
from rules.saves import store
from tests.support.modal_host import until
from tests.support.pasted_text import PASTED as PASTED_TEXTS
from tests.support.pasted_text import paste_and_enter, shown
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.luck import LuckForm
from tracker.modals.save_as import SaveAs
from tracker.screens.main import MainScreen

SIZE = (120, 40)
PASTED = [*PASTED_TEXTS, "\x1b]0;owned\x07"]  # and an escape that retitles the terminal


@pytest.mark.parametrize("text", PASTED)
async def test_a_hostile_save_as_name_is_refused_in_its_field(twin: Path, text: str) -> None:
    app: TrackerApp = make_app(twin, saves_dir=twin.parent, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        before = sorted(p.name for p in twin.parent.iterdir())
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, SaveAs))
        dialog = app.screen
        await paste_and_enter(pilot, dialog, "name", text)
        assert app.is_running and app.screen is dialog
        assert problem(text) in shown(dialog, "name")
        assert sorted(p.name for p in twin.parent.iterdir()) == before and app.save_path == twin


@pytest.mark.parametrize("text", PASTED)
async def test_a_hostile_luck_reason_never_reaches_the_log(twin: Path, text: str) -> None:
    app: TrackerApp = make_app(twin, saves_dir=twin.parent, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        session = app.session
        assert session is not None
        encounter, done = session.encounter.model_dump_json(), len(session.done)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LuckForm))
        dialog = app.screen
        dialog.query_one("#amount", Input).value = "+1"
        await paste_and_enter(pilot, dialog, "reason", text)
        assert app.is_running and app.screen is dialog
        assert problem(text) in shown(dialog, "reason")
        assert session.encounter.model_dump_json() == encounter and len(session.done) == done
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("N")  # the next command autosaves as ever
        await until(pilot, lambda: len(session.done) == done + 1 and app.autosave.saved)
    assert len(store.load_session(twin).done) == done + 1

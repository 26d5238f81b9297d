"""Each log line is wrapped once, however the encounter comes back (a hostile evening run).

The log keeps every event's painted lines and wraps only new ones. It knew an event
by identity alone, but a passage of time (P) hands back a copy of the whole
encounter and a save's first look is read again when it loads: with a 5,000-line
log opening took 4.8 s (three wraps of every line) and each P of 1 TU 1.3 s.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.strip import Strip

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.model.event import Event
from rules.saves.store import save_session
from tests.support.modal_host import type_into, until
from tracker.app.tracker_app import make_app
from tracker.files.demo import build_demo
from tracker.modals.pass_time import PassTimeForm
from tracker.screens.main import MainScreen
from tracker.widgets.event_log import EventLog


def counted_wraps(monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    """Every event the log pane wraps from now on, in order."""
    wrapped: list[Event] = []
    wrap = EventLog._wrap

    def counted(log: EventLog, event: Event) -> list[Strip]:
        wrapped.append(event)
        return wrap(log, event)

    monkeypatch.setattr(EventLog, "_wrap", counted)
    return wrapped


def days_saved(folder: Path, days: int) -> Path:
    """The demo after `days` new days (a long log), saved."""
    session = Session(build_demo())
    for _ in range(days):
        session.do(NewDay(), ScriptedDice())
    path = folder / "evening.json"
    save_session(session, path)
    return path


async def test_opening_and_passing_time_wrap_only_new_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrapped = counted_wraps(monkeypatch)
    app = make_app(days_saved(tmp_path, 60), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.loaded_session)
        await pilot.pause()
        log = app.session.encounter.log
        assert len(log) >= 60 and len(wrapped) == len(log)  # each once (was three times)
        wrapped.clear()
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PassTimeForm))
        await type_into(pilot, "#amount", "1")
        await pilot.press("enter")
        await until(pilot, lambda: app.session.encounter.time == 1)
        await until(pilot, lambda: app.time_passing.running is None)
        await pilot.pause()
        new = app.session.encounter.log[len(log) :]
        assert new and wrapped == new  # only the passage's lines (was every line again)
        # P's copy of the encounter shares the immutable events (copying them was 0.3 s
        # of every P with 26,000 events)
        assert all(a is b for a, b in zip(log, app.session.encounter.log, strict=False))
        shown = app.screen.query_one(EventLog).lines
        assert len(shown) >= len(app.session.encounter.log)


async def test_a_long_log_wraps_its_end_and_the_rest_as_it_is_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resize or a theme change rewrapped every line: 1.2 s at 5,000 events, 10 s at
    26,000, though a GM reads the end. Now the end, and older lines as `[` or `{` reach them."""
    wrapped = counted_wraps(monkeypatch)
    app = make_app(days_saved(tmp_path, 600), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.loaded_session)
        await pilot.pause()
        log, pane = app.session.encounter.log, app.screen.query_one(EventLog)
        assert len(set(map(id, wrapped))) == len(wrapped) < len(log) // 2
        assert pane.render_line(pane.size.height - 1).text.strip()  # the end is shown
        wrapped.clear()
        await pilot.resize_terminal(100, 40)
        await until(pilot, lambda: pane.size.width < 100)
        assert 0 < len(wrapped) < len(log) // 2
        await pilot.press("left_square_bracket")  # a page back: still lines to read
        assert pane.offset_lines == pane.size.height - 1
        await pilot.press("left_curly_bracket")  # the log's first line
        assert pane.first_visible() == 0
        assert log[0].text[:40] in pane.render_line(0).text
        assert len(pane.lines) >= len(log)  # every event wrapped now, once more

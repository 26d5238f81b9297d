"""Each log line is wrapped once, however the encounter comes back (a hostile evening run).

The log keeps every event's painted lines and wraps only new ones. It knew an event
by identity alone, but a passage of time (P) hands back a copy of the whole
encounter and a save's first look is read again when it loads: with a 5,000-line
log opening took 4.8 s (three wraps of every line) and each P of 1 TU 1.3 s.
"""

from __future__ import annotations

from pathlib import Path

import pytest

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


async def test_opening_and_passing_time_wrap_only_new_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrapped: list[Event] = []
    add = EventLog._add

    def counted(log: EventLog, event: Event) -> None:
        wrapped.append(event)
        add(log, event)

    monkeypatch.setattr(EventLog, "_add", counted)
    session = Session(build_demo())
    for _ in range(60):
        session.do(NewDay(), ScriptedDice())
    path = tmp_path / "evening.json"
    save_session(session, path)
    app = make_app(path, saves_dir=tmp_path, seed=1)
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
        shown = app.screen.query_one(EventLog).lines
        assert len(shown) >= len(app.session.encounter.log)

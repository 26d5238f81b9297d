"""The autosave's writer: the disk's part of a save off the app's thread, in order, its
failures raised where the app waits for it (issue 27: dialog_open_ms)."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path

import pytest

from rules.saves.store import SaveError
from tracker.app.save_writer import QUICK_SWITCH, SaveWriter


class FakeSave:
    """A PreparedSave's `commit`, recorded: which thread ran it, and in which order."""

    def __init__(self, name: str, log: list[tuple[str, str]], fail: bool = False) -> None:
        self.name, self.log, self.fail = name, log, fail
        self.path = Path(name)

    def commit(self) -> None:
        self.log.append((self.name, threading.current_thread().name))
        if self.fail:
            raise SaveError(self.path, "no space left on device", action="save")


def test_without_an_event_loop_the_save_is_written_at_once() -> None:
    log: list[tuple[str, str]] = []
    writer = SaveWriter()
    writer.start(FakeSave("a", log), lambda: None)  # type: ignore[arg-type]
    assert log == [("a", threading.current_thread().name)] and not writer.busy


async def test_a_save_lands_in_the_writers_thread_and_says_so_in_the_apps() -> None:
    log: list[tuple[str, str]] = []
    told: list[str] = []
    writer = SaveWriter()
    before = sys.getswitchinterval()
    writer.start(FakeSave("a", log), lambda: told.append(threading.current_thread().name))  # type: ignore[arg-type]
    assert sys.getswitchinterval() == min(QUICK_SWITCH, before)  # while it is written
    for _ in range(500):
        if told:
            break
        await asyncio.sleep(0.01)
    assert told == [threading.current_thread().name]  # `done` ran in the loop's thread
    assert log[0][1].startswith("autosave")
    writer.wait()
    assert sys.getswitchinterval() == before and not writer.busy


async def test_saves_land_in_the_order_started_and_a_failure_is_raised_at_wait() -> None:
    log: list[tuple[str, str]] = []
    writer = SaveWriter()
    writer.start(FakeSave("a", log, fail=True), lambda: None)  # type: ignore[arg-type]
    with pytest.raises(SaveError, match="no space left"):
        writer.start(FakeSave("b", log), lambda: None)  # type: ignore[arg-type]
    assert [name for name, _ in log] == ["a"]  # b waited for a, which failed
    writer.start(FakeSave("c", log), lambda: None)  # type: ignore[arg-type]
    writer.wait()
    assert [name for name, _ in log] == ["a", "c"]

"""The terminal goes away under the app: the fight is on disk and the app is gone.

Under `make run` (or any parent that waits for the app, as make does) the app is not
its terminal's session leader, so no SIGHUP reaches it when the terminal hangs up.
Before, its input thread then read end-of-file in a loop, forever: 85-100% of a core
for as long as the machine ran, with make waiting on it (tracker.app.hang_up).
"""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from rules.model.commands import Luck, NewDay
from rules.saves.store import load_session
from tests.support.tmux import REPO
from tracker.app.hang_up import TerminalGone, rescue_path
from tracker.app.tracker_app import make_app

SHELL = "trap 'exit 0' HUP; {python} -m tracker --demo --saves {saves} --seed 1"  # make's wait


def _drain_until(fd: int, done: Callable[[bytes], bool], timeout: float) -> None:
    """Read what the app draws (a full pty would block it) until `done(all of it)`."""
    drawn = b""
    deadline = time.monotonic() + timeout
    while not done(drawn):
        if time.monotonic() > deadline:
            raise AssertionError(f"the app did not get there in {timeout} s")
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            drawn += os.read(fd, 65536)


def test_a_hung_up_terminal_leaves_the_fight_saved_and_the_app_gone(tmp_path: Path) -> None:
    """A real app in a real pseudo-terminal, so it takes a few seconds (start, a key,
    the hang-up). Before the fix the shell was still waiting 20 s later."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: a shell that waits for the app, as make does
        os.chdir(REPO)
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", TEXTUAL_ANIMATION="none")
        command = SHELL.format(python=sys.executable, saves=tmp_path)
        os.execv("/bin/sh", ["sh", "-c", command])
    try:
        _drain_until(fd, lambda drawn: b"Dinzis the Ukar" in drawn, 30)  # the first frame
        (save,) = tmp_path.glob("*.json")
        first = save.stat().st_mtime_ns
        os.write(fd, b"N")  # a new day (C1): a command, autosaved
        _drain_until(fd, lambda _drawn: save.stat().st_mtime_ns != first, 20)
        os.close(fd)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and os.waitpid(pid, os.WNOHANG) == (0, 0):
            time.sleep(0.05)
        left = time.monotonic() < deadline
    finally:
        try:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    assert left, "the app was still running 20 s after its terminal hung up"
    assert [s.command.type for s in load_session(save).done] == ["new-day"]


async def test_an_unsaved_fight_is_rescued_when_the_terminal_goes(tmp_path: Path) -> None:
    """The autosave refused (another copy changed the file): with no one to ask, the
    fight goes to a new file beside it instead of being lost."""
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test() as pilot:
        assert app.run_command(NewDay())
        save = app.save_path
        assert save is not None and app.autosave.saved
        save.write_bytes(save.read_bytes() + b" ")  # another copy's save
        app.run_command(Luck(target="kans", amount=1))
        assert not app.autosave.saved
        app.post_message(TerminalGone())
        await pilot.pause()
    assert app.return_code == 0
    (rescued,) = tmp_path.glob("*-rescued-*.json")
    assert [s.command.type for s in load_session(rescued).done] == ["new-day", "luck"]
    assert [s.command.type for s in load_session(save).done] == ["new-day"]  # not overwritten


def test_a_rescue_never_takes_a_name_in_use(tmp_path: Path) -> None:
    now = datetime(2026, 12, 7, 4, 12)
    first = rescue_path(tmp_path, "duel", now)
    assert first.name == "duel-rescued-20261207-0412.json"
    first.write_text("{}")
    assert rescue_path(tmp_path, "duel", now).name == "duel-rescued-20261207-0412-2.json"

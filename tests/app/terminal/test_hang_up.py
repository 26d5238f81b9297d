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
import termios
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from rules.model.commands import Luck, NewDay
from rules.saves.store import load_session
from tests.support.tmux import REPO
from tracker.app.hang_up import LeaveNow, rescue_path
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
        app.post_message(LeaveNow(129))
        await pilot.pause()
    assert app.return_code == 129  # as a shell reports a hang-up
    (rescued,) = tmp_path.glob("*-rescued-*.json")
    assert [s.command.type for s in load_session(rescued).done] == ["new-day", "luck"]
    assert [s.command.type for s in load_session(save).done] == ["new-day"]  # not overwritten


def test_a_rescue_never_takes_a_name_in_use(tmp_path: Path) -> None:
    now = datetime(2026, 12, 7, 4, 12)
    first = rescue_path(tmp_path, "duel", now)
    assert first.name == "duel-rescued-20261207-0412.json"
    first.write_text("{}")
    assert rescue_path(tmp_path, "duel", now).name == "duel-rescued-20261207-0412-2.json"


def _child_of(pid: int) -> int:
    """The app's pid: the one process whose parent is the shell `pid` (Linux's /proc)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            return int(stat.parent.name)
    raise AssertionError(f"no child of {pid}")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_saves_or_rescues_and_gives_the_terminal_back(
    tmp_path: Path, signum: int
) -> None:
    """A real app in a real pseudo-terminal (a few seconds: start, two keys, the signal).
    Before, the signal killed it where it stood: the terminal left raw (no echo, ctrl+c
    dead), and a fight whose autosave had been refused lost (`kill -HUP`, a shutdown)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(REPO)
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", TEXTUAL_ANIMATION="none")
        command = f"{sys.executable} -m tracker --demo --saves {tmp_path} --seed 1; echo rc=$?"
        os.execv("/bin/sh", ["sh", "-c", command])
    seen = bytearray()

    def drawn(text: bytes) -> Callable[[bytes], bool]:
        def found(more: bytes) -> bool:
            seen[:] = more
            return text in more

        return found

    try:
        _drain_until(fd, drawn(b"Dinzis the Ukar"), 30)
        (save,) = tmp_path.glob("*.json")
        save.write_bytes(save.read_bytes() + b" ")  # another copy's save: autosave refused
        os.write(fd, b"N")
        _drain_until(fd, drawn(b"unsaved since"), 20)
        os.kill(_child_of(pid), signum)
        _drain_until(fd, drawn(b"rc="), 20)
    finally:
        try:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)
    assert f"rc={128 + signum}".encode() in seen  # as a shell reports the signal
    assert b"\x1b[?1049l" in seen  # the alternate screen left: the terminal given back
    (rescued,) = tmp_path.glob("*-rescued-*.json")
    assert [s.command.type for s in load_session(rescued).done] == ["new-day"]


def test_a_stray_sigcont_leaves_the_terminal_as_it_was_after_a_quit(tmp_path: Path) -> None:
    """A real app in a real pseudo-terminal (a few seconds). Textual 8.2.8 resumed on any
    SIGCONT, even never suspended: after `kill -CONT` and q the shell had no echo."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(REPO)
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", TEXTUAL_ANIMATION="none")
        command = f"{sys.executable} -m tracker --demo --saves {tmp_path} --seed 1; echo rc=$?"
        os.execv("/bin/sh", ["sh", "-c", command])
    before = termios.tcgetattr(fd)
    try:
        _drain_until(fd, lambda drawn: b"Dinzis the Ukar" in drawn, 30)
        os.kill(_child_of(pid), signal.SIGCONT)
        os.write(fd, b"q")
        _drain_until(fd, lambda drawn: b"rc=0" in drawn, 20)
        after = termios.tcgetattr(fd)
    finally:
        try:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)
    echo_and_lines = termios.ECHO | termios.ICANON | termios.ISIG
    assert after[3] & echo_and_lines == before[3] & echo_and_lines == echo_and_lines

"""The terminal goes away under the app, or a stop signal comes: the fight is on disk,
the terminal is given back, and the app is gone.

Under `make run` (or any parent that waits for the app, as make does) the app is not
its terminal's session leader, so no SIGHUP reaches it when the terminal hangs up.
Before, its input thread then read end-of-file in a loop, forever: 85-100% of a core
for as long as the machine ran, with make waiting on it (tracker.app.hang_up). And a
signal killed it where it stood. Each pty test runs the real app, so it takes a few
seconds (start, a key or two, the hang-up or the signal).
"""

from __future__ import annotations

import os
import signal
import termios
import time
from datetime import datetime
from pathlib import Path

import pytest

from rules.model.commands import Luck, NewDay
from rules.saves.store import load_session
from tests.support.pty_app import app_command, child_of, drain_until, shell_in_pty
from tracker.app.hang_up import LeaveNow, rescue_path
from tracker.app.tracker_app import make_app

FIRST_FRAME = b"Dinzis the Ukar"


def test_a_hung_up_terminal_leaves_the_fight_saved_and_the_app_gone(tmp_path: Path) -> None:
    """Before the fix the shell (waiting as make does) was still waiting 20 s later."""
    with shell_in_pty(f"trap 'exit 0' HUP; {app_command(tmp_path)}") as (pid, fd):
        drain_until(fd, lambda drawn: FIRST_FRAME in drawn, 30)
        (save,) = tmp_path.glob("*.json")
        first = save.stat().st_mtime_ns
        os.write(fd, b"N")  # a new day (C1): a command, autosaved
        drain_until(fd, lambda _drawn: save.stat().st_mtime_ns != first, 20)
        os.close(fd)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and os.waitpid(pid, os.WNOHANG) == (0, 0):
            time.sleep(0.05)
        left = time.monotonic() < deadline
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


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_saves_or_rescues_and_gives_the_terminal_back(
    tmp_path: Path, signum: int
) -> None:
    """Before, the signal killed the app where it stood: the terminal left raw (no echo,
    ctrl+c dead), and a fight whose autosave had been refused lost (`kill -HUP`, a
    shutdown); `kill -INT` quit with 0, the fight dropped."""
    with shell_in_pty(f"{app_command(tmp_path)}; echo rc=$?") as (pid, fd):
        drain_until(fd, lambda drawn: FIRST_FRAME in drawn, 30)
        (save,) = tmp_path.glob("*.json")
        save.write_bytes(save.read_bytes() + b" ")  # another copy's save: autosave refused
        os.write(fd, b"N")
        drain_until(fd, lambda drawn: b"unsaved since" in drawn, 20)
        os.kill(child_of(pid), signum)
        seen = drain_until(fd, lambda drawn: b"rc=" in drawn, 20)
    assert f"rc={128 + signum}".encode() in seen  # as a shell reports the signal
    assert b"\x1b[?1049l" in seen  # the alternate screen left: the terminal given back
    (rescued,) = tmp_path.glob("*-rescued-*.json")
    assert [s.command.type for s in load_session(rescued).done] == ["new-day"]


def test_a_stray_sigcont_leaves_the_terminal_as_it_was_after_a_quit(tmp_path: Path) -> None:
    """Textual 8.2.8 resumed on any SIGCONT, even never suspended: after `kill -CONT`
    and q the shell had no echo."""
    with shell_in_pty(f"{app_command(tmp_path)}; echo rc=$?") as (pid, fd):
        before = termios.tcgetattr(fd)
        drain_until(fd, lambda drawn: FIRST_FRAME in drawn, 30)
        os.kill(child_of(pid), signal.SIGCONT)
        os.write(fd, b"q")
        drain_until(fd, lambda drawn: b"rc=0" in drawn, 20)
        after = termios.tcgetattr(fd)
    echo_and_lines = termios.ECHO | termios.ICANON | termios.ISIG
    assert after[3] & echo_and_lines == before[3] & echo_and_lines == echo_and_lines

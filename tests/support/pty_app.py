"""The real `tracker` in a real pseudo-terminal, under a shell, for the tests of how it
meets its terminal: hang-ups, stop signals, a stray SIGCONT (tracker.app.hang_up)."""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from tests.support.tmux import REPO


def app_command(saves: Path) -> str:
    """The demo in `saves`, seeded, as `make run` starts it."""
    return f"{sys.executable} -m tracker --demo --saves {saves} --seed 1"


@contextmanager
def shell_in_pty(command: str) -> Iterator[tuple[int, int]]:
    """`sh -c command` on a new pty: (the shell's pid, the pty's master fd). Whatever
    is left of the shell's process group is killed after, and the master closed."""
    pid, fd = pty.fork()
    if pid == 0:  # the child
        os.chdir(REPO)
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", TEXTUAL_ANIMATION="none")
        os.execv("/bin/sh", ["sh", "-c", command])
    try:
        yield pid, fd
    finally:
        with suppress(ProcessLookupError, ChildProcessError):
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        with suppress(OSError):
            os.close(fd)  # unless the test hung it up itself


def drain_until(fd: int, done: Callable[[bytes], bool], timeout: float) -> bytes:
    """Read what the app draws (a full pty would block it) until `done(all of it)`."""
    drawn = b""
    deadline = time.monotonic() + timeout
    while not done(drawn):
        if time.monotonic() > deadline:
            raise AssertionError(f"the app did not get there in {timeout} s")
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            drawn += os.read(fd, 65536)
    return drawn


def child_of(pid: int) -> int:
    """The app's pid: the one process whose parent is the shell `pid` (Linux's /proc)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            return int(stat.parent.name)
    raise AssertionError(f"no child of {pid}")

"""One byte that is not UTF-8 on the terminal must not kill the app.

A Latin-1 terminal sends `é` as 0xE9, 8-bit Meta sends Alt+key with the top
bit set, and line noise sends anything; Textual 8.2.8's input thread decoded
strictly and panicked (UnicodeDecodeError). The real proof runs `tracker --demo`
in a pseudo-terminal, writes bad bytes, and checks that the app is still
there and still quits on q; it is bounded in time and kills only its child.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tracker.app.terminal_driver import ForgivingLinuxDriver, decoder, upstream_still_strict
from tracker.app.tracker_app import make_app

REPO = Path(__file__).resolve().parents[3]
ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the Linux driver is posix-only")


def test_the_app_uses_the_forgiving_driver() -> None:
    assert make_app(demo=False, saves_dir=REPO / "saves").driver_class is ForgivingLinuxDriver


def test_the_decoder_replaces_bad_bytes() -> None:
    decode = decoder().decode  # type: ignore[attr-defined]
    assert decode(b"\xff") == "\ufffd"
    assert decode(b"\xe9q") == "\ufffdq"  # a Latin-1 é then a q: the q survives
    assert decode("é".encode()) == "é"


def test_textual_still_decodes_strictly() -> None:
    """When this fails, Textual fixed its input thread: tracker.app.terminal_driver can go."""
    assert upstream_still_strict()


class Pty:
    """`tracker --demo` on a 100×30 pseudo-terminal; its output drained and kept."""

    def __init__(self, saves: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color")
        env["TEXTUAL_ANIMATION"] = "none"
        env.pop("TEXTUAL_DRIVER", None)
        command = [sys.executable, "-m", "tracker", "--demo", "--saves", str(saves), "--seed", "1"]
        self.child = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, cwd=REPO, env=env,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.output = b""

    def drain(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    return

    def text(self) -> str:
        return ESCAPES.sub(b"", self.output).decode("utf-8", "replace")

    def wait_for(self, text: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text():
            if time.monotonic() > deadline or self.child.poll() is not None:
                raise AssertionError(f"no {text!r} on the terminal:\n{self.text()[-2000:]}")
            self.drain(0.1)

    def close(self) -> None:
        if self.child.poll() is None:
            self.child.kill()  # only the child this test started
            self.child.wait(timeout=10)
        os.close(self.master)


def test_a_byte_that_is_not_utf8_does_not_kill_the_app(tmp_path: Path) -> None:
    term = Pty(tmp_path)
    try:
        term.wait_for("Dinzis")  # the demo's first combatant: the main screen is up
        for bad in (b"\xff", b"\xe9", b"\x1b\xe9", b"\xc3("):
            os.write(term.master, bad)
            term.drain(0.3)
        term.drain(1.0)
        assert term.child.poll() is None, f"the app died:\n{term.text()[-3000:]}"
        os.write(term.master, b"q")
        deadline = time.monotonic() + 30
        while term.child.poll() is None and time.monotonic() < deadline:
            term.drain(0.1)
        assert term.child.poll() == 0, term.text()[-3000:]
        assert "UnicodeDecodeError" not in term.text()
    finally:
        term.close()

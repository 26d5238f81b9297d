"""The real `tracker --demo` in a real terminal (tmux, 120×40), driven as a GM would.

Keys go in with `send-keys`, the screen comes back with `capture-pane -p`,
and the save file is read at the end: begin combat (b, A7), advance (n),
undo (u), redo (U), quit (q, autosaved). The test uses its own tmux server socket and
kills only that server. Skipped cleanly where tmux is not installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.saves.store import load_session

REPO = Path(__file__).resolve().parents[3]
TMUX = shutil.which("tmux")

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


class Terminal:
    """One tmux server (own socket) running one command in a 120×40 window."""

    def __init__(self, command: str) -> None:
        self.socket = f"tracker-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TEXTUAL_ANIMATION="none")
        self.tmux("new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command)

    def tmux(self, *args: str) -> str:
        result = subprocess.run(
            [TMUX or "tmux", "-u", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            env=self.env,
            check=False,
        )
        return result.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "t", key)

    def wait_for(self, *texts: str, gone: bool = False, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if all((t in screen) != gone for t in texts):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"waited for {texts} (gone={gone}); the screen shows:\n{screen}")

    def running(self) -> bool:
        return "t" in self.tmux("list-sessions", "-F", "#{session_name}").split()

    def close(self) -> None:
        self.tmux("kill-server")


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[tuple[Terminal, Path]]:
    command = f"cd {REPO} && exec {sys.executable} -m tracker --demo --saves {tmp_path} --seed 1"
    term = Terminal(command)
    try:
        yield term, tmp_path
    finally:
        term.close()


def test_a_gm_begins_advances_undoes_and_quits_A7(terminal: tuple[Terminal, Path]) -> None:
    term, saves = terminal
    screen = term.wait_for("The card game", "Not in combat", "Dinzis the Ukar")
    assert "Kans the Scraver" in screen and "Baron Molin Decados" in screen
    term.keys("b")
    term.wait_for("Begin combat", "Kans the Scraver")
    term.keys("Space", "Enter")  # Dinzis (the first row) starts the fight
    screen = term.wait_for("in combat", "Combat begins: Dinzis the Ukar starts")
    assert "reacts: d10" in screen  # the reaction rolls, faces and arithmetic (A7)
    term.keys("n")
    screen = term.wait_for("NOW 0", "Dinzis the Ukar acts")
    assert "Action Opportunity for Dinzis the Ukar" in screen
    term.keys("u")
    term.wait_for("NOW 0", gone=True)
    term.keys("U")  # shift+u: redo, with the same faces
    term.wait_for("NOW 0", "Dinzis the Ukar acts")
    term.keys("u")
    term.wait_for("NOW 0", gone=True)
    term.keys("q")
    deadline = time.monotonic() + 20
    while term.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not term.running(), "q did not quit"
    (save,) = saves.glob("*.json")
    session = load_session(save)
    assert session.encounter.in_combat and not session.encounter.due
    assert [s.command.type for s in session.done] == ["start"]
    assert [s.command.type for s in session.undone] == ["advance"]  # redo survives the quit

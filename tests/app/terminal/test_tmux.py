"""The real `tracker --demo` in a real terminal (tmux, 120×40), driven as a GM would.

Keys go in with `send-keys`, the screen comes back with `capture-pane -p`,
and the save file is read at the end: begin combat (b, A7), advance (n),
undo (u), redo (U), quit (q, autosaved). The test uses its own tmux server socket and
kills only that server. Skipped cleanly where tmux is not installed.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rules.saves.store import load_session
from tests.support.tmux import TMUX, Terminal

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


def test_a_gm_begins_advances_undoes_and_quits_A7(terminal: tuple[Terminal, Path]) -> None:
    term, saves = terminal
    # what is asserted is waited for: a capture can catch tmux half way through a frame
    term.wait_for("The card game", "Not in combat", "Kans the Scraver", "Baron Molin Decados")
    term.keys("b")
    term.wait_for("Begin combat", "Kans the Scraver")
    term.keys("Enter")  # Dinzis (the selected first row, ticked) starts the fight
    # the reaction rolls, faces and arithmetic (A7)
    term.wait_for("in combat", "Combat begins: Dinzis the Ukar starts", "reacts: d10")
    term.keys("n")
    term.wait_for("NOW 0", "Dinzis the Ukar acts", "Action Opportunity for Dinzis the Ukar")
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

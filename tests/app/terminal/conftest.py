"""The tmux tests' terminal: the real `tracker --demo` in a tmux pane, seeded, its own saves."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.tmux import REPO, Terminal


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[tuple[Terminal, Path]]:
    command = f"cd {REPO} && exec {sys.executable} -m tracker --demo --saves {tmp_path} --seed 1"
    term = Terminal(command)
    try:
        yield term, tmp_path
    finally:
        term.close()

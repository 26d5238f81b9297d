"""The saves list marks exactly the files loading refuses: what it shows as openable opens.

`list_saves` validates each file as `load_session` does (cached by the
file's stat); a value only the full model refuses (a day below 1, a
negative stat, a bad history step) marks the row as "won't open".
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.saves.folder import list_saves
from rules.saves.store import SaveError, load_session, save_session
from tracker.files.demo import build_demo

Change = Callable[[dict[str, Any]], None]


def _day(d: dict[str, Any]) -> None:
    d["encounter"]["day"] = -5


def _stat(d: dict[str, Any]) -> None:
    d["encounter"]["combatants"]["kans"]["stats"]["Wits"] = -1


def _history(d: dict[str, Any]) -> None:
    d["history"]["done"] = [{"command": {"type": "no-such-command"}, "faces": []}]


def _dice(d: dict[str, Any]) -> None:
    d["dice"] = "telepathic"


def _due(d: dict[str, Any]) -> None:
    d["encounter"]["due"] = ["nobody"]


def _nothing(d: dict[str, Any]) -> None:
    pass


CHANGES = [_day, _stat, _history, _dice, _due]


def saved(folder: Path, change: Change) -> Path:
    path = folder / "fight.json"
    session = Session(build_demo())
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))
    return path


def opens(path: Path) -> bool:
    try:
        load_session(path)
    except SaveError:
        return False
    return True


@pytest.mark.parametrize("change", [*CHANGES, _nothing], ids=lambda c: c.__name__)
def test_a_row_is_openable_exactly_when_the_save_loads(tmp_path: Path, change: Change) -> None:
    path = saved(tmp_path, change)
    (info,) = list_saves(tmp_path)
    assert (info.error is None) == opens(path)
    if info.error is not None:
        assert str(path) in info.error


def test_the_testers_day_minus_five_is_marked_with_its_reason(tmp_path: Path) -> None:
    path = saved(tmp_path, _day)
    (info,) = list_saves(tmp_path)
    assert info.error is not None
    assert "encounter.day: Input should be greater than or equal to 1" in info.error
    assert info.name == path.stem  # no half-read summary (`-5`) is shown as if it opened


def test_a_fixed_file_is_read_again_and_listed_as_openable(tmp_path: Path) -> None:
    path = saved(tmp_path, _day)
    assert list_saves(tmp_path)[0].error is not None
    data = json.loads(path.read_text())
    data["encounter"]["day"] = 2  # fixed by hand: a save never writes over a bad file
    path.write_text(json.dumps(data, indent=1))
    stamp = time.time() + 5  # a new stat, even on a coarse clock
    os.utime(path, (stamp, stamp))
    (info,) = list_saves(tmp_path)
    assert info.error is None and info.day == 2

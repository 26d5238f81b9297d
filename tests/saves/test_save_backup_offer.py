"""A broken save whose `.bak` is intact says so, and the saves list offers that backup.

The fight is not lost when a save is truncated: the previous version sits
beside it. Loading names it (and when it was saved); `list_saves` hands the
browser its summary under the broken save. Nothing here writes either file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from rules.saves.folder import list_saves
from rules.saves.store import SaveError, backup_path, intact_backup, load_session, save_session
from tests.support.saved_fights import crashed


def load_problem(path: Path) -> str:
    try:
        load_session(path)
    except SaveError as error:
        return error.problem
    raise AssertionError(f"{path} loaded")


def test_the_error_names_the_intact_backup_and_when_it_was_saved(tmp_path: Path) -> None:
    path = crashed(tmp_path)
    before = (path.read_bytes(), backup_path(path).read_bytes())
    problem = load_problem(path)
    assert problem.startswith("the file is truncated or not JSON (")
    found = re.search(r"An intact backup from (\d\d:\d\d) is at crash\.json\.bak", problem)
    assert found, problem
    assert "saves browser" in problem and "opens a copy" in problem
    assert (path.read_bytes(), backup_path(path).read_bytes()) == before  # nothing written
    saved = intact_backup(path)
    assert saved is not None and saved[0] == backup_path(path)
    assert saved[1].astimezone().strftime("%H:%M") == found[1]


def test_no_backup_is_named_when_there_is_none_or_it_is_broken_too(tmp_path: Path) -> None:
    path = crashed(tmp_path)
    backup_path(path).write_text("{")
    assert "backup" not in load_problem(path)
    backup_path(path).unlink()
    assert "backup" not in load_problem(path)
    assert intact_backup(path) is None


def test_a_good_save_is_not_offered_its_backup(tmp_path: Path) -> None:
    path = crashed(tmp_path)
    os.replace(backup_path(path), path)  # now crash.json is whole, no .bak
    save_session(load_session(path), path)  # and a .bak exists again
    infos = list_saves(tmp_path)
    assert [(i.path.name, i.error, i.backup) for i in infos] == [("crash.json", None, None)]


def test_the_list_offers_the_backup_under_the_broken_save(tmp_path: Path) -> None:
    path = crashed(tmp_path)
    (info,) = list_saves(tmp_path)  # the .bak is no row of its own
    assert info.path == path and info.error is not None
    assert info.backup is not None
    assert info.backup.path == backup_path(path) and info.backup.error is None
    assert (info.backup.name, info.backup.day) == ("The card game", 1)
    backup_path(path).write_text("{")  # a broken backup is not offered
    (info,) = list_saves(tmp_path)
    assert info.backup is None

"""Deleting a save moves it (and its `.bak`) to SAVES/.trash; restoring brings it back.

The trash is never listed as saves, a restored file never overwrites one, and
what is refused (the save open here, a link, one being saved) stays in place.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest

from rules.saves.folder import list_saves, scan_saves
from rules.saves.lock import lock_path
from rules.saves.store import SaveError, backup_path, load_session
from rules.saves.trash import TRASH, restore, restore_last, trash_save, trashed
from tests.support.tidy_folder import a_save, picture


def test_a_deleted_save_goes_to_the_trash_with_its_backup_and_comes_back(tmp_path: Path) -> None:
    path = a_save(tmp_path, "fight.json", "Fight", with_backup=True)
    raw, backup = path.read_bytes(), backup_path(path).read_bytes()
    item = trash_save(tmp_path, path)
    assert not path.exists() and not backup_path(path).exists()
    assert item.path.parent == tmp_path / TRASH and item.name == "fight.json"
    assert item.path.read_bytes() == raw and backup_path(item.path).read_bytes() == backup
    assert scan_saves(tmp_path) == [] and list_saves(tmp_path) == []  # never listed
    assert trashed(tmp_path) == [item]
    assert restore_last(tmp_path) == (item, path)
    assert path.read_bytes() == raw and backup_path(path).read_bytes() == backup
    assert trashed(tmp_path) == [] and restore_last(tmp_path) is None
    assert os.listdir(tmp_path / TRASH) == []


def test_the_last_deleted_comes_back_first(tmp_path: Path) -> None:
    first = a_save(tmp_path, "first.json", "First")
    second = a_save(tmp_path, "second.json", "Second")
    trash_save(tmp_path, first)
    trash_save(tmp_path, second)
    assert [t.name for t in trashed(tmp_path)] == ["second.json", "first.json"]
    assert restore_last(tmp_path) is not None and second.exists() and not first.exists()
    assert restore_last(tmp_path) is not None and first.exists()


def test_a_restored_save_never_overwrites_the_file_at_its_name(tmp_path: Path) -> None:
    path = a_save(tmp_path, "fight.json", "Fight")
    item = trash_save(tmp_path, path)
    a_save(tmp_path, "fight.json", "A new fight at the old name")
    mine = path.read_bytes()
    restored = restore(tmp_path, item)
    assert restored.name == "fight-restored.json"
    assert path.read_bytes() == mine
    assert load_session(restored).encounter.name == "Fight"


def test_the_save_open_here_a_link_or_a_busy_save_stays_put(tmp_path: Path) -> None:
    open_here = a_save(tmp_path, "open.json", "Open")
    busy = a_save(tmp_path, "busy.json", "Busy")
    link = tmp_path / "link.json"
    link.symlink_to(busy)
    before = picture(tmp_path)
    with pytest.raises(SaveError, match="cannot delete .*open.json: it is the fight open"):
        trash_save(tmp_path, open_here, open_file=open_here)
    with pytest.raises(SaveError, match="it is a symbolic link"):
        trash_save(tmp_path, link)
    fd = os.open(lock_path(busy), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with pytest.raises(SaveError, match="another copy of the tracker is saving it"):
            trash_save(tmp_path, busy)
    finally:
        os.close(fd)
    assert picture(tmp_path) == before and not (tmp_path / TRASH).exists()


def test_a_trash_that_is_a_link_is_refused(tmp_path: Path) -> None:
    path = a_save(tmp_path, "saves/fight.json", "Fight")
    (tmp_path / "elsewhere").mkdir()
    (path.parent / TRASH).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SaveError, match="is a symbolic link or a file, not the trash folder"):
        trash_save(path.parent, path)
    assert path.exists() and os.listdir(tmp_path / "elsewhere") == []


def test_the_trash_lists_only_its_own_entries(tmp_path: Path) -> None:
    bin_ = tmp_path / TRASH
    bin_.mkdir()
    (bin_ / "notes.txt").write_text("x")
    (bin_ / "12-.hidden.json").write_text("x")
    (bin_ / "12-link.json").symlink_to(tmp_path / "nowhere.json")
    (bin_ / "12-fight.json.bak").write_text("x")
    (bin_ / "12-fight.json").write_text("x")
    assert [t.name for t in trashed(tmp_path)] == ["fight.json"]

"""Listing a big saves folder again reads no file again: the cache has no size cliff.

The saves browser lists the folder on start and on every `o`. Each file is
validated once and its summary kept by its stat; the cache once emptied
itself above 4,096 entries, so a folder of 5,000 saves re-validated every
file on every listing (2 s per `o`). Counted here as calls to the
validation, never as time.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import rules.saves.folder as save_folder
from rules.engine.session import Session
from rules.model.state import Encounter
from rules.saves.folder import list_saves
from rules.saves.store import save_session

MANY = 5000


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file `list_saves` validates (reads through `read_save`), in order."""
    reads: list[Path] = []
    real = save_folder.read_save

    def counting(path: Path) -> object:
        reads.append(Path(path))
        return real(path)

    monkeypatch.setattr(save_folder, "read_save", counting)
    return reads


@pytest.fixture
def big_folder(tmp_path: Path) -> Path:
    """5,000 small valid saves: one save's bytes, written under 5,000 names."""
    first = tmp_path / "fight-0.json"
    save_session(Session(Encounter(name="Skirmish")), first)
    data = first.read_bytes()
    for i in range(1, MANY):
        (tmp_path / f"fight-{i}.json").write_bytes(data)
    return tmp_path


def test_a_second_listing_of_5000_saves_validates_none_again(
    big_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = _count_reads(monkeypatch)
    first = list_saves(big_folder)
    assert len(first) == MANY and all(info.error is None for info in first)
    assert len(reads) == MANY
    reads.clear()
    again = list_saves(big_folder)
    assert reads == []
    assert again == first


def test_only_a_changed_or_new_file_is_read_again(
    big_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    list_saves(big_folder)
    reads = _count_reads(monkeypatch)
    changed, new = big_folder / "fight-7.json", big_folder / "fight-new.json"
    changed.write_bytes(b"not json")
    new.write_bytes((big_folder / "fight-8.json").read_bytes())
    infos = {info.path.name: info for info in list_saves(big_folder)}
    assert sorted(reads) == [changed, new]
    assert infos["fight-7.json"].error is not None and infos["fight-new.json"].error is None


def test_the_cache_follows_the_folder(big_folder: Path) -> None:
    """One entry per file there at the last listing: a removed file's entry goes."""
    list_saves(big_folder)
    key = str(big_folder)
    assert len(save_folder._FOLDERS[key]) == MANY
    for i in range(100, MANY):
        os.unlink(big_folder / f"fight-{i}.json")
    assert len(list_saves(big_folder)) == 100
    assert len(save_folder._FOLDERS[key]) == 100


def test_only_the_last_few_folders_are_kept(tmp_path: Path) -> None:
    data = b"{}"
    folders = []
    for k in range(save_folder._KEPT_FOLDERS + 3):
        folder = tmp_path / f"f{k}"
        folder.mkdir()
        (folder / "x.json").write_bytes(data)
        list_saves(folder)
        folders.append(str(folder))
    kept = [key for key in save_folder._FOLDERS if key in folders]
    assert kept == folders[-save_folder._KEPT_FOLDERS :]


def test_a_scan_reads_no_file_and_orders_newest_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`scan_saves` is what the browser's first frame waits for: stats, no reads."""
    for i, name in enumerate(("old.json", "new.json", "mid.json")):
        (tmp_path / name).write_bytes(b"{}")
        os.utime(tmp_path / name, (1_000_000 + i, 1_000_000 + {0: 0, 1: 20, 2: 10}[i]))
    reads = _count_reads(monkeypatch)
    found = save_folder.scan_saves(tmp_path)
    assert [path.name for path, _ in found] == ["new.json", "mid.json", "old.json"]
    assert reads == []
    assert [save_folder.summarize(*f).path.name for f in found] == [
        "new.json",
        "mid.json",
        "old.json",
    ]
    assert len(reads) == 3

"""Renaming and copying a save (the saves browser's F2 and c): real outcomes on disk.

A rename moves the file, its `.bak` and the encounter's own name together; a
save that will not open moves as it is. Every refusal (a bad or taken name, a
link, a file that is no save or not in the folder, the save open here, one being
saved by another copy) says what and where and leaves every file as it was.
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.saves.folder import list_saves
from rules.saves.lock import lock_path
from rules.saves.store import SaveError, backup_path, load_session, read_save
from rules.saves.tidy import duplicate_save, rename_save
from tests.support.saved_fights import crashed
from tests.support.tidy_folder import a_save, picture


def test_a_rename_moves_the_file_its_backup_and_the_encounters_name(tmp_path: Path) -> None:
    old = a_save(tmp_path, "bridge.json", "Bridge", with_backup=True)
    backup = backup_path(old).read_bytes()
    new = rename_save(tmp_path, old, "Bridge ambush, night two")
    assert new == tmp_path / "bridge-ambush-night-two.json"
    assert not old.exists() and not backup_path(old).exists()
    assert backup_path(new).read_bytes() == backup
    session = load_session(new)
    assert session.encounter.name == "Bridge ambush, night two"
    assert session.encounter.day == 2  # the fight itself is as it was
    assert session.done[-1].command.type == "rename-encounter"  # undo takes it back
    assert [info.name for info in list_saves(tmp_path)] == ["Bridge ambush, night two"]


def test_a_new_name_with_the_same_file_renames_only_the_encounter(tmp_path: Path) -> None:
    path = a_save(tmp_path, "ambush.json", "ambush")
    assert rename_save(tmp_path, path, "  Ambush ") == path
    assert load_session(path).encounter.name == "Ambush"
    assert backup_path(path).exists()  # written as a save is: the old version kept


def test_a_save_that_will_not_open_moves_as_it_is(tmp_path: Path) -> None:
    path = crashed(tmp_path)
    raw, backup = path.read_bytes(), backup_path(path).read_bytes()
    new = rename_save(tmp_path, path, "Lost fight")
    assert new.name == "lost-fight.json" and new.read_bytes() == raw
    assert backup_path(new).read_bytes() == backup
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [
        "lost-fight.json",
        "lost-fight.json.bak",
    ]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "type a name"),
        ("   ", "type a name"),
        ("a" * 61, "at most 60 characters (61 typed)"),
        ("../escape", "cannot hold / or \\"),
        ("sub\\dir", "cannot hold / or \\"),
        ("..", "dots alone"),
        ("bell\x07", "control character (U+0007) at position 5"),
    ],
)
def test_a_nonsense_name_is_refused_and_nothing_changes(
    tmp_path: Path, name: str, words: str
) -> None:
    path = a_save(tmp_path, "fight.json", "Fight", with_backup=True)
    before = picture(tmp_path)
    with pytest.raises(SaveError) as refused:
        rename_save(tmp_path, path, name)
    assert words in refused.value.problem and str(path) in str(refused.value)
    assert picture(tmp_path) == before


@pytest.mark.parametrize("taken", ["other.json", "other.json.bak"])
def test_a_name_clash_is_refused_with_the_file_and_folder(tmp_path: Path, taken: str) -> None:
    path = a_save(tmp_path, "fight.json", "Fight")
    (tmp_path / taken).write_text("someone's")
    before = picture(tmp_path)
    with pytest.raises(SaveError) as refused:
        rename_save(tmp_path, path, "Other")
    assert f"{taken} is already in {tmp_path}" in refused.value.problem
    assert picture(tmp_path) == before


def test_a_symbolic_link_is_never_renamed_copied_or_followed(tmp_path: Path) -> None:
    elsewhere = a_save(tmp_path / "elsewhere", "real.json", "Real")
    link = tmp_path / "saves" / "link.json"
    link.parent.mkdir()
    link.symlink_to(elsewhere)
    before = picture(tmp_path)
    for act in (
        lambda: rename_save(link.parent, link, "New"),
        lambda: duplicate_save(link.parent, link),
    ):
        with pytest.raises(SaveError, match="it is a symbolic link"):
            act()
    assert picture(tmp_path) == before


def test_a_file_that_is_no_save_or_not_in_the_folder_is_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    package = folder / "package.json"
    package.write_text(json.dumps({"name": "not a fight"}))
    outside = a_save(tmp_path, "outside.json", "Outside")
    before = picture(tmp_path)
    with pytest.raises(SaveError, match=r"not a tracker save \(no 'format' field\)"):
        rename_save(folder, package, "Fight")
    with pytest.raises(SaveError, match=f"not in the saves folder {folder}"):
        rename_save(folder, outside, "Fight")
    with pytest.raises(SaveError, match="not in the saves folder"):
        duplicate_save(folder, outside)
    assert picture(tmp_path) == before


def test_the_save_open_here_is_not_renamed(tmp_path: Path) -> None:
    path = a_save(tmp_path, "open.json", "Open")
    before = picture(tmp_path)
    with pytest.raises(SaveError, match="it is the fight open in this tracker now"):
        rename_save(tmp_path, path, "Elsewhere", open_file=path)
    assert picture(tmp_path) == before


@pytest.mark.skipif(os.name != "posix", reason="the lock is fcntl.flock")
def test_a_save_another_copy_is_saving_is_not_renamed(tmp_path: Path) -> None:
    path = a_save(tmp_path, "busy.json", "Busy")
    before = picture(tmp_path)
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another open file: conflicts as another process does
        with pytest.raises(SaveError, match="another copy of the tracker is saving it"):
            rename_save(tmp_path, path, "Quiet")
    finally:
        os.close(fd)
    assert picture(tmp_path) == before
    assert rename_save(tmp_path, path, "Quiet").name == "quiet.json"  # free again: it works


def test_a_copy_is_byte_for_byte_and_never_over_a_file(tmp_path: Path) -> None:
    path = a_save(tmp_path, "fight.json", "Fight", with_backup=True)
    (tmp_path / "fight-copy.json").write_text("someone's own file")
    first = duplicate_save(tmp_path, path)
    second = duplicate_save(tmp_path, path)
    assert (first.name, second.name) == ("fight-copy-2.json", "fight-copy-3.json")
    assert first.read_bytes() == second.read_bytes() == path.read_bytes()
    assert (tmp_path / "fight-copy.json").read_text() == "someone's own file"
    assert not backup_path(first).exists()  # the copy is a fresh save: no history of files
    read_save(first)


NAMES = st.one_of(
    st.sampled_from(["Fight", "Other", "fight", "..", "a/b", "", "Third one", "x" * 61]),
    st.text(max_size=12),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(names=st.lists(NAMES, min_size=1, max_size=5))
def test_renames_never_lose_or_overwrite_a_save(
    tmp_path_factory: pytest.TempPathFactory, names: list[str]
) -> None:
    """Whatever is typed, the folder holds the same fights afterwards (by their
    contents apart from the name) and each rename either moved one or changed nothing."""
    folder = tmp_path_factory.mktemp("saves")
    paths = [a_save(folder, "fight.json", "Fight"), a_save(folder, "other.json", "Other")]
    for i, name in enumerate(names):
        path = paths[i % 2]
        before = picture(folder)
        try:
            paths[i % 2] = rename_save(folder, path, name)
        except SaveError:
            assert picture(folder) == before
            continue
        saves = [p for p in folder.iterdir() if p.name.endswith(".json")]
        assert len(saves) == 2
        assert load_session(paths[i % 2]).encounter.name == name.strip()
    days = sorted(load_session(p).encounter.name for p in paths)
    assert len(days) == 2 and paths[0] != paths[1]

"""A save swapped for a symbolic link is never written through: it counts as changed.

The tester's repro: the open save replaced by a link to another fight's save
made the next autosaves write this fight into that file, and after two of
them the other fight (and its `.bak`) existed nowhere; a dangling link made
the app create the fight outside the saves folder. A session writes only the
file it opened; a link it did not open is refused (`SaveConflict`). A save the
GM opened through a link (a command-line path) is resolved once, at open, to
the real file, and that file is what it writes.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Luck, NewDay
from rules.saves.store import SaveConflict, SaveError, backup_path, load_session, save_session
from tracker.files.demo import DEMO_PATH

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symbolic links need POSIX here")


def commands(path: Path) -> list[str]:
    return [step.command.type for step in load_session(path).done]


def fight(path: Path, *steps: str) -> Session:
    """A save at `path` holding `steps` (new-day or luck), opened as a session."""
    shutil.copyfile(DEMO_PATH, path)
    session = load_session(path)
    for step in steps:
        session.do(NewDay() if step == "new-day" else Luck(target="kans", amount=1), ScriptedDice())
    save_session(session, path)
    return session


def test_a_save_swapped_for_a_link_to_another_save_is_not_written_through(tmp_path: Path) -> None:
    mine = fight(tmp_path / "mine.json", "luck")
    other_path = tmp_path / "other.json"
    fight(other_path, "new-day", "new-day")
    other, other_bak = other_path.read_bytes(), backup_path(other_path).read_bytes()
    (tmp_path / "mine.json").unlink()
    (tmp_path / "mine.json").symlink_to(other_path)
    for _ in range(2):  # two autosaves: before the fix the other fight was gone after them
        mine.do(Luck(target="kans", amount=1), ScriptedDice())
        with pytest.raises(SaveConflict) as caught:
            save_session(mine, tmp_path / "mine.json")
        assert "symbolic link" in caught.value.problem
        assert "save this fight under another name" in caught.value.problem
    assert other_path.read_bytes() == other and commands(other_path) == ["new-day"] * 2
    assert backup_path(other_path).read_bytes() == other_bak
    save_session(mine, tmp_path / "mine-2.json")  # saved elsewhere, this fight is whole
    assert commands(tmp_path / "mine-2.json") == ["luck"] * 3


def test_a_dangling_link_never_creates_the_fight_outside_the_folder(tmp_path: Path) -> None:
    saves, outside = tmp_path / "saves", tmp_path / "outside"
    saves.mkdir()
    outside.mkdir()
    mine = fight(saves / "mine.json", "luck")
    (saves / "mine.json").unlink()
    (saves / "mine.json").symlink_to(outside / "planted.json")
    mine.do(Luck(target="kans", amount=1), ScriptedDice())
    with pytest.raises(SaveConflict, match="symbolic link"):
        save_session(mine, saves / "mine.json")
    assert list(outside.iterdir()) == []
    assert (saves / "mine.json").is_symlink()


def test_a_new_save_onto_a_link_is_refused_too(tmp_path: Path) -> None:
    """Save as onto a name that is a link: the session never opened it, so no."""
    target = tmp_path / "elsewhere.json"
    (tmp_path / "new.json").symlink_to(target)
    session = load_session(DEMO_PATH)
    with pytest.raises(SaveError, match="symbolic link"):
        save_session(session, tmp_path / "new.json")
    assert not target.exists()


def test_a_backup_that_is_a_link_is_replaced_not_written_through(tmp_path: Path) -> None:
    mine = fight(tmp_path / "mine.json", "luck")
    victim = tmp_path / "victim.txt"
    victim.write_text("not a save")
    backup_path(tmp_path / "mine.json").unlink()
    backup_path(tmp_path / "mine.json").symlink_to(victim)
    mine.do(Luck(target="kans", amount=1), ScriptedDice())
    save_session(mine, tmp_path / "mine.json")
    assert victim.read_text() == "not a save"
    assert not backup_path(tmp_path / "mine.json").is_symlink()
    assert commands(backup_path(tmp_path / "mine.json")) == ["luck"]


def test_a_save_opened_through_a_link_writes_the_real_file_it_opened(tmp_path: Path) -> None:
    """The GM's own link (a command-line path): resolved once at open, then fixed."""
    real, other = tmp_path / "real.json", tmp_path / "other.json"
    fight(real)
    fight(other, "new-day")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    session = load_session(link)
    session.do(Luck(target="kans", amount=1), ScriptedDice())
    save_session(session, link)
    assert link.is_symlink() and commands(real) == ["luck"]
    link.unlink()
    link.symlink_to(other)  # the link now points elsewhere: the session keeps its file
    session.do(Luck(target="kans", amount=1), ScriptedDice())
    save_session(session, link)
    assert commands(real) == ["luck", "luck"] and commands(other) == ["new-day"]


def test_the_lock_file_is_not_followed_when_it_is_a_link(tmp_path: Path) -> None:
    mine = fight(tmp_path / "mine.json", "luck")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    lock = tmp_path / "mine.json.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(victim)
    mine.do(Luck(target="kans", amount=1), ScriptedDice())
    with pytest.raises(SaveError, match="lock"):
        save_session(mine, tmp_path / "mine.json")
    assert victim.read_text() == "keep me"

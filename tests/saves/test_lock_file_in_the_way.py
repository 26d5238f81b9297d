"""A lock file that cannot be used is named as the problem, not the save beside it.

A hostile run made `fight.json.lock` a folder: save, rename and delete all said
"cannot save …/fight.json: it is a folder, not a save file", though fight.json was an
ordinary file; a lock file of another user said only "permission denied". The GM
would look at the wrong file. A link or a pipe there was already named.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.saves.store import SaveError, load_session, save_session
from rules.saves.tidy import rename_save
from rules.saves.trash import trash_save
from tracker.files.demo import build_demo


def _saved(tmp_path: Path) -> tuple[Session, Path]:
    path = tmp_path / "fight.json"
    session = Session(build_demo())
    save_session(session, path)
    session.do(NewDay(), ScriptedDice())
    return session, path


def _tries(session: Session, path: Path) -> dict[str, Callable[[], object]]:
    return {
        "save": lambda: save_session(session, path),
        "rename": lambda: rename_save(path.parent, path, "fight renamed"),
        "delete": lambda: trash_save(path.parent, path),
    }


@pytest.mark.parametrize("action", ["save", "rename", "delete"])
def test_a_lock_folder_is_named_and_the_save_kept(tmp_path: Path, action: str) -> None:
    session, path = _saved(tmp_path)
    before = path.read_bytes()
    lock = tmp_path / "fight.json.lock"
    lock.unlink()
    lock.mkdir()
    with pytest.raises(SaveError) as refused:
        _tries(session, path)[action]()
    problem = refused.value.problem
    assert "fight.json.lock beside it is a folder" in problem and "remove it" in problem
    assert "it is a folder, not a save file" not in problem
    assert path.read_bytes() == before and lock.is_dir()


def deny_lock_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every open of a `*.lock` fails with EACCES, as for another user's file (the tests
    run as root, which is never denied)."""
    real_open = os.open

    def denied(name: str | Path, flags: int, mode: int = 0o777) -> int:
        if str(name).endswith(".lock"):
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real_open(name, flags, mode)

    monkeypatch.setattr(os, "open", denied)


@pytest.mark.parametrize("action", ["save", "rename", "delete"])
def test_a_lock_file_this_user_may_not_open_is_named(
    tmp_path: Path, action: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another user's 0644 lock file: the open fails with EACCES (root never sees that,
    so the OS's answer is stood in for)."""
    session, path = _saved(tmp_path)
    before = path.read_bytes()
    deny_lock_files(monkeypatch)
    with pytest.raises(SaveError) as refused:
        _tries(session, path)[action]()
    problem = refused.value.problem
    assert "fight.json.lock beside it cannot be opened (permission denied" in problem
    assert "remove it" in problem
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_session(path).done == []


def test_no_lock_file_yet_in_a_folder_that_refuses_it_is_said_of_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lock that cannot be made (a read-only folder) is no stray file to remove."""
    path = tmp_path / "new.json"
    deny_lock_files(monkeypatch)
    with pytest.raises(SaveError, match="new.json: permission denied$"):
        save_session(Session(build_demo()), path)

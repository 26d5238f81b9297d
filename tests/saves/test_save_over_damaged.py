"""A save that does not load is never written over, so its intact `.bak` survives.

A hostile run hand-edited `"time": 0` into `"time": NaN`: loading refused and named
the intact `fight.json.bak`, then a save from another session (a new fight saved
under that name) replaced the file, which rotated the damaged one onto the `.bak`.
The file the GM was told to rescue from was gone. Only the format and version were
checked before replacing; contents that fail validation slipped through.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.model.state import Encounter
from rules.saves import store
from rules.saves.store import SaveError, backup_path, load_session, save_session


def _replace(old: bytes, new: bytes) -> Callable[[bytes], bytes]:
    def damage(raw: bytes) -> bytes:
        assert old in raw
        return raw.replace(old, new, 1)

    return damage


def _without_history(raw: bytes) -> bytes:
    doc = json.loads(raw)
    del doc["history"]
    return json.dumps(doc, indent=1).encode()


DAMAGES = {
    "nan": _replace(b'"time": 0', b'"time": NaN'),
    "infinity": _replace(b'"time": 0', b'"time": Infinity'),
    "huge": _replace(b'"time": 0', b'"time": 1e308'),
    "overflow": _replace(b'"time": 0', b'"time": 1e400'),
    "lone surrogate": _replace(b'"name": "Evening fight"', b'"name": "\\ud800"'),
    "no history": _without_history,
}


@pytest.mark.parametrize("damage", DAMAGES.values(), ids=DAMAGES.keys())
def test_a_damaged_save_and_its_backup_are_left_as_they_are(
    tmp_path: Path, damage: Callable[[bytes], bytes]
) -> None:
    path = tmp_path / "fight.json"
    session = Session(Encounter(name="Evening fight"))
    save_session(session, path)
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)  # the .bak now holds an intact save
    path.write_bytes(damage(path.read_bytes()))
    with pytest.raises(SaveError, match=r"An intact backup .* is at fight\.json\.bak"):
        load_session(path)
    damaged, intact = path.read_bytes(), backup_path(path).read_bytes()

    with pytest.raises(SaveError) as refused:
        save_session(Session(Encounter(name="Another fight")), path)
    assert refused.value.path == path and refused.value.action == "save"
    assert "left untouched" in refused.value.problem
    assert path.read_bytes() == damaged
    assert backup_path(path).read_bytes() == intact
    assert load_session(backup_path(path)).encounter.name == "Evening fight"


def test_a_damaged_save_is_kept_from_the_session_that_had_it_open(tmp_path: Path) -> None:
    """The session that wrote the file is refused too once the file changed under it."""
    path = tmp_path / "fight.json"
    session = Session(Encounter(name="Evening fight"))
    save_session(session, path)
    save_session(session, path)
    path.write_bytes(DAMAGES["nan"](path.read_bytes()))
    damaged, intact = path.read_bytes(), backup_path(path).read_bytes()
    session.do(NewDay(), ScriptedDice())
    with pytest.raises(SaveError, match="left untouched: encounter.time"):
        save_session(session, path)
    assert (path.read_bytes(), backup_path(path).read_bytes()) == (damaged, intact)


def test_an_autosave_over_its_own_file_does_not_read_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The full check costs a parse; the file this session last wrote skips it."""
    path = tmp_path / "fight.json"
    session = Session(Encounter(name="Evening fight"))
    save_session(session, path)

    def no_read(target: Path) -> object:
        raise AssertionError(f"{target} was read again")

    monkeypatch.setattr(store, "read_save", no_read)
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)
    monkeypatch.undo()
    assert [type(step.command).__name__ for step in load_session(path).done] == ["NewDay"]

"""The writer never writes what the reader refuses (issue 23, item 1).

The reader refuses a file over `raw.MAX_BYTES`; a save that grew past it used to be
written anyway, and its `.bak` the next time: both copies of the evening unopenable.
The cap is lowered here (the writer reads the same constant at call time), so no
test writes 64 MiB; the real cap is checked on the size alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.party.between import new_day
from rules.saves import atomic, raw
from rules.saves.folder import free_party_path
from rules.saves.party_store import load_party, save_party
from rules.saves.store import SaveError, backup_path, load_session, save_session
from tests.support.party_steps import company


def twice_saved(tmp_path: Path, session: Session) -> Path:
    """A save and its .bak, both good."""
    path = tmp_path / "fight.json"
    save_session(session, path)
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)
    return path


def test_a_save_past_the_readers_cap_is_refused_and_both_copies_stay(
    tmp_path: Path, fought: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, _ = fought
    path = twice_saved(tmp_path, session)
    kept, kept_bak = path.read_bytes(), backup_path(path).read_bytes()
    monkeypatch.setattr(raw, "MAX_BYTES", len(kept) + 10)  # the next save is a little bigger
    session.do(NewDay(), ScriptedDice())
    with pytest.raises(SaveError) as refused:
        save_session(session, path)
    problem = refused.value.problem
    assert "over the" in problem and "nothing was written" in problem, problem
    assert "undo (u)" in problem and "new encounter" in problem  # what to do
    assert path.read_bytes() == kept and backup_path(path).read_bytes() == kept_bak
    assert load_session(path).encounter.day == session.encounter.day - 1  # still opens
    assert load_session(backup_path(path)).encounter.day == session.encounter.day - 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "fight.json",
        "fight.json.bak",
        "fight.json.lock",
    ]  # no temp file left


def test_whatever_the_cap_a_written_save_opens(
    tmp_path: Path, fought: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the boundary the two sides agree: exactly the cap is written and read."""
    session, _ = fought
    path = tmp_path / "fight.json"
    save_session(session, path)
    size = path.stat().st_size
    for cap in (size - 1, size, size + 1):
        monkeypatch.setattr(raw, "MAX_BYTES", cap)
        try:
            save_session(session, path)
        except SaveError as error:
            assert cap < size and "nothing was written" in error.problem
            continue
        assert cap >= size
        assert load_session(path).encounter == session.encounter


def test_a_party_past_the_cap_is_refused_and_its_file_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    party = company()
    path = free_party_path(tmp_path, "Company")
    save_party(party, path, None)
    kept = path.read_bytes()
    monkeypatch.setattr(raw, "MAX_BYTES", len(kept) + 10)
    grown = new_day(party)
    with pytest.raises(SaveError, match="nothing was written"):
        save_party(grown, path, expected=party.revision)
    assert path.read_bytes() == kept and load_party(path)[0] == party


def test_the_writer_itself_refuses_past_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`atomic.write` too, whoever calls it: no temp file is even made."""
    monkeypatch.setattr(raw, "MAX_BYTES", 100)
    target = tmp_path / "x.json"
    with pytest.raises(SaveError, match="over the"):
        atomic.write(target, b"{" + b" " * 100 + b"}", None, {})
    assert list(tmp_path.iterdir()) == []
    atomic.write(target, b"{" + b" " * 97 + b"}", None, {})  # 99 bytes and the newline: fits
    assert (
        target.stat().st_size == 100
        and raw.read_bytes(target)[0].strip() == b"{" + b" " * 97 + b"}"
    )


def test_the_real_cap_is_the_readers() -> None:
    """64 MiB and one byte more, measured without writing it."""
    assert raw.MAX_BYTES == 64 * 1024 * 1024
    data = b"x" * (raw.MAX_BYTES - 1)  # and the newline: exactly the cap
    assert atomic.fits(Path("f.json"), data, "") is data
    with pytest.raises(SaveError, match="64.0 MiB"):
        atomic.fits(Path("f.json"), data + b"x", "")

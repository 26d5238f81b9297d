"""A folder where the save's `.bak` goes is named as the problem, not the save.

A hostile run made `fight.json.bak` a folder: every autosave then failed with
"cannot save …/fight.json: it is a folder, not a save file", though fight.json
was an ordinary file. The GM would look at the wrong thing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.saves.store import SaveError, load_session, save_session
from tracker.files.demo import build_demo


def test_a_bak_folder_is_named_and_the_save_kept(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    session = Session(build_demo())
    save_session(session, path)
    (tmp_path / "fight.json.bak").mkdir()
    session.do(NewDay(), ScriptedDice())
    with pytest.raises(SaveError) as refused:
        save_session(session, path)
    assert "its backup fight.json.bak is a folder" in str(refused.value)
    assert load_session(path).done == []  # the save is as it was
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "fight.json",
        "fight.json.bak",
        "fight.json.lock",
    ]

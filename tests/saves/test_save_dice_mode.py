"""A save remembers the dice the GM last used (schema 2); older saves resume virtual.

Physical dice are a table's choice for a whole fight: resuming must not
silently hand the rolls back to the computer. Undo never touches the mode
(it is the session's, not the encounter's).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.model.state import SCHEMA_VERSION
from rules.saves.migrations import MIGRATIONS, migrate, v1_to_v2
from rules.saves.store import SaveError, load_session, save_session
from tracker.files.demo import build_demo


def test_the_dice_mode_is_saved_and_loaded(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    session = Session(build_demo(), dice="physical")
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)
    assert json.loads(path.read_text())["dice"] == "physical"
    loaded = load_session(path)
    assert loaded.dice == "physical"
    loaded.undo()  # the mode is no step of the fight
    assert loaded.dice == "physical"
    loaded.dice = "virtual"
    save_session(loaded, path)
    assert load_session(path).dice == "virtual"


def v1_save(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """A save as schema 1 wrote it: no `dice`, version 1 in the file and both encounters."""
    path = tmp_path / "old.json"
    session = Session(build_demo())
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)
    data = json.loads(path.read_text())
    del data["dice"]
    data["schema_version"] = data["encounter"]["schema_version"] = 1
    data["history"]["base"]["schema_version"] = 1
    path.write_text(json.dumps(data, indent=1))
    return path, session.encounter.model_dump(mode="json")


def test_a_schema_1_save_loads_with_virtual_dice_and_saves_as_today(tmp_path: Path) -> None:
    assert SCHEMA_VERSION >= 2  # later schemas (3: the party link, 4: effects) upgrade on
    path, encounter = v1_save(tmp_path)
    original = path.read_text()
    loaded = load_session(path)
    assert loaded.dice == "virtual"  # a missing field means virtual
    assert loaded.encounter.model_dump(mode="json") == encounter
    assert [s.command.type for s in loaded.done] == ["new-day"]
    assert path.read_text() == original  # loading never writes
    loaded.undo()  # the history replays after the upgrade
    assert loaded.encounter.day == 1
    save_session(loaded, path)
    data = json.loads(path.read_text())
    assert (data["schema_version"], data["encounter"]["schema_version"], data["dice"]) == (
        SCHEMA_VERSION,
        SCHEMA_VERSION,
        "virtual",
    )


def test_the_v1_migration_is_pure_and_changes_only_versions() -> None:
    data = {
        "format": "fading-suns-tracker",
        "schema_version": 1,
        "saved_at": None,
        "encounter": {"schema_version": 1, "name": "Old"},
        "history": {"base": {"schema_version": 1, "name": "Old"}, "done": [], "undone": []},
    }
    before = copy.deepcopy(data)
    upgraded = v1_to_v2(data)
    assert data == before
    assert upgraded["schema_version"] == 2 and "dice" not in upgraded
    assert upgraded["encounter"] == {"schema_version": 2, "name": "Old"}
    assert upgraded["history"]["base"] == {"schema_version": 2, "name": "Old"}
    assert MIGRATIONS[1] is v1_to_v2
    assert migrate({"schema_version": 1, "encounter": [1]}, 1, 2)["encounter"] == [1]


def test_a_bad_dice_mode_is_named(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    save_session(Session(build_demo()), path)
    data = json.loads(path.read_text())
    data["dice"] = "loaded"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"^cannot open .*: dice: Input should be 'virtual'"):
        load_session(path)

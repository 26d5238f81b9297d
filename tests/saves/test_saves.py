"""Saves: round trips, undo after load, the backup, the schema, old files, the browser.

Bad files and refusals are in test_save_fuzz.py, crashes in test_save_crash.py.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import (
    COMMAND_ADAPTER,
    EndCombat,
    StartCombat,
)
from rules.model.state import SCHEMA_VERSION, Encounter
from rules.saves import store
from rules.saves.folder import autosave_path, list_saves
from rules.saves.migrations import MIGRATIONS, v0_to_v1
from rules.saves.store import (
    FORMAT,
    SaveError,
    SaveFile,
    backup_path,
    export_schema,
    load_session,
    save_session,
)
from rules.saves.user_folders import default_saves_dir
from tests.support.saved_fights import dump, soldier


# --- factories ---------------------------------------------------------------------
def step_json(step: Any) -> tuple[Any, list[int]]:
    return COMMAND_ADAPTER.dump_python(step.command, mode="json"), list(step.faces)


# --- round trips -------------------------------------------------------------------
def test_round_trip_keeps_encounter_base_history_and_faces(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    session.undo()  # something on the redo stack too
    path = tmp_path / "ambush.json"
    save_session(session, path)
    loaded = load_session(path)
    assert dump(loaded.encounter) == dump(session.encounter)
    assert loaded.base is not None and session.base is not None
    assert dump(loaded.base) == dump(session.base)
    assert [step_json(s) for s in loaded.done] == [step_json(s) for s in session.done]
    assert [step_json(s) for s in loaded.undone] == [step_json(s) for s in session.undone]
    assert loaded.done[3].faces == [7, 2]  # the StartCombat reaction dice (A7)
    assert all(s.journal is None for s in loaded.done)
    assert len(loaded.done) > 10 and len(loaded.undone) == 1


def test_undo_after_load_walks_back_through_every_state(tmp_path: Path, fought: Any) -> None:
    """After a load the journals are rebuilt by replay: undo all reaches the start exactly."""
    session, states = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    loaded = load_session(path)
    for index in range(len(states) - 2, -1, -1):
        loaded.undo()
        assert dump(loaded.encounter) == states[index]
    assert dump(loaded.encounter) == states[0]
    while loaded.can_redo:  # redo uses the saved faces: no die is rolled again
        loaded.redo()
    assert dump(loaded.encounter) == states[-1]


def test_writer_output_is_exactly_the_save_file_model(tmp_path: Path, fought: Any) -> None:
    """The fast writer and the SaveFile model agree byte for byte (key order included)."""
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    raw = path.read_bytes()
    model = SaveFile.model_validate_json(raw)
    assert (model.model_dump_json(indent=store.INDENT) + "\n").encode() == raw
    top = json.loads(raw)
    assert list(top) == ["format", "schema_version", "saved_at", "dice", "encounter", "history"]
    assert top["format"] == FORMAT and top["schema_version"] == SCHEMA_VERSION
    assert list(top["history"]) == ["base", "done", "undone"]


def test_a_saved_session_goes_on_after_load(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    loaded = load_session(path)
    loaded.do(EndCombat(outcome="victory"), ScriptedDice())
    save_session(loaded, path)
    again = load_session(path)
    assert again.encounter.outcome == "victory" and not again.encounter.in_combat
    assert len(again.done) == len(session.done) + 1


# --- atomic writing and the backup -------------------------------------------------
def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_backup_keeps_the_previous_version(tmp_path: Path, fought: Any) -> None:
    session, states = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    assert not backup_path(path).exists()
    first = path.read_bytes()
    session.undo()
    save_session(session, path)
    assert backup_path(path).read_bytes() == first
    assert dump(load_session(backup_path(path)).encounter) == states[-1]
    assert dump(load_session(path).encounter) == states[-2]
    second = path.read_bytes()
    session.undo()
    save_session(session, path)
    assert backup_path(path).read_bytes() == second
    assert leftovers(tmp_path) == []
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["ambush.json", "ambush.json.bak", "ambush.json.lock"]  # rules.saves.lock


def test_backup_is_copied_where_hard_links_fail(
    tmp_path: Path, fought: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    first = path.read_bytes()

    def no_links(*_: Any) -> None:
        raise PermissionError("hard links are not supported here")

    monkeypatch.setattr(os, "link", no_links)
    session.undo()
    save_session(session, path)
    assert backup_path(path).read_bytes() == first
    assert leftovers(tmp_path) == []


def test_a_failed_save_leaves_the_old_file_and_no_temp_files(
    tmp_path: Path, fought: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    before = path.read_bytes()
    real_replace = os.replace

    def full_disk(src: Any, dst: Any) -> None:
        if Path(dst) == path:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", full_disk)
    session.undo()
    with pytest.raises(SaveError, match="no space left on device") as caught:
        save_session(session, path)
    assert caught.value.path == path
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_save_keeps_the_file_mode_it_replaces(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    assert path.stat().st_mode & 0o777 == 0o644  # not the temp file's private 0600
    path.chmod(0o600)
    save_session(session, path)
    assert path.stat().st_mode & 0o777 == 0o600


def test_saving_creates_the_folder_and_sweeps_stale_temp_files(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    folder = tmp_path / "new" / "saves"
    path = folder / "ambush.json"
    save_session(session, path)
    (folder / ".ambush.json.abcd1234.tmp").write_text("half a save")
    (folder / ".ambush.json.abcd1234.link.tmp").write_text("{}")
    other = folder / ".other.json.zzzz9999.tmp"
    other.write_text("another save in progress")
    assert [i.path.name for i in list_saves(folder)] == ["ambush.json"]
    save_session(session, path)
    # this save's leftovers go at once; another save's only once stale (a minute)
    assert leftovers(folder) == [other.name]
    os.utime(other, (0, 0))
    save_session(session, path)
    assert leftovers(folder) == []


# --- the schema --------------------------------------------------------------------
def test_the_exported_schema_describes_a_real_save(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    document = json.loads(path.read_text())
    schema = export_schema()
    try:
        import jsonschema  # type: ignore[import-untyped]
    except ImportError:
        jsonschema = None
    if jsonschema is not None:
        jsonschema.validate(document, schema)
        return
    # without jsonschema: the shape, the definitions, and every key the save uses
    assert set(schema["required"]) == {"format", "schema_version", "encounter", "history"}
    assert set(schema["properties"]) == set(document)
    assert schema["properties"]["format"]["const"] == FORMAT
    defs = schema["$defs"]
    for name in ("Encounter", "Combatant", "History", "SavedStep", "Event", "StartCombat"):
        assert name in defs
    assert set(document["encounter"]) <= set(defs["Encounter"]["properties"])
    for combatant in document["encounter"]["combatants"].values():
        assert set(combatant) <= set(defs["Combatant"]["properties"])
    assert set(document["history"]) == set(defs["History"]["properties"])
    assert json.loads(json.dumps(schema)) == schema  # exportable as a .json file
    tags = set(defs["SavedStep"]["properties"]["command"]["discriminator"]["mapping"])
    assert {step["command"]["type"] for step in document["history"]["done"]} <= tags


# --- old files -----------------------------------------------------------------------
def v0_save() -> dict[str, Any]:
    """The pre-release shape: combatants in a list, no history."""
    erian = soldier("c1", "Erian", wits=7, side="PC").model_dump(mode="json")
    guard = soldier("c9", "Guard").model_dump(mode="json")
    del guard["id"]
    encounter = Encounter(name="Old fight", day=4).model_dump(mode="json")
    encounter.update(schema_version=0, combatants=[erian, guard], next_id=1)
    return {"format": FORMAT, "schema_version": 0, "encounter": encounter}


def test_a_v0_save_is_upgraded_on_load(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    original = json.dumps(v0_save())
    path.write_text(original)
    loaded = load_session(path)
    assert list(loaded.encounter.combatants) == ["c1", "c2"]
    assert loaded.encounter.combatants["c2"].name == "Guard"
    assert loaded.encounter.next_id == 3
    assert loaded.encounter.schema_version == SCHEMA_VERSION
    assert loaded.base is not None and dump(loaded.base) == dump(loaded.encounter)
    assert loaded.done == [] and loaded.undone == []
    assert path.read_text() == original  # loading never writes
    loaded.do(StartCombat(initiators=["c1"]), ScriptedDice([5]))
    save_session(loaded, path)  # the upgraded session saves in today's format
    assert json.loads(path.read_text())["schema_version"] == SCHEMA_VERSION
    assert loaded.undo() and dump(loaded.encounter) == dump(loaded.base)


def test_the_v0_migration_is_pure_and_refuses_shared_ids() -> None:
    data = v0_save()
    before = json.dumps(data)
    upgraded = MIGRATIONS[0](data)
    assert json.dumps(data) == before
    assert upgraded["schema_version"] == 1 and upgraded["saved_at"] is None
    assert upgraded["history"]["base"] == upgraded["encounter"]
    assert upgraded["history"]["base"] is not upgraded["encounter"]
    twins = v0_save()
    twins["encounter"]["combatants"][1]["id"] = "c1"
    with pytest.raises(ValueError, match="share the id 'c1'"):
        v0_to_v1(twins)


def test_every_older_schema_has_its_upgrade() -> None:
    """Bumping SCHEMA_VERSION without a migration would strand every existing save."""
    assert set(MIGRATIONS) == set(range(SCHEMA_VERSION))


def test_a_v0_save_that_cannot_be_upgraded_says_so(tmp_path: Path) -> None:
    data = v0_save()
    data["encounter"]["combatants"] = {"c1": {}}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="cannot upgrade it from schema 0: .*in a list"):
        load_session(path)


# --- the saves browser and file names ------------------------------------------------
def test_list_saves_is_newest_first_and_shows_broken_files(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    save_session(session, tmp_path / "ambush.json")
    session.encounter.combatants["c2"].dead = True  # a fixture, not a rule: one lies dead
    save_session(session, tmp_path / "later.json")
    (tmp_path / "broken.json").write_text('{"format": "fading-suns-tracker", "sche')
    (tmp_path / ".hidden.json").write_text("{}")
    (tmp_path / "readme.txt").write_text("not a save")
    for age, name in enumerate(["broken.json", "later.json", "ambush.json"]):
        os.utime(tmp_path / name, (1_700_000_000 - age * 60, 1_700_000_000 - age * 60))
    infos = list_saves(tmp_path)
    assert [i.path.name for i in infos] == ["broken.json", "later.json", "ambush.json"]
    broken, later, ambush = infos
    assert broken.error is not None and "truncated" in broken.error
    assert later.error is None and ambush.error is None
    assert (later.name, later.day, later.in_combat) == ("Ambush at Leagueheim", 2, True)
    assert later.time == session.encounter.time
    assert (later.alive, later.total) == (3, 4)
    assert (ambush.alive, ambush.total) == (4, 4)
    assert list_saves(tmp_path / "missing") == []


def test_default_saves_dir_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue "Stands on its own": the platform's data folder, not ./saves (was cwd)."""
    monkeypatch.delenv("TRACKER_SAVES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_saves_dir() == tmp_path / "data" / "fs-tracker" / "saves"
    monkeypatch.setenv("TRACKER_SAVES", str(tmp_path / "mine"))
    assert default_saves_dir() == tmp_path / "mine"


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("Ambush at Leagueheim!", "ambush-at-leagueheim.json"),
        ("../../etc/passwd", "etc-passwd.json"),
        ("伏击 战斗", "伏击-战斗.json"),
        ("...", "encounter.json"),
        ("CON", "con-encounter.json"),
        ("Ｆｕｌｌ width", "full-width.json"),
    ],
)
def test_autosave_path_is_a_safe_file_name(tmp_path: Path, name: str, file: str) -> None:
    path = autosave_path(tmp_path, name)
    assert path == tmp_path / file
    assert path.parent == tmp_path


def test_autosave_names_stay_short_enough_for_temp_and_backup_names(tmp_path: Path) -> None:
    path = autosave_path(tmp_path, "戦" * 60)
    assert len(path.name.encode()) <= 125
    session = Session(Encounter(name="戦" * 60))
    save_session(session, path)
    assert load_session(path).encounter.name == "戦" * 60

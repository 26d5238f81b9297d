"""Schema 3: an encounter save remembers the party it came from (issue 17).

A schema-2 save came from no party: it upgrades with `party` left out (None), and
the v2 → v3 migration changes only the version numbers. A save made from a party
keeps its link (uid, file, revision, token) through a save and a load.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.engine.session import Session
from rules.model.state import SCHEMA_VERSION, Encounter
from rules.party.encounters import new_encounter
from rules.saves import store
from rules.saves.migrations import MIGRATIONS, v2_to_v3
from rules.saves.store import FORMAT, History, SaveFile, load_session, save_session
from tests.support.party_steps import FILE, company


def test_a_schema_2_save_loads_from_no_party(tmp_path: Path) -> None:
    assert SCHEMA_VERSION >= 3 and MIGRATIONS[2] is v2_to_v3
    path = tmp_path / "old.json"
    save_session(Session(Encounter(name="Old")), path)
    data = json.loads(path.read_text())
    data["schema_version"] = data["encounter"]["schema_version"] = 2
    data["history"]["base"]["schema_version"] = 2
    del data["encounter"]["party"], data["history"]["base"]["party"]  # v2 had no such field
    path.write_text(json.dumps(data))
    loaded = load_session(path)
    assert loaded.encounter.party is None and loaded.encounter.schema_version == SCHEMA_VERSION


def test_the_v2_migration_is_pure_and_changes_only_versions() -> None:
    data = {
        "schema_version": 2,
        "encounter": {"schema_version": 2, "name": "Old"},
        "history": {"base": {"schema_version": 2, "name": "Old"}, "done": []},
    }
    frozen = json.dumps(data)
    upgraded = v2_to_v3(data)
    assert json.dumps(data) == frozen
    assert upgraded["schema_version"] == 3
    assert upgraded["encounter"] == {"schema_version": 3, "name": "Old"}
    assert upgraded["history"]["base"] == {"schema_version": 3, "name": "Old"}
    assert v2_to_v3({"schema_version": 2, "encounter": [1]})["encounter"] == [1]


def test_an_encounter_from_a_party_keeps_its_link_through_a_save(tmp_path: Path) -> None:
    encounter = new_encounter(company(), FILE, "Ambush", token="enc1")
    path = tmp_path / "ambush.json"
    save_session(Session(encounter), path)
    link = load_session(path).encounter.party
    assert link is not None
    assert (link.uid, link.file, link.revision, link.token) == ("company", FILE, 1, "enc1")


def test_the_link_is_written_exactly_as_the_save_file_model_writes_it(tmp_path: Path) -> None:
    """rules.saves.cache writes the encounter from pieces: the link among them, byte-exact."""
    session = Session(new_encounter(company(), FILE, "Ambush", token="enc1"))
    path = tmp_path / "ambush.json"
    save_session(session, path)
    raw = path.read_bytes()[:-1]
    assert session.base is not None
    model = SaveFile(
        format=FORMAT,
        schema_version=SCHEMA_VERSION,
        saved_at=json.loads(raw)["saved_at"],
        encounter=session.encounter,
        history=History(base=session.base),
    )
    assert raw == model.model_dump_json(indent=store.INDENT).encode()

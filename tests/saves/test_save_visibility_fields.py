"""Schema 5: the players' screen settings are saved; a schema-4 save opens with their defaults.

A v4 save knew nothing of hidden or revealed combatants: it must open with every
combatant shown, foes unknown, rolls closed and foes' ticks always on the track.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.state import SCHEMA_VERSION
from rules.model.visibility_commands import SetHidden, SetOpenRolls
from rules.saves.migrations import MIGRATIONS, v4_to_v5
from rules.saves.store import load_session, save_session
from tracker.files.demo import build_demo


def test_the_v4_migration_is_pure_and_changes_only_versions() -> None:
    data = {
        "format": "fading-suns-tracker",
        "schema_version": 4,
        "encounter": {"schema_version": 4, "name": "Old"},
        "history": {"base": {"schema_version": 4, "name": "Old"}, "done": [], "undone": []},
    }
    before = copy.deepcopy(data)
    upgraded = v4_to_v5(data)
    assert data == before
    assert upgraded["schema_version"] == 5
    assert upgraded["encounter"] == {"schema_version": 5, "name": "Old"}
    assert upgraded["history"]["base"] == {"schema_version": 5, "name": "Old"}
    assert MIGRATIONS[4] is v4_to_v5
    assert SCHEMA_VERSION >= 5


def test_a_schema_4_save_opens_with_everything_shown_as_before(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    save_session(Session(build_demo()), path)
    data = json.loads(path.read_text())
    for encounter in (data["encounter"], data["history"]["base"]):
        encounter["schema_version"] = 4
        encounter["settings"].pop("open_rolls")
        encounter["settings"].pop("foe_ticks")
        for combatant in encounter["combatants"].values():
            del combatant["hidden"], combatant["reveal"]
    data["schema_version"] = 4
    path.write_text(json.dumps(data))
    loaded = load_session(path).encounter
    assert not any(c.hidden for c in loaded.combatants.values())
    assert {c.reveal for c in loaded.combatants.values()} == {"unknown"}
    assert (loaded.settings.open_rolls, loaded.settings.foe_ticks) == (False, "always")


def test_visibility_is_saved_and_undone_like_any_command(tmp_path: Path) -> None:
    session = Session(build_demo())
    cid = next(iter(session.encounter.combatants))
    session.do(SetHidden(id=cid, hidden=True), ScriptedDice())
    session.do(SetOpenRolls(open_rolls=True), ScriptedDice())
    path = tmp_path / "fight.json"
    save_session(session, path)
    loaded = load_session(path)
    assert loaded.encounter.combatants[cid].hidden and loaded.encounter.settings.open_rolls
    loaded.undo()
    loaded.undo()
    assert not loaded.encounter.combatants[cid].hidden
    assert not loaded.encounter.settings.open_rolls

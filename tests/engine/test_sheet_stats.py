"""A1: every stat a weapon or an action rolls on must be on the sheet, or the roll fails later.

New and edited sheets are checked (the engine's add and edit, and the model when asked
with the NEW_SHEET context, as templates are); saves written before the check still load,
and the bundled demo and roster templates pass it. A skill the sheet lacks is legitimate.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from rules.model.commands import AddCombatant, EditCombatant
from rules.model.state import NEW_SHEET, Action, Combatant, Weapon
from rules.saves.store import load_session
from tests.support.engine_steps import do, refused, session
from tracker.files.demo import DEMO_PATH, ROSTER_DIR


def sheet(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "c1",
        "name": "Lio",
        "stats": {"Wits": 6, "Dexterity": 6},
        "skills": {"Melee": 4},
        "weapons": [{"name": "Sword"}],
        "actions": [{"name": "Strike", "kind": "attack", "weapon": "Sword"}],
    }
    data.update(fields)
    return data


def test_missing_stats_names_each_weapon_and_action_by_path() -> None:
    c = Combatant.model_validate(
        sheet(
            stats={"Wits": 6},
            actions=[
                {"name": "Strike", "kind": "attack", "weapon": "Sword"},
                {"name": "Tumble", "kind": "dodge", "stat": "Agility"},
                {"name": "Look", "stat": "wits"},  # any case: the sheet's Wits
            ],
        )
    )
    assert c.missing_stats() == [
        ("weapons.0.stat", "weapon 'Sword'", "Dexterity"),
        ("actions.1.stat", "action 'Tumble'", "Agility"),
    ]


def test_the_new_sheet_context_refuses_what_plain_loading_accepts() -> None:
    data = sheet(stats={"Wits": 6})
    assert Combatant.model_validate(data).weapons[0].stat == "Dexterity"  # an old save loads
    with pytest.raises(ValidationError, match="weapon 'Sword' rolls on 'Dexterity', a stat Lio"):
        Combatant.model_validate(data, context={NEW_SHEET: True})
    unknown_skill = sheet(weapons=[{"name": "Sword", "skill": "Swordplay"}])
    assert Combatant.model_validate(unknown_skill, context={NEW_SHEET: True})  # A1: 0 dice


def test_add_and_edit_refuse_a_sheet_naming_a_missing_stat() -> None:
    s = session(Combatant.model_validate(sheet(id="k", name="Kans")))
    no_dex = Combatant.model_validate(sheet(stats={"Wits": 6}))
    refused(
        s,
        AddCombatant(combatant=no_dex),
        r"Lio's sheet names a missing stat: weapon 'Sword' rolls on 'Dexterity', "
        r"a stat Lio does not have \(has Wits\)",
    )
    agile = Combatant.model_validate(
        sheet(id="k", name="Kans", actions=[Action(name="Tumble", kind="dodge", stat="Agility")])
    )
    refused(s, EditCombatant(combatant=agile), "action 'Tumble' rolls on 'Agility'")
    fixed = agile.model_copy(update={"stats": {"Wits": 6, "Dexterity": 6, "Agility": 5}})
    assert do(s, EditCombatant(combatant=fixed)) == ["GM edits Kans: stats, actions"]


def test_bundled_demo_and_templates_pass_the_new_sheet_check() -> None:
    for path in sorted(ROSTER_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert Combatant.model_validate(data, context={NEW_SHEET: True}).missing_stats() == []
    demo = load_session(DEMO_PATH).encounter
    assert demo.combatants
    for c in demo.combatants.values():
        assert c.missing_stats() == []


def test_an_old_save_with_a_weapon_on_a_missing_stat_still_loads(tmp_path: Path) -> None:
    demo = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
    kans = demo["encounter"]["combatants"]["kans"]
    del kans["stats"]["Dexterity"]  # his pistol and knife still roll on Dexterity
    path = tmp_path / "old.json"
    path.write_text(json.dumps(demo), encoding="utf-8")
    loaded = load_session(path).encounter.combatants["kans"]
    assert "Dexterity" not in loaded.stats and loaded.missing_stats()
    assert Weapon(name="x").stat == "Dexterity"

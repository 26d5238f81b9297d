"""A skill's usual stat on the sheet: old sheets load without it, a new sheet may not
name a stat it lacks (A1), and the lookup is by the GM's spelling, case aside."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.model.state import NEW_SHEET, Combatant


def test_old_sheets_load_with_no_usual_stats() -> None:
    c = Combatant.model_validate({"id": "a", "name": "A", "skills": {"Melee": 3}})
    assert c.skill_stats == {}
    assert c.usual_stat("Melee") is None


def test_usual_stat_is_found_case_aside() -> None:
    c = Combatant(id="a", name="A", skills={"Shoot": 4}, skill_stats={"Shoot": "dexterity"})
    assert c.usual_stat("shoot") == "Dexterity"


def test_a_new_sheet_may_not_name_a_missing_stat() -> None:
    data = {"id": "a", "name": "A", "stats": {"Wits": 5}, "skill_stats": {"Melee": "Dexterity"}}
    with pytest.raises(ValidationError, match="skill 'Melee' rolls on 'Dexterity'"):
        Combatant.model_validate(data, context={NEW_SHEET: True})

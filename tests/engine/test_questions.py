"""The UI's door into the rules gives the rules' own answers (rules.engine.questions).

The dialogs grey a FARAD die before any command exists; the door must refuse
exactly what the command would, in the same words, or the picker lies.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.engine import questions
from rules.engine.context import Context
from rules.engine.farad_in_play import special_refusal
from rules.mechanics.dice import ScriptedDice
from rules.mechanics.farad import SPECIAL_KINDS
from rules.model.commands import SkillRollCommand
from rules.model.state import Action, Combatant, Encounter
from tests.support.engine_steps import refused, session


def being(**fields: Any) -> Combatant:
    sheet: dict[str, Any] = {
        "stats": {"Wits": 7, "Perception": 8},
        "skills": {"Search": 2},
        "actions": [Action(name="Search", cost=3, kind="skill", skill="Search")],
    }
    sheet.update(fields)
    return Combatant(id="k", name="Kiro", **sheet)


SITUATIONS = {
    "out of combat, luck 0": ({}, {}),
    "in combat, luck 2": ({"luck": 2}, {"in_combat": True, "time": 0}),
    "in combat, a chance die used": ({"special_used": "chance-combat"}, {"in_combat": True}),
    "drained to its desperation line": ({"drains": {"Perception": 7}}, {}),
}


@pytest.mark.parametrize("situation", SITUATIONS)
@pytest.mark.parametrize("kind", [*SPECIAL_KINDS, "no such die"])
def test_the_door_refuses_a_die_as_the_command_would(situation: str, kind: str) -> None:
    sheet, fields = SITUATIONS[situation]
    c = being(**sheet)
    enc = Encounter(combatants={c.id: c}, **fields)
    answer = questions.special_die_refusal(enc, c, kind)
    assert answer == special_refusal(Context(enc, ScriptedDice([])), c, kind)
    if answer is not None and kind in SPECIAL_KINDS:
        s = session(c, **fields)
        roll = SkillRollCommand(actor="k", skill="Search", stat="Perception", special=kind)
        refused(s, roll, re.escape(answer))


def test_the_door_names_only_what_it_holds() -> None:
    for name in questions.__all__:
        assert hasattr(questions, name), name

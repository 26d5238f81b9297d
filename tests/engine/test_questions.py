"""The UI's door into the rules gives the rules' own answers (rules.engine.questions).

The dialogs grey a FARAD die before any command exists; the door must refuse
exactly what the command would, in the same words, or the picker lies.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path
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


def test_each_area_answers_with_the_names_the_door_maps_to_it() -> None:
    """`AREAS` is what the lazy lookup trusts: a name missing from it, or mapped to the
    wrong area, would fail only when a screen first asks for it."""
    for area, names in questions.AREAS.items():
        module = importlib.import_module(f"rules.engine.questions.{area}")
        assert sorted(module.__all__) == sorted(names), area
        for name in names:
            assert getattr(questions, name) is getattr(module, name), name
    every = [name for names in questions.AREAS.values() for name in names]
    assert sorted(every) == sorted(set(every)) == questions.__all__  # each name in one area
    assert not set(every) & set(questions.AREAS)  # no answer shadows an area module
    assert set(questions.__all__) <= set(dir(questions))


def test_mypy_reads_every_area_the_door_loads() -> None:
    """The TYPE_CHECKING star imports (what mypy sees) name the same areas as `AREAS`."""
    tree = ast.parse(Path(questions.__file__).read_text(encoding="utf-8"))
    typed = {
        node.module.rsplit(".", 1)[1]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module is not None
        and node.module.startswith("rules.engine.questions.")
    }
    areas = {p.stem for p in Path(questions.__file__).parent.glob("*.py")} - {"__init__"}
    assert typed == set(questions.AREAS) == areas


def test_importing_the_door_loads_no_area() -> None:
    """A screen that asks who acts now must not pay for the death forecast: the areas
    load on first use, one by one."""
    code = (
        "import sys\n"
        "from rules.engine.questions import tied\n"
        "print(sorted(m for m in sys.modules if m.startswith('rules.engine.questions.')))\n"
        "print('rules.engine.death_forecast' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["['rules.engine.questions.turns']", "False"]


def test_a_name_that_is_no_answer_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_question"):
        questions.no_such_question  # noqa: B018
    with pytest.raises(ImportError):
        exec("from rules.engine.questions import no_such_question")

"""A3/R3: what other rolls do to an extended roll in progress.

A3 lets the actor roll again "any number of times" and names nothing that
ends an extended action, so a roll of another skill leaves the running total
alone. A standard roll of the same skill (a fresh attempt) or a new extended
roll (a combatant keeps one) ends it, and the log says at what total.
"""

from __future__ import annotations

from typing import Any

from rules.engine.session import Session
from rules.model.commands import SkillRollCommand
from rules.model.state import Combatant
from tests.support.engine_steps import do, session

FIRST = (1, 1, 2, 3, 4, 5, 6, 6, 7)  # seed (Maria): SS 9 at Perception 6
SECOND = (1, 4, 5, 5, 6, 7, 9, 9, 9)  # SS 16, contributes 14 → total 23


def maria() -> Combatant:
    return Combatant(
        id="m", name="Maria", stats={"Perception": 6, "Dexterity": 6}, skills={"Sneak": 9}
    )


def roll(skill: str = "Sneak", stat: str = "Perception", **f: Any) -> SkillRollCommand:
    return SkillRollCommand(actor="m", skill=skill, stat=stat, **f)


def hiding() -> Session:
    """Maria's first extended Sneak roll: total 9 vs goal 17."""
    s = session(maria())
    do(s, roll(goal=17, mode="extend"), *FIRST)
    return s


def test_a_standard_roll_of_another_skill_keeps_the_extended_roll() -> None:
    """A3: the Search roll leaves the Sneak total at 9; the next extension reaches 23."""
    s = hiding()
    lines = do(s, roll("Search", "Perception", goal=3, dice=1), 9)
    assert len(lines) == 1 and "extended" not in lines[0]
    ext = s.encounter.combatants["m"].extended
    assert ext is not None and (ext.skill, ext.total, ext.rolls) == ("Sneak", 9, [9])
    lines = do(s, roll(mode="extend"), *SECOND)
    assert "→ total 23 after 2 rolls (2 time units, A3) vs goal 17 → VS 6, Good" in lines[1]


def test_a_standard_roll_of_the_same_skill_ends_it_and_says_at_what_total() -> None:
    s = hiding()
    start = s.encounter.model_dump(mode="json")
    lines = do(s, roll(goal=3, dice=1), 9)
    assert lines[0] == (
        "Maria's extended Sneak roll ends at total 9 after 1 roll vs goal 17 → short by 8: "
        "a standard Sneak roll starts afresh (A3)"
    )
    assert "Maria rolls Sneak: 1d10" in lines[1]
    assert s.encounter.combatants["m"].extended is None
    s.undo()
    assert s.encounter.model_dump(mode="json") == start


def test_a_new_extended_roll_says_which_one_it_replaces() -> None:
    s = hiding()
    lines = do(s, roll(stat="Dexterity", mode="extend", dice=1), 9)
    assert lines[0] == (
        "Maria's extended Sneak roll ends at total 9 after 1 roll vs goal 17 → short by 8: "
        "a new extended Sneak roll (Dexterity) replaces it (A3)"
    )
    ext = s.encounter.combatants["m"].extended
    assert ext is not None and (ext.stat, ext.total, ext.goal) == ("Dexterity", 3, None)


def test_other_rolls_leave_it_alone() -> None:
    """Complementary rolls never touched it; a roll with no extended roll logs nothing new."""
    s = hiding()
    start = s.encounter.model_dump(mode="json")
    lines = do(s, roll("Search", mode="complementary", dice=1), 9)
    assert not any("extended" in line for line in lines)
    assert s.encounter.combatants["m"].extended is not None
    s.undo()
    assert s.encounter.model_dump(mode="json") == start

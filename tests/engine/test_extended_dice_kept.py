"""A3: an extended roll's further rolls are the same roll: a dice count the GM set
for the first roll (9 dice, the skill is 6) is kept for every continuation.

Before, the continuation forgot it and rolled the skill's 6 dice.
"""

from __future__ import annotations

from rules.model.commands import SkillRollCommand
from rules.model.state import Combatant
from tests.support.engine_steps import do, session


def maria() -> Combatant:
    return Combatant(id="m", name="Maria", stats={"Perception": 6}, skills={"Sneak": 6})


def roll(**fields: object) -> SkillRollCommand:
    return SkillRollCommand(actor="m", skill="Sneak", stat="Perception", mode="extend", **fields)  # type: ignore[arg-type]


def test_the_continuation_rolls_the_first_rolls_dice_count_A3() -> None:
    s = session(maria())
    do(s, roll(goal=17, dice=9), 1, 1, 2, 3, 4, 5, 6, 6, 7)  # seed: SS 9
    ext = s.encounter.combatants["m"].extended
    assert ext is not None and ext.dice == 9
    lines = do(s, roll(), 1, 4, 5, 5, 6, 7, 9, 9, 9)  # nine faces used, not six
    assert "→ total 23 after 2 rolls" in lines[-1]


def test_a_dice_count_typed_for_the_continuation_is_used_and_kept_A3() -> None:
    s = session(maria())
    do(s, roll(goal=17, dice=9), 1, 1, 2, 3, 4, 5, 6, 6, 7)
    do(s, roll(dice=2), 10, 10)  # 3 VP each at Perception 6 → SS 6, adds 4
    ext = s.encounter.combatants["m"].extended
    assert ext is not None and (ext.total, ext.dice) == (13, 2)


def test_no_override_keeps_none_and_rolls_the_skill_A3() -> None:
    s = session(maria())
    do(s, roll(goal=17), 1, 1, 2, 3, 4, 5)
    ext = s.encounter.combatants["m"].extended
    assert ext is not None and ext.dice is None
    do(s, roll(), 1, 1, 1, 1, 1, 1)

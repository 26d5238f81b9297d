"""What a draft roll would roll, worked out by the code that rolls it (A1-A5, A8-A10, A15).

A dialog's odds and the engine's roll must not disagree: before, the dialogs asked the
roll planner without the roll's skill and stat, so a "+2 Shoot" effect was rolled but not
previewed. `roll_inputs` is what `rules.engine.roll.perform_roll` reads before its dice
(the sheet's stat and skill, the effective stat, the dice); `preview_roll` adds the plan
it rolls with (`plan_roll`, every modifier and its reason) and the goal; `preview_attack`
is an attack's, with the goal the handler rolls at (`attack_goal`). A declared die's result
and exertion's bonus are left to the odds, which hold their whole distribution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.engine.roll_plan import (
    Modifier,
    RollPlan,
    attack_goal,
    attack_goal_modifiers,
    plan_roll,
    turn_penalty,
)
from rules.mechanics.sheet_names import on_sheet
from rules.mechanics.wounds import Location
from rules.model.state import Combatant, Encounter, Weapon

__all__ = ["RollInputs", "RollPreview", "preview_attack", "preview_roll", "roll_inputs"]


@dataclass(frozen=True)
class RollInputs:
    """What a roll reads from the sheet before its dice (A1, A9)."""

    skill: str  # the sheet's spelling, else as named (an unskilled roll)
    stat: str  # the sheet's spelling
    effective: int  # the effective stat (A9): the chart's row
    dice: int  # the skill's rating, unless the roll names its dice


def roll_inputs(c: Combatant, skill: str, stat: str, dice: int | None = None) -> RollInputs | None:
    """The roll's sheet readings; None when `c` has no such stat (the roll is refused)."""
    sheet_stat = on_sheet(c.stats, stat)
    if sheet_stat is None:
        return None
    known = on_sheet(c.skills, skill)
    count = (c.skills[known] if known is not None else 0) if dice is None else dice
    return RollInputs(known or skill, sheet_stat, c.effective(sheet_stat), count)


@dataclass(frozen=True)
class RollPreview:
    """A draft roll as the engine will roll it, its die and exertion aside."""

    inputs: RollInputs
    plan: RollPlan
    goal: int | None
    goal_modifiers: tuple[Modifier, ...] = ()


def preview_roll(
    c: Combatant,
    *,
    skill: str,
    stat: str,
    goal: int | None,
    dice: int | None = None,
    actions: int = 0,
    held: int = 0,
    gm: int = 0,
    extra: Sequence[tuple[str, int]] = (),
    limb: Location | None = None,
    special: str | None = None,
    complement: bool = True,
) -> RollPreview | None:
    """`perform_roll`'s inputs and plan for these arguments (the same names and meaning)."""
    inputs = roll_inputs(c, skill, stat, dice)
    if inputs is None:
        return None
    plan = plan_roll(
        c,
        actions=actions,
        held=held,
        gm=gm,
        extra=extra,
        limb=limb,
        special=special,
        complement=complement,
        skill=inputs.skill,
        stat=inputs.stat,
    )
    return RollPreview(inputs, plan, goal)


def preview_attack(
    enc: Encounter,
    attacker: Combatant,
    weapon: Weapon,
    target: Combatant | None,
    *,
    goal: int | None,
    gm: int = 0,
    limb: Location | None = None,
    special: str | None = None,
) -> RollPreview | None:
    """An attack as the handler rolls it (A8's penalty now, the weapon's skill and stat),
    at the goal it rolls against: the target's effects on it included (issue 15); a dodge's
    VS is the odds' shift (A10)."""
    found = preview_roll(
        attacker,
        skill=weapon.skill,
        stat=weapon.stat,
        goal=goal,
        actions=turn_penalty(enc, attacker),
        gm=gm,
        limb=limb,
        special=special,
    )
    if found is None or target is None or goal is None:
        return found
    against = attack_goal_modifiers(target)
    return RollPreview(found.inputs, found.plan, attack_goal(goal, target), against)

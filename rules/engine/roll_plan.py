"""Every modifier a roll carries, with its reason, worked out in one place (A4, A5, A8, A15, C).

The engine's roll (`rules.engine.roll.perform_roll`), the Anima checks and the
dialogs' odds previews all ask `plan_roll`, so what the GM is shown before a
roll is what the engine adds to it, in the same order and with the same words.
A new rule that shifts rolls joins here once: it becomes one more `Modifier`.

Pure: nothing is changed. The engine passes what only it knows (the A8 penalty
it just spent, the special die it just rolled); a preview reads the planned A8
penalty with `turn_penalty` and leaves the die to the odds (rules.odds.declared).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rules.mechanics.skill import exert_bonus
from rules.mechanics.wounds import Location
from rules.model.state import Combatant, Encounter

__all__ = [
    "LIMB_PENALTY",
    "Modifier",
    "RollPlan",
    "attack_goal",
    "attack_goal_modifiers",
    "anima_plan",
    "called_check_plan",
    "effect_modifiers",
    "held_penalty",
    "limb_refusal",
    "modifier_text",
    "plan_roll",
    "turn_penalty",
]

LIMB_PENALTY = -4  # A15: a roll using a broken or shattered limb


class Modifier(NamedTuple):
    """One addition to a roll's SS and why (`("actions, A8", -4)`); a plain pair to the dice."""

    label: str
    value: int


@dataclass(frozen=True)
class RollPlan:
    """The roll's modifiers in the order the engine adds them, and why it may not be made."""

    modifiers: tuple[Modifier, ...]
    refusal: str | None = None  # A15: a severed limb cannot be used at all

    @property
    def total(self) -> int:
        return sum(m.value for m in self.modifiers)

    def text(self) -> str:
        """`−4 (actions, A8) +2 (complementary, A4)` for an odds note."""
        return modifier_text(self.modifiers)


def modifier_text(modifiers: Sequence[tuple[str, int]]) -> str:
    """`−4 (actions, A8) +2 (complementary, A4)`: each modifier with its reason."""
    return " ".join(f"{value:+d} ({label})".replace("-", "−", 1) for label, value in modifiers)


def turn_penalty(encounter: Encounter, c: Combatant) -> int:
    """A8: the multi-action penalty a roll now would pay (the engine's `use_turn_action`)."""
    turn = encounter.turn
    if encounter.in_combat and turn is not None and turn.actor == c.id:
        return turn.penalty
    return 0


def held_penalty(c: Combatant, use_held: bool) -> int:
    """A8/A10: what spending the held action adds to a reaction's roll (0 for a plain one)."""
    return c.held_penalty if use_held and c.held_action is not None else 0


def limb_refusal(c: Combatant, limb: Location | None) -> str | None:
    """A15: why this limb cannot be used (None: it can, or no limb is named)."""
    if limb is not None and c.limbs.get(limb) == "severed":
        return f"{c.name}'s {limb} is severed: it cannot be used (A15)"
    return None


def effect_modifiers(c: Combatant, skill: str | None, stat: str | None) -> list[Modifier]:
    """The GM's effects on `c` that shift this roll (issue 15), labelled by their names:
    every-roll ones always, a stat's or a skill's when the roll is made on it (any case)."""
    found: list[Modifier] = []
    for e in c.effects:
        m = e.modifier
        if m is None or m.target == "attacked":
            continue
        if m.target == "all" or (
            m.name is not None
            and (stat if m.target == "stat" else skill) is not None
            and m.name.lower() == str(stat if m.target == "stat" else skill).lower()
        ):
            found.append(Modifier(e.name, m.amount))
    return found


def attack_goal_modifiers(target: Combatant) -> tuple[Modifier, ...]:
    """What the target's effects add to the goal of attacks against it (issue 15, A8 goals)."""
    return tuple(
        Modifier(e.name, e.modifier.amount)
        for e in target.effects
        if e.modifier is not None and e.modifier.target == "attacked"
    )


def attack_goal(goal: int, target: Combatant, dodge_vs: int = 0) -> int:
    """The goal an attack rolls against (A8, A10, issue 15): the GM's goal, the target's
    dodge VS and its effects on attacks against it, never below 0. The handler rolls at
    it; the attack dialog previews it."""
    return max(0, goal + dodge_vs + sum(m.value for m in attack_goal_modifiers(target)))


def plan_roll(
    c: Combatant,
    *,
    actions: int = 0,
    held: int = 0,
    gm: int = 0,
    extra: Sequence[tuple[str, int]] = (),
    limb: Location | None = None,
    special: str | None = None,
    rolled: tuple[str, int] | None = None,
    complement: bool = True,
    exert_stat: int | None = None,
    skill: str | None = None,
    stat: str | None = None,
    own_action: bool = True,
) -> RollPlan:
    """The modifiers of `c`'s roll, zero ones left out, in the engine's order:

    1. A8: the multi-action penalty (`actions`) or a held action's (`held`), then the GM's;
    2. the action's own (`extra`, e.g. an extended roll's running total, A3), then the
       GM's effects on `c` (issue 15: `effect_modifiers`, by the roll's `skill` and `stat`);
    3. A15: a broken or shattered `limb` is at −4 (a severed one: `refusal`);
    4. Part C: the declared die's rolled result (`rolled`, the engine only: a preview's
       odds hold the die's whole distribution instead);
    5. R26: a desperation result rolled earlier this turn, unless `special` is a new
       desperation die (its own result is its modifier, never counted twice), or the
       roll is no action of the being (`own_action=False`: a breakage or demise check
       the rules call on it, A15, A16; a die declared on that check still counts, 4.);
    6. A4: a waiting complementary bonus (`complement=False`: this roll does not spend it);
    7. A5: exertion adds the roll's stat (`exert_stat`, as scaled by the die).
    """
    found: list[Modifier] = [
        Modifier("actions, A8", actions),
        Modifier("held action, A8", held),
        Modifier("GM", gm),
        *(Modifier(label, value) for label, value in extra),
    ]
    if c.effects:
        found.extend(effect_modifiers(c, skill, stat))
    refusal = limb_refusal(c, limb)
    state = c.limbs.get(limb) if limb is not None else None
    if state is not None and refusal is None:
        found.append(Modifier(f"{state} {limb}, A15", LIMB_PENALTY))
    if rolled is not None:
        found.append(Modifier(*rolled))
    if c.turn_bonus and special != "desperation" and own_action:
        found.append(Modifier("desperation this turn, R26", c.turn_bonus))
    if complement and c.complement_bonus:
        found.append(Modifier("complementary, A4", c.complement_bonus))
    if exert_stat is not None:
        found.append(Modifier("exert, A5", exert_bonus(exert_stat)))
    return RollPlan(tuple(m for m in found if m.value), refusal)


def anima_plan(
    c: Combatant, *, special: str | None = None, rolled: tuple[str, int] | None = None
) -> RollPlan:
    """The modifiers of an Anima check (B4-B6): a die declared on it (`special`; the engine
    also gives its `rolled` result), then R26's turn result; no complementary bonus (A4 is
    for skill rolls) and no named stat or skill. The engine rolls with it (for the roller
    and, with no die, the opponent); the Anima dialog previews it."""
    return plan_roll(c, special=special, rolled=rolled, complement=False)


def called_check_plan(
    c: Combatant, *, special: str | None = None, rolled: tuple[str, int] | None = None
) -> RollPlan:
    """The modifiers of a breakage (A15) or demise (A16) check the rules call on `c`: its
    Endurance effects and a die declared on the check itself (`special`, `rolled`), never
    the turn's desperation result (R26: the check is no action of the being) nor a waiting
    complementary bonus. The engine rolls with it; the check dialog previews it."""
    return plan_roll(
        c, special=special, rolled=rolled, complement=False, stat="Endurance", own_action=False
    )

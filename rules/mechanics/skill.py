"""Fading Suns skill rolls: VP, Success Score, victory levels (RULES A1-A5, A7, A8, A10).

Every number comes from `rules.mechanics.chart`; this module only reads the tables and
adds up. Dice are rolled through a `DiceSource` so tests and a GM's physical
dice give the same result as virtual ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.mechanics.chart import (
    ACTION_PENALTY,
    COMPLEMENTARY,
    LEVELS,
    MAX_ACTIONS,
    REACTION_BASE,
    VP_CHART,
    clamp_stat,
)
from rules.mechanics.dice import DiceSource, faces_text

Modifier = tuple[str, int]


def _require_int(name: str, value: object) -> int:
    """Refuse non-integers (and bools) with a message naming the argument."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return value


def victory_points(stat: int, face: int) -> int:
    """A1: the VP of one d10 face against a stat; R1 clamps the stat to 0-20."""
    _require_int("stat", stat)
    _require_int("face", face)
    if not 1 <= face <= 10:
        raise ValueError(f"face must be a d10 face 1-10, got {face}")
    return VP_CHART[clamp_stat(stat)][face]


def success_score(stat: int, faces: Sequence[int]) -> int:
    """A1: the sum of the faces' VP. Flat modifiers are the caller's to add."""
    return sum(victory_points(stat, face) for face in faces)


def victory_level(victory_score: int) -> str | None:
    """A2: the highest level whose threshold the VS reaches; None for a failure (VS < 0)."""
    _require_int("victory_score", victory_score)
    found: str | None = None
    for threshold, level, _ability, _damage, _wp in LEVELS:
        if victory_score >= threshold:
            found = level
    return found


def damage_level(victory_score: int) -> tuple[str, int]:
    """A2/A11: damage name and wound points for a damage VS.

    A damage VS below 0 still names a Bruise of 1 WP: A11 step 5 says any hit
    that passes the shield deals at least 1 WP.
    """
    _require_int("victory_score", victory_score)
    _threshold, _level, _ability, name, wound_points = LEVELS[0]
    for threshold, _level, _ability, damage, wp in LEVELS:
        if victory_score >= threshold:
            name, wound_points = damage, wp
    return name, wound_points


def complementary_bonus(success_score: int) -> int:
    """A4: the bonus a supporting roll's SS gives the supported roll (SS 0 gives none)."""
    _require_int("success_score", success_score)
    bonus = 0
    for at_least, value in COMPLEMENTARY:
        if success_score >= at_least:
            bonus = value
    return bonus


def extended_total(success_scores: Sequence[int]) -> int:
    """A3: first SS plus (SS - 2) for each further roll; R3 lets a roll of 0 or 1 lower it."""
    scores = list(success_scores)
    if not scores:
        raise ValueError("success_scores must hold at least the first roll's SS")
    for score in scores:
        _require_int("success_scores", score)
    return scores[0] + sum(score - 2 for score in scores[1:])


def exert_bonus(effective_stat: int) -> int:
    """A5: exertion adds the roll's effective stat as it stood before exerting.

    The stat is clamped to 0-20 as R1 does for lookups, so a stat driven below
    0 by wounds never turns exertion into a penalty, and a doubled stat (Part
    C) adds no more than the chart can read. Seed: Killick SS 9 + Dex 6 = 15.
    """
    _require_int("effective_stat", effective_stat)
    return clamp_stat(effective_stat)


def multi_action_penalty(actions: int) -> int:
    """A8: the SS penalty for each of 1-3 actions taken in one opportunity."""
    _require_int("actions", actions)
    if actions not in ACTION_PENALTY:
        raise ValueError(f"actions must be 1-{MAX_ACTIONS} in one opportunity, got {actions}")
    return ACTION_PENALTY[actions]


def opportunity_cost(costs: Sequence[int], gm: int | None = None) -> int:
    """R7: an opportunity costs the largest of its actions' costs; R6: or the GM's number."""
    if gm is not None:
        return _require_int("gm", gm)
    if not costs:
        raise ValueError("an opportunity holds at least one action (A8)")
    return max(_require_int("cost", cost) for cost in costs)


def reaction_time(awareness: str, wits: int, face: int) -> int:
    """A7: base reaction time of the awareness minus the VP of one die against Wits, min 0."""
    if awareness not in REACTION_BASE:
        known = ", ".join(REACTION_BASE)
        raise ValueError(f"awareness must be one of {known}; got {awareness!r}")
    return max(0, REACTION_BASE[awareness] - victory_points(wits, face))


def can_react(total_time_units: int, skill: int, now: int) -> bool:
    """A10: a combatant may react when its TTU minus the relevant skill (R9) is at most now."""
    _require_int("total_time_units", total_time_units)
    _require_int("skill", skill)
    _require_int("now", now)
    return total_time_units - skill <= now


@dataclass(frozen=True)
class SkillRoll:
    """One resolved skill roll: the faces, their VP, the modifiers and the outcome.

    `margin` is SS - goal (None without a goal); `victory_score` and
    `victory_level` are set only on a success (A2).
    """

    stat: int
    dice: int
    faces: tuple[int, ...]
    vps: tuple[int, ...]
    modifiers: tuple[Modifier, ...]
    success_score: int
    goal: int | None
    margin: int | None
    victory_score: int | None
    victory_level: str | None
    stat_name: str = ""

    @property
    def succeeded(self) -> bool | None:
        """True/False against the goal; None when the roll had no goal."""
        return None if self.goal is None else self.success_score >= self.goal

    @property
    def base_score(self) -> int:
        """The SS from the dice alone, before flat modifiers."""
        return sum(self.vps)

    def explain(self) -> str:
        """The one log line the tracker writes for this roll.

        `6d10 vs Tech 7: 1 5 7 8 8 10 → 0+1+2+3+3+3 = 12 vs goal 13 → fails by 1`
        """
        name = self.stat_name or "stat"
        head = f"{self.dice}d10 vs {name} {self.stat}: "
        if self.faces:
            vps = "+".join(str(v) for v in self.vps)
            sums = f"{faces_text(self.faces)} → {vps} = {self.base_score}"
        else:
            sums = "no dice = 0"
        if self.modifiers:
            mods = " ".join(f"{value:+d} ({label})" for label, value in self.modifiers)
            sums += f" {mods} = {self.success_score}"
        if self.goal is None or self.margin is None:
            return head + sums
        if self.victory_score is None:
            outcome = f"fails by {-self.margin}"
        else:
            outcome = f"VS {self.victory_score}, {self.victory_level}"
        return f"{head}{sums} vs goal {self.goal} → {outcome}"


def _clean_modifiers(modifiers: Sequence[Modifier]) -> tuple[Modifier, ...]:
    cleaned: list[Modifier] = []
    for item in modifiers:
        if not isinstance(item, tuple | list) or len(item) != 2:
            raise ValueError(f"modifiers must be (label, value) pairs, got {item!r}")
        label, value = item
        if not isinstance(label, str):
            raise ValueError(f"modifiers label must be text, got {label!r}")
        _require_int("modifiers value", value)
        cleaned.append((label, value))
    return tuple(cleaned)


def read_skill(
    stat: int,
    faces: Sequence[int],
    goal: int | None = None,
    modifiers: Sequence[Modifier] = (),
    stat_name: str = "",
) -> SkillRoll:
    """A1/A2: resolve a roll from faces already thrown (typed in, replayed or scripted)."""
    _require_int("stat", stat)
    if goal is not None:
        _require_int("goal", goal)
    face_tuple = tuple(faces)
    vps = tuple(victory_points(stat, face) for face in face_tuple)
    mods = _clean_modifiers(modifiers)
    score = sum(vps) + sum(value for _label, value in mods)
    margin = None if goal is None else score - goal
    vs = margin if margin is not None and margin >= 0 else None
    return SkillRoll(
        stat=stat,
        dice=len(face_tuple),
        faces=face_tuple,
        vps=vps,
        modifiers=mods,
        success_score=score,
        goal=goal,
        margin=margin,
        victory_score=vs,
        victory_level=None if vs is None else victory_level(vs),
        stat_name=stat_name,
    )


def roll_skill(
    dice: DiceSource,
    stat: int,
    dice_count: int,
    goal: int | None = None,
    modifiers: Sequence[Modifier] = (),
    stat_name: str = "",
    purpose: str = "",
) -> SkillRoll:
    """A1: throw `dice_count` d10 through the dice source and resolve them.

    Zero dice is a legal roll (an unskilled attempt): SS 0 plus modifiers.
    """
    _require_int("dice_count", dice_count)
    if dice_count < 0:
        raise ValueError(f"dice_count must not be negative, got {dice_count}")
    _require_int("stat", stat)
    label = purpose or (f"{stat_name} roll" if stat_name else "skill roll")
    faces = dice.roll(10, dice_count, label) if dice_count else []
    return read_skill(stat, faces, goal=goal, modifiers=modifiers, stat_name=stat_name)

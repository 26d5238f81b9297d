"""What wounds do: stat loss, bleeding, breakage and demise (RULES A9, A14-A16, R12-R15).

Pure functions and records. The two Endurance pool rolls (breakage, demise)
are read from their faces (`read_*`): the engine rolls them through its dice
source (or the GM types them), so a saved check replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from rules.mechanics.arguments import require, require_non_negative
from rules.mechanics.chart import LEVELS, VP_CHART, clamp_stat
from rules.mechanics.dice import check_face, faces_text

# R14: where a wound can land (the state's `Location`; the mechanics own the list).
Location = Literal["head", "chest", "left arm", "right arm", "left leg", "right leg", "unspecified"]
LOCATIONS: tuple[Location, ...] = get_args(Location)
LIMBS: frozenset[str] = frozenset({"left arm", "right arm", "left leg", "right leg"})

WP_PER_STAT_POINT = 3  # A9/A14: every 3 total WP lower every stat by 1
BLEED_THRESHOLD = 3  # R12: a wound of 3 WP or more bleeds
BLEED_INTERVAL = 10  # A14: bleeding strikes every 10 TU from the anchor
BREAKAGE_THRESHOLD = 4  # A15: 4 WP or more to a limb or the chest
MASSIVE_WOUND_WP = 5  # A16.1: 5 WP or more from one wound
MAX_WOUND_WP = LEVELS[-1][4]  # A2: the most one wound deals (Eviscerate)
MAX_WOUND_NAME = LEVELS[-1][3]

ENDURANCE = "Endurance"  # the stat bleeding, breakage and demise checks read (A14-A16)
MASSIVE_WOUND = "massive wound"
HALF_ENDURANCE = "half endurance"
ZERO_ENDURANCE = "zero endurance"

# A15: a failed limb roll by the wound's WP (6 or more: blown off).
_LIMB_BREAKS: dict[int, str] = {4: "broken", 5: "shattered", 6: "severed"}
BROKEN_RIBS = "broken ribs"


def _check_location(location: str) -> str:
    require(location in LOCATIONS, "location", f"must be one of {LOCATIONS}, got {location!r}")
    return location


def _check_wound(wound_points: int) -> int:
    require(wound_points >= 1, "wound_points", f"must be 1 or more, got {wound_points}")
    return wound_points


def stat_penalty(total_wp: int) -> int:
    """A9: every full 3 WP lower every stat by 1."""
    require_non_negative(total_wp=total_wp)
    return total_wp // WP_PER_STAT_POINT


def effective_stat(base: int, total_wp: int, exhaustion: int, specific_penalty: int = 0) -> int:
    """A9: base - floor(WP/3) - exhaustion - specific penalties; unclamped (R1 clamps later)."""
    require_non_negative(base=base, exhaustion=exhaustion, specific_penalty=specific_penalty)
    return base - stat_penalty(total_wp) - exhaustion - specific_penalty


def starts_bleeding(wound_points: int) -> bool:
    """R12: a single wound of 3 WP or more starts bleeding (and raises the BLR by one)."""
    require_non_negative(wound_points=wound_points)
    return wound_points >= BLEED_THRESHOLD


def next_bleed_tick(anchor: int, now: int) -> int:
    """A14: the first bleed time strictly after `now`, at anchor + 10k with k >= 1.

    The Time Track's one source for bleeding ticks; it takes any anchor the
    encounter holds (no refusal: a check here would stop the track, not the GM).
    """
    if now < anchor:
        return anchor + BLEED_INTERVAL
    return anchor + ((now - anchor) // BLEED_INTERVAL + 1) * BLEED_INTERVAL


def breakage_goal(wound_points: int) -> int:
    """A15: goal 2 + the wound's WP (6 Gore, 7 Maim, 8 Eviscerate)."""
    return 2 + _check_wound(wound_points)


def needs_breakage_roll(location: str, wound_points: int) -> bool:
    """A15/R14: one wound of 4+ WP to a limb or the chest; head and unspecified never."""
    _check_location(location)
    _check_wound(wound_points)
    return wound_points >= BREAKAGE_THRESHOLD and (location == "chest" or location in LIMBS)


def breakage_outcome(location: str, wound_points: int, succeeded: bool) -> str | None:
    """A15: what a breakage roll leaves: broken/shattered/severed limb, broken ribs, or None.

    Raises ValueError when no breakage roll was due for this wound.
    """
    require(
        needs_breakage_roll(location, wound_points),
        "wound_points",
        f"call for no breakage roll: {wound_points} WP to the {location}",
    )
    if succeeded:
        return None
    if location == "chest":
        return BROKEN_RIBS
    return _LIMB_BREAKS[min(wound_points, 6)]


def vital_organ_struck(location: str, wound_points: int) -> bool:
    """A15: an Eviscerate (6 WP) to the chest strikes a vital organ, whatever the roll."""
    _check_location(location)
    return location == "chest" and _check_wound(wound_points) >= 6


def demise_triggers(
    wound_points_from_one_wound: int | None,
    endurance_base: int,
    endurance_before: int,
    endurance_after: int,
    already_half: bool,
    already_zero: bool,
    *,
    damage: bool,
) -> list[str]:
    """A16: the demise checks this loss calls, each its own check, in order.

    - "massive wound": one wound of 5+ WP (pass None for bleeding, A14: it never counts);
    - "half endurance": effective Endurance fell (after < before) to half the
      base or less, read as `after * 2 <= base` (so base 7 crosses at 3), the
      first time (`already_half` is the memory of an earlier crossing);
    - "zero endurance": effective Endurance fell to 0 or below the first time, and
      R31: every `damage` (WP: a wound, a bleeding tick, an effect's tick) that leaves
      it at 0 or below, fallen or not. A loss that is no damage (broken ribs, an
      Exhaustion Point, a desperation drain: `damage=False`) calls only the first time.
    Endurance values are effective (A9), unclamped.
    """
    require_non_negative(endurance_base=endurance_base)
    if wound_points_from_one_wound is not None:
        _check_wound(wound_points_from_one_wound)
    fell = endurance_after < endurance_before
    triggers: list[str] = []
    if wound_points_from_one_wound is not None and wound_points_from_one_wound >= MASSIVE_WOUND_WP:
        triggers.append(MASSIVE_WOUND)
    if fell and not already_half and endurance_after * 2 <= endurance_base:
        triggers.append(HALF_ENDURANCE)
    if endurance_after <= 0 and (damage or (fell and not already_zero)):
        triggers.append(ZERO_ENDURANCE)
    return triggers


def highest_open_line(endurance_base: int, already_half: bool) -> int:
    """A16/R31: the highest effective Endurance at which damage may call a demise check:
    the half line while it has not been crossed, else 0 (checked at every damage, R31)."""
    return max(endurance_base // 2, 0) if not already_half else 0


@dataclass(frozen=True)
class PoolCheck:
    """A demise (A16) or breakage (A15) roll: base-Endurance d10 on the effective Endurance row."""

    kind: str  # "demise" or "breakage"
    endurance_base: int  # how many dice
    endurance_effective: int  # the chart row (clamped per R1; row 0 still scores, R15)
    faces: tuple[int, ...]
    vp: tuple[int, ...]
    success_score: int
    goal: int
    success: bool
    # Part C: a declared die's result (and R26's) after the VP: `("luck die, C2", 10)`
    modifiers: tuple[tuple[str, int], ...] = ()
    stat_name: str = "Endurance"  # "Endurance doubled" after a luck or desperation 10

    def explain(self) -> str:
        """`demise check: 3d10 vs Endurance 0 (5 8 10: 1+2+2 = 5 VP) vs goal 5 → survives`."""
        vp = sum(self.vp)
        if not self.faces:
            pool = "no dice: 0 VP"
        elif len(self.faces) == 1:
            pool = f"{self.faces[0]}: {vp} VP"
        else:
            pool = f"{faces_text(self.faces)}: {'+'.join(str(v) for v in self.vp)} = {vp} VP"
        mods = "".join(f" {value:+d} ({label})" for label, value in self.modifiers)
        total = f"{mods} = {self.success_score}" if mods else ""
        words = {"demise": ("survives", "dies"), "breakage": ("holds", "breaks")}[self.kind]
        outcome = words[0] if self.success else words[1]
        return (
            f"{self.kind} check: {self.endurance_base}d10 vs {self.stat_name} "
            f"{self.endurance_effective} ({pool}){total} vs goal {self.goal} → {outcome}"
        )


def _read_pool(
    kind: str,
    endurance_base: int,
    endurance_effective: int,
    goal: int,
    faces: Sequence[int],
    modifiers: Sequence[tuple[str, int]] = (),
    stat_name: str = "Endurance",
) -> PoolCheck:
    require_non_negative(endurance_base=endurance_base, goal=goal)
    rolled = tuple(faces)
    require(
        len(rolled) == endurance_base,
        "faces",
        f"must hold one d10 per point of base Endurance ({endurance_base}), got {len(rolled)}",
    )
    row = VP_CHART[clamp_stat(endurance_effective)]  # R1; R15: row 0 still scores on 5-10
    vp = tuple(row[check_face(10, face, "faces")] for face in rolled)
    mods = tuple((label, value) for label, value in modifiers)
    score = sum(vp) + sum(value for _, value in mods)
    return PoolCheck(
        kind=kind,
        endurance_base=endurance_base,
        endurance_effective=endurance_effective,
        faces=rolled,
        vp=vp,
        success_score=score,
        goal=goal,
        success=score >= goal,
        modifiers=mods,
        stat_name=stat_name,
    )


def read_demise(
    endurance_base: int,
    endurance_effective: int,
    goal: int,
    faces: Sequence[int],
    modifiers: Sequence[tuple[str, int]] = (),
    stat_name: str = "Endurance",
) -> PoolCheck:
    """A16/R15: read a demise check from its faces; the goal is always explicit.

    `modifiers` join the VP (Part C's die, R26); `stat_name` names a scaled row.
    """
    return _read_pool(
        "demise", endurance_base, endurance_effective, goal, faces, modifiers, stat_name
    )


def read_breakage(
    endurance_base: int,
    endurance_effective: int,
    wound_points: int,
    faces: Sequence[int],
    modifiers: Sequence[tuple[str, int]] = (),
    stat_name: str = "Endurance",
) -> PoolCheck:
    """A15: read a breakage roll from its faces against goal 2 + WP (modifiers as demise)."""
    goal = breakage_goal(wound_points)
    return _read_pool(
        "breakage", endurance_base, endurance_effective, goal, faces, modifiers, stat_name
    )

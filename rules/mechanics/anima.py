"""Anima-style d100 checks (RULES Part B, B1-B5); the d10 characteristic checks (B6)
are in `rules.mechanics.characteristic`.

Pure functions over faces, so a test, a replay or a GM typing physical dice
gives the same result; the `roll_*` conveniences only fetch faces from a
DiceSource and hand them to the pure readers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.mechanics.dice import DiceSource, check_face, faces_text

# B1 lives in rules.mechanics.open_roll (with the words a GM reads when typing a chain);
# its names stay importable from here.
from rules.mechanics.open_roll import OPEN_FROM as OPEN_FROM
from rules.mechanics.open_roll import OpenChain as OpenChain
from rules.mechanics.open_roll import _check_max_extra, _d100_faces, _whole, roll_open
from rules.mechanics.open_roll import continued_purpose as continued_purpose
from rules.mechanics.open_roll import open_chain_length as open_chain_length
from rules.mechanics.open_roll import open_roll_total as open_roll_total
from rules.mechanics.open_roll import open_threshold as open_threshold
from rules.mechanics.open_roll import opens_again as opens_again

CheckKind = Literal["ability", "resistance"]

MASTERY_FROM = 200  # R21: "over 200" read as 200 or more
AUTOMATIC_MARGIN = 50  # B5: resistance beating the difficulty by 50+ needs no roll
FUMBLE_MODIFIERS: dict[int, int] = {1: 15, 2: 0, 3: -15}  # B2
MASTERY_FUMBLE_MODIFIERS: dict[int, int] = {1: 0, 2: -15}  # B3


def _term(modifier: int) -> str:
    """A flat modifier as the log writes it: ` + 7`, ` - 3`, or nothing."""
    return "" if modifier == 0 else f" + {modifier}" if modifier > 0 else f" - {-modifier}"


# --- B2, B3: fumbles and mastery ----------------------------------------------


def is_master(score: int) -> bool:
    """R21: an ability (or resistance) of 200 or more is mastered."""
    return _whole("score", score) >= MASTERY_FROM


def is_fumble(natural: int, mastery: bool = False) -> bool:
    """B2/B3: a first d100 of 1-3 fumbles; with mastery only 1-2."""
    check_face(100, natural, "natural")
    return natural in (MASTERY_FUMBLE_MODIFIERS if mastery else FUMBLE_MODIFIERS)


def fumble_purpose(purpose: str, natural: int, mastery: bool = False) -> str:
    """B2/B3: what the level roll after a fumbling natural is for."""
    rule = "B3" if mastery else "B2"
    return f"{purpose} — {natural} fumbles ({rule}): roll the fumble level (a d100, never open)"


def fumble_level(natural: int, level_roll: int, mastery: bool = False) -> int | None:
    """B2/B3: level roll (never open) + the natural's modifier; None if no fumble.

    R22: reported raw, so it can be negative.
    """
    check_face(100, level_roll, "level_roll")
    if not is_fumble(natural, mastery):
        return None
    modifiers = MASTERY_FUMBLE_MODIFIERS if mastery else FUMBLE_MODIFIERS
    return level_roll + modifiers[natural]


# --- B4, B5: ability and resistance checks ------------------------------------


@dataclass(frozen=True)
class Check:
    """One d100 check as it happened: faces, total and verdict, for state and log."""

    kind: CheckKind
    score: int
    difficulty: int | None  # None: an opposed roll, judged by opposed_ability
    faces: tuple[int, ...]  # the open chain (or the one resistance die), then any level roll
    total: int
    success: bool
    fumble: bool = False
    fumble_level: int | None = None
    automatic: bool = False  # R23: the 50-point rule, no roll
    mastery: bool = False
    name: str = ""
    modifier: int = 0  # Part C: a chance/luck/desperation result, added to the total

    @property
    def roll_faces(self) -> tuple[int, ...]:
        """The faces added to the score (without the fumble level roll)."""
        return self.faces[:-1] if self.fumble else self.faces

    @property
    def margin(self) -> int | None:
        """total - difficulty (a fumble fails whatever this says)."""
        return None if self.difficulty is None else self.total - self.difficulty

    def explain(self) -> str:
        """One log line with the faces and the arithmetic."""
        label = self.name or self.kind.capitalize()
        who = f"{label} {self.score}" + (" (mastery)" if self.mastery else "")
        if self.automatic:
            return (
                f"{who} vs {self.difficulty}: beats it by {self.margin} "
                f"(R23, {AUTOMATIC_MARGIN} or more) → success without a roll"
            )
        rolled = "+".join(str(f) for f in self.roll_faces)
        head = f"{who} + d100 {rolled}{_term(self.modifier)} = {self.total}"
        if self.difficulty is not None:
            head += f" vs {self.difficulty}"
        if self.fumble:
            natural, level_roll = self.faces[0], self.faces[-1]
            modifier = (self.fumble_level or 0) - level_roll
            return (
                f"{head} → natural {natural}: fumble "
                f"(level {level_roll}{modifier:+d} = {self.fumble_level}) → fails"
            )
        margin = self.margin
        if margin is None:
            return f"{head} (opposed)"
        if self.kind == "resistance" and self.faces[0] == 100 and margin < 0:
            return f"{head} → natural 100: success anyway"
        return f"{head} → success by {margin}" if self.success else f"{head} → fails by {-margin}"


def _judge(
    kind: CheckKind,
    score: int,
    difficulty: int | None,
    faces: Sequence[int],
    name: str,
    modifier: int,
    max_extra: int | None = None,
) -> Check:
    """B2-B5, R21-R24 shared by both checks (the 50-point rule is settled before).

    A fumbling natural takes exactly one more face, the level roll, and fails;
    otherwise ability checks read an open chain, resistance checks one face.
    """
    _whole(kind, score)
    _whole("modifier", modifier)
    if difficulty is not None:
        _whole("difficulty", difficulty)
    read, mastery = _d100_faces(faces), is_master(score)
    if not read:
        raise ValueError(f"faces is empty: this {kind} check needs a d100")
    fumble = is_fumble(read[0], mastery)
    if fumble and len(read) != 2:
        raise ValueError(
            f"faces: natural {read[0]} fumbles, so faces must be the natural and "
            f"one fumble level d100, got {len(read)} face(s)"
        )
    if kind == "resistance" and not fumble and len(read) != 1:
        raise ValueError(f"faces must be one d100 (resistance never opens), got {faces_text(read)}")
    opened = kind == "ability" and not fumble
    total = score + (open_roll_total(read, max_extra) if opened else read[0]) + modifier
    natural_100 = kind == "resistance" and read[0] == 100  # B5: always succeeds
    success = not fumble and (difficulty is None or total >= difficulty or natural_100)
    level = fumble_level(read[0], read[1], mastery) if fumble else None
    return Check(
        kind,
        score,
        difficulty,
        read,
        total,
        success,
        fumble=fumble,
        fumble_level=level,
        mastery=mastery,
        name=name,
        modifier=modifier,
    )


def ability_check(
    ability: int,
    difficulty: int | None,
    faces: Sequence[int],
    *,
    name: str = "",
    max_extra: int | None = None,
    modifier: int = 0,
) -> Check:
    """B4: ability + open d100 (+ modifier) against a difficulty (R24: reaching it).

    `faces` is the open chain; when its first face fumbles (B2, R21 mastery),
    exactly one more face, the fumble level roll. `difficulty=None` makes an
    opposed roll: compare two with `opposed_ability`.
    """
    _check_max_extra(max_extra)
    return _judge("ability", ability, difficulty, faces, name, modifier, max_extra)


def resistance_check(
    resistance: int, difficulty: int, faces: Sequence[int], *, name: str = "", modifier: int = 0
) -> Check:
    """B5: resistance + d100 (never open, + modifier) against a difficulty.

    R23 precedence: 50-point rule (no roll, `faces` empty; it weighs the
    resistance alone) → natural 100 succeeds → fumble fails (level roll as the
    second face; mastery at 200+ as for abilities, R21) → R24 `total >= difficulty`.
    """
    _whole("modifier", modifier)
    if not resistance_is_automatic(resistance, difficulty):
        return _judge("resistance", resistance, difficulty, faces, name, modifier)
    if _d100_faces(faces):
        raise ValueError(
            f"faces must be empty: resistance {resistance} beats difficulty "
            f"{difficulty} by {AUTOMATIC_MARGIN} or more, so no die is rolled (R23)"
        )
    mastery = is_master(resistance)
    return Check(
        "resistance",
        resistance,
        difficulty,
        (),
        resistance,
        True,
        automatic=True,
        mastery=mastery,
        name=name,
    )


def resistance_is_automatic(resistance: int, difficulty: int) -> bool:
    """B5/R23: does the 50-point rule spare the roll?"""
    return _whole("resistance", resistance) - _whole("difficulty", difficulty) >= AUTOMATIC_MARGIN


def opposed_ability(a_check: Check, b_check: Check) -> int:
    """B4: A's advantage (positive: A wins by that much; 0: a tie).

    Higher total wins by the difference. A lone fumbler loses by the
    difference of totals, and by at least 1 even if its total was higher;
    two fumbles tie.
    """
    for arg, check in (("a_check", a_check), ("b_check", b_check)):
        if check.automatic:
            raise ValueError(f"{arg} made no roll (50-point rule); it cannot be opposed")
    if a_check.fumble and b_check.fumble:
        return 0
    difference = a_check.total - b_check.total
    if a_check.fumble:
        return min(-1, difference)
    if b_check.fumble:
        return max(1, difference)
    return difference


def roll_ability_check(
    dice: DiceSource,
    ability: int,
    difficulty: int | None,
    *,
    name: str = "",
    max_extra: int | None = None,
    modifier: int = 0,
    purpose: str = "",
) -> Check:
    """B4: roll the open chain, and the fumble level when the natural fumbles.

    `purpose` names the roll for whoever types the dice (default `NAME check`).
    """
    mastery = is_master(ability)
    base = purpose or f"{name or 'ability'} check"
    faces = roll_open(dice, max_extra, base)
    if is_fumble(faces[0], mastery):
        faces += dice.roll(100, 1, fumble_purpose(base, faces[0], mastery))
    return ability_check(
        ability, difficulty, faces, name=name, max_extra=max_extra, modifier=modifier
    )


def roll_resistance_check(
    dice: DiceSource,
    resistance: int,
    difficulty: int,
    *,
    name: str = "",
    modifier: int = 0,
    purpose: str = "",
) -> Check:
    """B5/R23: no die at all under the 50-point rule; else one d100 (+ level roll)."""
    if resistance_is_automatic(resistance, difficulty):
        return resistance_check(resistance, difficulty, (), name=name, modifier=modifier)
    base = purpose or f"{name or 'resistance'} check"
    faces = dice.roll(100, 1, base)
    mastery = is_master(resistance)
    if is_fumble(faces[0], mastery):
        faces += dice.roll(100, 1, fumble_purpose(base, faces[0], mastery))
    return resistance_check(resistance, difficulty, faces, name=name, modifier=modifier)

"""FARAD chance, luck and desperation dice (RULES Part C).

Pure readers turn d10 faces into a modifier and a stat factor; the `roll_*`
conveniences fetch exactly the faces a die needs from a DiceSource. The
eligibility rules (one kind a turn, chance-die lockouts, the desperation line,
the signed luck pool) are small pure functions the engine calls.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from rules.mechanics.dice import DiceError, DiceSource, check_face

SpecialKind = Literal["chance-combat", "chance-roleplay", "luck", "desperation"]
ChanceKind = Literal["combat", "roleplay"]
ChanceState = Literal["available", "used", "locked"]

DOUBLED = 2.0  # C2/C3: a 10 doubles the action's stat (a negative luck 10 halves it)
HALVED = 0.5
UNCHANGED = 1.0
SPECIAL_KINDS: tuple[SpecialKind, ...] = ("chance-combat", "chance-roleplay", "luck", "desperation")
CHANCE_KINDS: tuple[str, ...] = ("combat", "roleplay")
CHANCE_STATES: tuple[str, ...] = ("available", "used", "locked")
FAMILIES: tuple[str, ...] = ("chance", "luck", "desperation")


def _d10_faces(faces: Sequence[int]) -> tuple[int, ...]:
    read = tuple(faces)
    if not read:
        raise ValueError("faces is empty: the die's own d10 comes first")
    for position, face in enumerate(read):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 10:
            raise DiceError(f"faces[{position}] is {face!r}, not a d10 face (1-10)")
    return read


def _follow_ups(read: tuple[int, ...], needed: int, die: str) -> tuple[int, ...]:
    rest = read[1:]
    if len(rest) != needed:
        raise ValueError(
            f"faces: a {die} of {read[0]} needs exactly {needed} follow-up d10, got {len(rest)}"
        )
    return rest


# --- C1: chance dice ------------------------------------------------------------


def chance_die(face: int) -> int:
    """C1: the chance d10's face is the bonus."""
    return check_face(10, face, "face")


# --- C2: luck dice --------------------------------------------------------------


def luck_faces_needed(first_face: int) -> int:
    """C2: follow-up d10 after the luck d10: 1 → 1, 2-3 → 0, 4-7 → 1, 8-10 → 2."""
    check_face(10, first_face, "first_face")
    if first_face in (2, 3):
        return 0
    return 2 if first_face >= 8 else 1


def luck_die(positive: bool, faces: Sequence[int]) -> tuple[int, float]:
    """C2: (signed modifier, stat factor) of a luck die from all its faces.

    faces[0] is the luck d10, then its follow-ups. A 1 turns the die against
    its sign; 4-5 halve one d10, rounding down (R18); a 10 doubles the stat
    (positive) or halves it (negative).
    """
    if not isinstance(positive, bool):
        raise ValueError(f"positive must be True or False, got {positive!r}")
    read = _d10_faces(faces)
    first = read[0]
    rest = _follow_ups(read, luck_faces_needed(first), "luck d10")
    size = rest[0] // 2 if first in (4, 5) else sum(rest)  # R18
    favourable = first != 1
    modifier = size if favourable == positive else -size
    factor = UNCHANGED if first != 10 else DOUBLED if positive else HALVED
    return modifier, factor


# --- C3: desperation dice -------------------------------------------------------


def desperation_faces_needed(first_face: int) -> int:
    """C3: follow-up d10 after the desperation d10: 1 → 1, 2-7 → 0, 8-9 → 1, 10 → 2."""
    check_face(10, first_face, "first_face")
    if first_face == 10:
        return 2
    return 1 if first_face in (1, 8, 9) else 0


def desperation_die(faces: Sequence[int]) -> tuple[int, bool, bool]:
    """C3: (modifier, cost refunded, stat doubled) from all the die's faces.

    R26: the modifier applies to every action of the turn; the doubling to one.
    """
    read = _d10_faces(faces)
    first = read[0]
    rest = _follow_ups(read, desperation_faces_needed(first), "desperation d10")
    modifier = -rest[0] if first == 1 else sum(rest)
    return modifier, 5 <= first <= 7, first == 10


def scaled_stat(stat: int, factor: float) -> int:
    """C2/C3: a stat doubled or halved (rounded down) for one action; clamp per R1 after."""
    if isinstance(stat, bool) or not isinstance(stat, int):
        raise ValueError(f"stat must be a whole number, got {stat!r}")
    if factor == DOUBLED:
        return stat * 2
    if factor == HALVED:
        return stat // 2
    if factor == UNCHANGED:
        return stat
    raise ValueError(f"factor must be 2.0, 1.0 or 0.5, got {factor!r}")


# --- records for the log --------------------------------------------------------


@dataclass(frozen=True)
class SpecialDie:
    """One chance, luck or desperation die as rolled: faces, effect, log line."""

    kind: SpecialKind
    faces: tuple[int, ...]
    modifier: int
    stat_factor: float = UNCHANGED
    refunded: bool = False  # desperation 5-7: the cost comes back
    negative: bool = False  # luck only: a die from a negative pool

    def explain(self) -> str:
        """One log line: the faces, what they mean, and the effect."""
        first, rest = self.faces[0], self.faces[1:]
        if self.kind in ("chance-combat", "chance-roleplay"):
            which = "Combat" if self.kind == "chance-combat" else "Roleplay"
            return f"{which} chance die: d10 {first} → {self.modifier:+d}"
        if self.kind == "luck":
            title = "Negative luck die" if self.negative else "Positive luck die"
        else:
            title = "Desperation die"
        if not rest:
            line = f"{title}: d10 {first} → no change"
        else:
            favourable = first != 1  # C2/C3: only a 1 works against the die
            word = "bonus" if favourable != self.negative else "penalty"
            if self.kind == "luck" and first in (4, 5):
                detail = f"⌊d10 {rest[0]} / 2⌋ = {abs(self.modifier)}"  # R18
            elif len(rest) == 2:
                detail = f"2d10 {rest[0]}+{rest[1]} = {abs(self.modifier)}"
            else:
                detail = f"d10 {rest[0]}"
            if self.kind == "desperation" and first == 1:
                detail += " (blind flailing)"
            if self.stat_factor == DOUBLED:
                detail += " and the stat doubled for one action"
            elif self.stat_factor == HALVED:
                detail += " and the stat halved (round down) for one action"
            line = f"{title}: d10 {first}, {word} {detail} → {self.modifier:+d}"
        if self.kind == "desperation":
            line += "; the cost is refunded" if self.refunded else "; the cost is paid"
        return line


def special_die(kind: SpecialKind, faces: Sequence[int], *, positive: bool = True) -> SpecialDie:
    """Read a special die's faces into its record (typed dice and replays use this).

    `positive` matters for luck only (R17: the pool's sign picks the die).
    """
    read = _d10_faces(faces)
    if kind in ("chance-combat", "chance-roleplay"):
        _follow_ups(read, 0, "chance d10")
        return SpecialDie(kind, read, chance_die(read[0]))
    if kind == "luck":
        modifier, factor = luck_die(positive, read)
        return SpecialDie("luck", read, modifier, factor, negative=not positive)
    if kind == "desperation":
        modifier, refunded, doubled = desperation_die(read)
        factor = DOUBLED if doubled else UNCHANGED
        return SpecialDie("desperation", read, modifier, factor, refunded=refunded)
    raise ValueError(f"kind must be one of {', '.join(SPECIAL_KINDS)}, got {kind!r}")


def _check_chance_kind(kind: str) -> None:
    if kind not in CHANCE_KINDS:
        raise ValueError(f"kind must be 'combat' or 'roleplay', got {kind!r}")


def _whose(die: str, who: str) -> str:
    """A special die's purpose for whoever types it: `luck die: Kans`."""
    return f"{die}: {who}" if who else die


def _follow_up(die: str, who: str, first: int, needed: int, word: str, rule: str) -> str:
    """What a special die's follow-up d10 are for, after the first d10 showed `first`.

    `positive luck die follow-up: Kans — 10 on the first d10: 2 d10 for the bonus (C2)`.
    """
    head = _whose(f"{die} follow-up", who)
    return f"{head} — {first} on the first d10: {needed} d10 for the {word} ({rule})"


def roll_chance(dice: DiceSource, kind: ChanceKind, who: str = "") -> SpecialDie:
    """C1: roll a combat or roleplay chance die (one d10, its face the bonus)."""
    _check_chance_kind(kind)
    face = dice.roll(10, 1, _whose(f"{kind} chance die", who))
    return special_die("chance-combat" if kind == "combat" else "chance-roleplay", face)


def roll_luck(dice: DiceSource, positive: bool, who: str = "") -> SpecialDie:
    """C2: roll the luck d10, then exactly the follow-ups it needs.

    `who` names the die's owner in the purpose a GM reads when typing the faces.
    """
    die = f"{'positive' if positive else 'negative'} luck die"
    faces = dice.roll(10, 1, _whose(die, who))
    first = faces[0]
    needed = luck_faces_needed(first)
    if needed:
        word = "bonus" if (first != 1) == positive else "penalty"  # C2: a 1 turns the die
        word += " (halved, R18)" if first in (4, 5) else ""
        word += f" and the stat {'doubled' if positive else 'halved'}" if first == 10 else ""
        faces += dice.roll(10, needed, _follow_up(die, who, first, needed, word, "C2"))
    return special_die("luck", faces, positive=positive)


def roll_desperation(dice: DiceSource, who: str = "") -> SpecialDie:
    """C3: roll the desperation d10, then exactly the follow-ups it needs."""
    faces = dice.roll(10, 1, _whose("desperation die", who))
    first = faces[0]
    needed = desperation_faces_needed(first)
    if needed:
        word = "penalty (blind flailing)" if first == 1 else "bonus"
        word += " and the stat doubled" if first == 10 else ""
        faces += dice.roll(
            10, needed, _follow_up("desperation die", who, first, needed, word, "C3")
        )
    return special_die("desperation", faces)


# --- eligibility and pools ------------------------------------------------------


def desperation_line(base: int) -> int:
    """R19: "10%" of a whole-number stat is ceil(base / 10) (base 7 → 1)."""
    if isinstance(base, bool) or not isinstance(base, int) or base < 0:
        raise ValueError(f"base must be a whole number 0 or more, got {base!r}")
    return math.ceil(base / 10)


def qualifying_stats(base: Mapping[str, int], effective: Mapping[str, int]) -> list[str]:
    """C3/R19/R20: stats that have dropped to the line: 0 < effective <= line and
    effective < base (R19: a base-1 stat at full strength has not dropped), in `base` order.

    The caller leaves luck points out (C3). Both mappings must name the same stats.
    """
    if set(base) != set(effective):
        missing = sorted(set(base) ^ set(effective))
        raise ValueError(f"effective must name the same stats as base; differs on {missing}")
    return [
        name
        for name, value in base.items()
        if 0 < effective[name] <= desperation_line(value) and effective[name] < value
    ]


def _check_pool(pool: int) -> int:
    if isinstance(pool, bool) or not isinstance(pool, int):
        raise ValueError(f"pool must be a whole number, got {pool!r}")
    if pool == 0:
        raise ValueError("pool is 0: there is no luck die to use")
    return pool


def spend_luck(pool: int) -> int:
    """C2/R17: using a luck die moves the signed pool one step toward 0."""
    return pool - 1 if _check_pool(pool) > 0 else pool + 1


def luck_die_sign(pool: int) -> bool:
    """R17: a positive pool rolls a positive die, a negative pool a negative one."""
    return _check_pool(pool) > 0


def die_family(kind: str) -> str:
    """C intro: the kind a die counts as for the one-kind-a-turn rule."""
    family = "chance" if kind in ("chance", "chance-combat", "chance-roleplay") else kind
    if family not in FAMILIES:
        raise ValueError(f"kind must be chance, luck or desperation (or a chance-…), got {kind!r}")
    return family


# --- C1: chance-die lockouts ----------------------------------------------------


@dataclass(frozen=True)
class ChanceDice:
    """A being's two chance dice today: "available", "used" or "locked"."""

    combat: ChanceState = "available"
    roleplay: ChanceState = "available"

    def __post_init__(self) -> None:
        for field, value in (("combat", self.combat), ("roleplay", self.roleplay)):
            if value not in CHANCE_STATES:
                raise ValueError(f"{field} must be available, used or locked, got {value!r}")


class ChanceView(Protocol):
    """Anything holding the two states (this record, or the encounter's model)."""

    @property
    def combat(self) -> ChanceState: ...

    @property
    def roleplay(self) -> ChanceState: ...


def new_day() -> ChanceDice:
    """C1: every day both dice are fresh; unused ones do not roll over."""
    return ChanceDice("available", "available")


def chance_refusal(state: ChanceView, kind: ChanceKind) -> str | None:
    """Why this chance die cannot be used now, or None when it can."""
    _check_chance_kind(kind)
    status = state.combat if kind == "combat" else state.roleplay
    if status == "used":
        return f"the {kind} chance die is already used today"
    if status == "locked":
        until = "a battle starts" if kind == "combat" else "the battle ends"
        return f"the {kind} chance die is locked until {until}"
    return None


def use_chance(state: ChanceView, kind: ChanceKind) -> ChanceDice:
    """C1: burn a chance die; combat locks roleplay till the battle ends, and
    roleplay locks combat till a battle starts (a used die stays used)."""
    reason = chance_refusal(state, kind)
    if reason:
        raise ValueError(reason)
    if kind == "combat":
        roleplay: ChanceState = "locked" if state.roleplay == "available" else state.roleplay
        return ChanceDice("used", roleplay)
    combat: ChanceState = "locked" if state.combat == "available" else state.combat
    return ChanceDice(combat, "used")


def battle_started(state: ChanceView) -> ChanceDice:
    """C1: a battle starting frees a combat die that roleplay locked."""
    combat: ChanceState = "available" if state.combat == "locked" else state.combat
    return ChanceDice(combat, state.roleplay)


def battle_ended(state: ChanceView) -> ChanceDice:
    """C1: a battle ending (victory, defeat, retreat, truce) frees a locked roleplay die."""
    roleplay: ChanceState = "available" if state.roleplay == "locked" else state.roleplay
    return ChanceDice(state.combat, roleplay)

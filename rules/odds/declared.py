"""Exact odds of a Fading Suns roll with a declared chance/luck/desperation die or exertion.

`rules.odds.skill` knows only the plain roll (A1, A2). What a GM declares before
the roll shifts it, and those small exact convolutions live here: exertion
adds the stat (A5), a chance die adds 1d10 (C1), a luck or desperation die
adds its own modifier distribution and may double or halve the stat (C2, C3,
R18). The dice tables are never copied: every face sequence is read through
`rules.mechanics.farad`, and the opposed-round verdict through `rules.mechanics.opposed`, so the
odds follow the rules exactly. Pure: the TUI's odds view only draws these.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from rules.mechanics import farad
from rules.mechanics.opposed import OpposedState, opposed_round
from rules.mechanics.skill import exert_bonus
from rules.odds.skill import success_distribution

Dist = dict[int, Fraction]
Frozen = tuple[tuple[int, Fraction], ...]  # a Dist as a hashable, sorted tuple (for caches)
ZERO, ONE = Fraction(0), Fraction(1)


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    """The distribution of X + Y for independent X ~ a and Y ~ b (weights multiply)."""
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] += p * q
    return dict(out)


def _faces_needed(kind: str, first: int) -> int:
    """C1-C3: how many follow-up d10 a die's first face calls for (a chance die: none)."""
    if kind == "luck":
        return farad.luck_faces_needed(first)
    if kind == "desperation":
        return farad.desperation_faces_needed(first)
    return 0


@lru_cache(maxsize=8)
def special_branches(kind: str | None, positive: bool = True) -> tuple[tuple[float, Frozen], ...]:
    """Part C: for each stat factor a die can give, its modifier weights (summing to P(factor)).

    Every face sequence the die can show is read through `rules.mechanics.farad`
    (`special_die`), so luck's 4-5 halving (R18) and a 10's doubling are exact.
    No die (None) is one branch: the stat unchanged, a modifier of 0.
    """
    if kind is None:
        return ((farad.UNCHANGED, ((0, ONE),)),)
    if kind not in farad.SPECIAL_KINDS:
        raise ValueError(f"kind must be one of {', '.join(farad.SPECIAL_KINDS)}, got {kind!r}")
    found: dict[float, defaultdict[int, Fraction]] = {}
    for first in range(1, 11):
        needed = _faces_needed(kind, first)
        weight = Fraction(1, 10 ** (1 + needed))
        for rest in product(range(1, 11), repeat=needed):
            die = farad.special_die(kind, (first, *rest), positive=positive)
            found.setdefault(die.stat_factor, defaultdict(Fraction))[die.modifier] += weight
    return tuple((factor, tuple(sorted(mods.items()))) for factor, mods in sorted(found.items()))


@lru_cache(maxsize=1024)
def _roll(
    stat: int, dice: int, modifier: int, exert: bool, special: str | None, positive: bool
) -> Frozen:
    """The cached body of `roll_distribution` (a live dialog asks again on every key)."""
    total: defaultdict[int, Fraction] = defaultdict(Fraction)
    for factor, mods in special_branches(special, positive):
        value = farad.scaled_stat(stat, factor)
        extra = exert_bonus(value) if exert else 0  # A5: the stat as it stands, scaled
        base = success_distribution(value, dice, modifier + extra)
        for ss, p in convolve(base, dict(mods)).items():
            total[ss] += p
    return tuple(sorted(total.items()))


def roll_distribution(
    stat: int,
    dice: int,
    modifier: int = 0,
    exert: bool = False,
    special: str | None = None,
    positive: bool = True,
) -> Dist:
    """The exact SS distribution of a declared roll, as `rules.engine.roll.perform_roll` rolls it.

    `positive` is the luck pool's sign (R17). Without extras this is exactly
    `rules.odds.skill.success_distribution`.
    """
    return dict(_roll(stat, dice, modifier, exert, special, positive))


def victory_distribution(dist: Mapping[int, Fraction], goal: int) -> Dist:
    """A10: a dodge's VS (0 when it fails), the amount it adds to the attacker's goal."""
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for ss, p in dist.items():
        out[max(0, ss - goal)] += p
    return dict(out)


def at_least(dist: Mapping[int, Fraction], goal: int) -> Fraction:
    """A2: P(SS >= goal)."""
    return sum((p for ss, p in dist.items() if ss >= goal), ZERO)


@dataclass(frozen=True)
class RoundOdds:
    """A6: one round of an opposed action: who gains, and who wins it on this round."""

    a_ahead: Fraction
    tie: Fraction
    b_ahead: Fraction
    a_wins: Fraction
    b_wins: Fraction


def round_odds(
    dist_a: Mapping[int, Fraction],
    dist_b: Mapping[int, Fraction],
    margin: int,
    skill_a: int,
    skill_b: int,
) -> RoundOdds:
    """A6/R4: margin += SS_A − SS_B; A wins at margin ≥ skill_B, B at −margin ≥ skill_A.

    Only the round's difference matters, so each difference is played as one
    round through `rules.mechanics.opposed` — the verdict (both conditions at once is no
    win) is decided there, not here.
    """
    diff = convolve(dist_a, {-ss: p for ss, p in dist_b.items()})
    ahead = sum((p for d, p in diff.items() if d > 0), ZERO)
    behind = sum((p for d, p in diff.items() if d < 0), ZERO)
    before = OpposedState(skill_a, skill_b, margin)
    a_wins = b_wins = ZERO
    for d, p in diff.items():
        winner = opposed_round(before, d, 0).winner
        if winner == "A":
            a_wins += p
        elif winner == "B":
            b_wins += p
    return RoundOdds(ahead, ONE - ahead - behind, behind, a_wins, b_wins)

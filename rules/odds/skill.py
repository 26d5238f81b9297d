"""Exact odds of Fading Suns skill rolls and of Anima open d100 rolls (RULES A1, A2, B1).

Everything is an exact `Fraction`. The inner loops work in integer counts
over a common denominator (10**dice, 100**rolls) and build Fractions once at
the end, which keeps a 20-die distribution well under a millisecond in pure
Python.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import accumulate

from rules.mechanics.chart import LEVELS, VP_CHART, clamp_stat
from rules.mechanics.skill import victory_level

# B1: the first roll opens at 90 or more; each further roll one higher; 100 always opens.
OPEN_THRESHOLD = 90
D100 = 100


def _require_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return value


def _die_counts(row: int) -> tuple[int, ...]:
    """A1: how many of the ten faces score 0, 1, 2, 3 and 4 VP on one chart row."""
    counts = [0] * 5
    for face in range(1, 11):
        counts[VP_CHART[row][face]] += 1
    return tuple(counts)


def vp_counts(row: int, dice: int) -> tuple[int, ...]:
    """Ways (out of 10**dice) to score each SS 0..4*dice with `dice` d10 on chart row `row`.

    Uncached. The per-die polynomial is packed into one big integer (each
    coefficient in its own bit field wide enough for 10**dice) and raised to
    the `dice` power by Python's exponentiation by squaring; the fields of the
    result are the convolved counts. Exact, and far faster than a Python loop.
    """
    counts = _die_counts(row)
    width = max(1, (10**dice).bit_length())
    packed = 0
    for vp, count in enumerate(counts):
        packed |= count << (vp * width)
    power = packed**dice
    mask = (1 << width) - 1
    return tuple((power >> (ss * width)) & mask for ss in range(4 * dice + 1))


@lru_cache(maxsize=512)
def _distribution(row: int, dice: int) -> tuple[tuple[int, Fraction], ...]:
    """The SS distribution (without modifier) as (SS, probability), zero rows dropped."""
    denominator = 10**dice
    return tuple(
        (ss, Fraction(count, denominator)) for ss, count in enumerate(vp_counts(row, dice)) if count
    )


def clear_cache() -> None:
    """Forget cached distributions (benchmarks call this so their figure is honest)."""
    _distribution.cache_clear()
    _open_distribution.cache_clear()


def success_distribution(stat: int, dice: int, modifier: int = 0) -> dict[int, Fraction]:
    """A1: exact probability of each Success Score, the flat modifier included.

    R1: the stat is clamped to 0-20 for the lookup. Only reachable scores are
    keys; the values sum to exactly 1.
    """
    _require_int("stat", stat)
    _require_int("dice", dice)
    _require_int("modifier", modifier)
    if dice < 0:
        raise ValueError(f"dice must not be negative, got {dice}")
    return {ss + modifier: p for ss, p in _distribution(clamp_stat(stat), dice)}


def chance_of_success(stat: int, dice: int, goal: int, modifier: int = 0) -> Fraction:
    """A2: P(SS >= goal)."""
    _require_int("goal", goal)
    dist = success_distribution(stat, dice, modifier)
    return sum((p for ss, p in dist.items() if ss >= goal), Fraction(0))


def expected_victory_score(stat: int, dice: int, goal: int, modifier: int = 0) -> Fraction | None:
    """A2: E[VS | success], the average VS of the rolls that succeed.

    Conditional on success because a failure has no VS. None when the goal
    cannot be reached at all (the expectation is undefined there).
    """
    _require_int("goal", goal)
    dist = success_distribution(stat, dice, modifier)
    chance = Fraction(0)
    weighted = Fraction(0)
    for ss, p in dist.items():
        if ss >= goal:
            chance += p
            weighted += (ss - goal) * p
    if chance == 0:
        return None
    return weighted / chance


def victory_level_odds(
    stat: int, dice: int, goal: int, modifier: int = 0
) -> dict[str | None, Fraction]:
    """A2: probability of each victory level, None meaning failure.

    Every level is a key (in table order, failure first), impossible ones at
    0, so a display can list them all; the values sum to exactly 1.
    """
    _require_int("goal", goal)
    odds: dict[str | None, Fraction] = {None: Fraction(0)}
    for _threshold, level, _ability, _damage, _wp in LEVELS:
        odds[level] = Fraction(0)
    for ss, p in success_distribution(stat, dice, modifier).items():
        odds[victory_level(ss - goal)] += p
    return odds


def open_roll_counts(max_extra_rolls: int) -> list[int]:
    """B1: ways (out of 100**(max_extra_rolls+1)) for an open d100 chain to total each index.

    Uncached. Works back from the last allowed roll (which never opens): the
    chain from roll i totals t either with a face that does not open, or with
    an opening face x (a run x = lo..100) followed by a chain from roll i+1
    totalling t - x. That run is a sliding window, read from prefix sums.
    """
    _require_int("max_extra_rolls", max_extra_rolls)
    if max_extra_rolls < 0:
        raise ValueError(f"max_extra_rolls must not be negative, got {max_extra_rolls}")
    last = max_extra_rolls
    later = [0] + [1] * D100  # the last allowed roll: any face, no further opening
    for index in range(last - 1, -1, -1):
        low = min(OPEN_THRESHOLD + index, D100)  # B1: 100 always opens
        weight = D100 ** (last - index)  # one face here stands for this many chains
        size = len(later)
        # prefix sums of `later`, padded so an index below 0 reads 0 and past the end reads all.
        prefix = list(accumulate(later, initial=0))
        padded = [0] * D100 + prefix + [prefix[-1]] * D100
        # opening faces low..100 reach `total` from later[total-100 .. total-low].
        tops = padded[D100 - low + 1 : D100 - low + 1 + size + D100]
        bottoms = padded[: size + D100]
        here = [top - bottom for top, bottom in zip(tops, bottoms, strict=True)]
        for total in range(1, low):
            here[total] += weight
        later = here
    return later


@lru_cache(maxsize=32)
def _open_distribution(max_extra_rolls: int) -> tuple[tuple[int, Fraction], ...]:
    denominator = D100 ** (max_extra_rolls + 1)
    counts = open_roll_counts(max_extra_rolls)
    return tuple(
        (total, Fraction(count, denominator)) for total, count in enumerate(counts) if count
    )


def open_roll_distribution(max_extra_rolls: int = 10) -> dict[int, Fraction]:
    """B1: exact distribution of an open d100 total, chain cut after `max_extra_rolls` extra rolls.

    The last allowed roll does not open further. Fumbles (B2) do not change the
    total, so they play no part here. Sums to exactly 1.
    """
    _require_int("max_extra_rolls", max_extra_rolls)
    if max_extra_rolls < 0:
        raise ValueError(f"max_extra_rolls must not be negative, got {max_extra_rolls}")
    return dict(_open_distribution(max_extra_rolls))

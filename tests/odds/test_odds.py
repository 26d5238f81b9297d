"""Exact odds against brute force and against icepool (RULES A1, A2, B1, R1)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.mechanics.chart import LEVELS, VP_CHART
from rules.mechanics.skill import success_score, victory_level
from rules.odds.skill import (
    chance_of_success,
    expected_victory_score,
    open_roll_distribution,
    success_distribution,
    victory_level_odds,
)
from tests.support.soak import examples

# --- success distributions -----------------------------------------------------------------


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(-3, 25), st.integers(0, 12), st.integers(-10, 10))
def test_distribution_sums_to_exactly_one(stat: int, dice: int, modifier: int) -> None:
    dist = success_distribution(stat, dice, modifier)
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in dist.values())
    assert min(dist) >= modifier and max(dist) <= modifier + 4 * dice


@pytest.mark.parametrize("stat", [0, 3, 7, 13, 16, 20])
@pytest.mark.parametrize("dice", [0, 1, 2, 3])
def test_distribution_matches_brute_force(stat: int, dice: int) -> None:
    """A1: enumerate every face combination through the skill module's own sum."""
    counts = Counter(
        success_score(stat, faces) for faces in itertools.product(range(1, 11), repeat=dice)
    )
    expected = {ss: Fraction(n, 10**dice) for ss, n in counts.items()}
    assert success_distribution(stat, dice) == expected


def _icepool_distribution(stat: int, dice: int) -> dict[int, Fraction]:
    die = icepool.Die([VP_CHART[stat][face] for face in range(1, 11)])
    total = dice @ die
    denominator = total.denominator()
    return {ss: Fraction(n, denominator) for ss, n in total.items() if n}


@pytest.mark.parametrize("stat", [0, 1, 5, 7, 10, 13, 15, 17, 20])
@pytest.mark.parametrize("dice", [1, 4, 6, 10, 15, 20])
def test_distribution_agrees_with_icepool(stat: int, dice: int) -> None:
    assert success_distribution(stat, dice) == _icepool_distribution(stat, dice)


def test_modifier_shifts_the_distribution() -> None:
    base = success_distribution(9, 5)
    assert success_distribution(9, 5, -4) == {ss - 4: p for ss, p in base.items()}


def test_r1_clamps_the_stat() -> None:
    assert success_distribution(-3, 4) == success_distribution(0, 4)
    assert success_distribution(27, 4) == success_distribution(20, 4)


def test_zero_dice_is_the_modifier_for_certain() -> None:
    assert success_distribution(7, 0) == {0: Fraction(1)}
    assert success_distribution(7, 0, 6) == {6: Fraction(1)}


def test_bad_arguments_name_themselves() -> None:
    with pytest.raises(ValueError, match="dice must not be negative"):
        success_distribution(7, -1)
    with pytest.raises(ValueError, match="modifier"):
        success_distribution(7, 3, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="goal"):
        chance_of_success(7, 3, None)  # type: ignore[arg-type]


# --- chance, expected VS and level odds ----------------------------------------------------


def test_enzo_odds() -> None:
    """A2: Tech 7, 6 dice, goal 17: six 3s, or five 3s and a 2 → 0.3^6 + 6·0.3^5·0.2."""
    assert chance_of_success(7, 6, 17) == Fraction(3, 10) ** 6 + 6 * Fraction(
        3, 10
    ) ** 5 * Fraction(2, 10)
    assert chance_of_success(7, 6, 19) == 0
    assert chance_of_success(7, 6, 0) == 1


def test_one_die_odds_by_hand() -> None:
    """Stat 7 row: 0 VP on 1-2, 1 on 3-5, 2 on 6-7, 3 on 8-10."""
    assert success_distribution(7, 1) == {
        0: Fraction(2, 10),
        1: Fraction(3, 10),
        2: Fraction(2, 10),
        3: Fraction(3, 10),
    }
    assert chance_of_success(7, 1, 2) == Fraction(1, 2)
    # successes at goal 2: VS 0 (p 2/10) and VS 1 (p 3/10) → E[VS | success] = 3/5
    assert expected_victory_score(7, 1, 2) == Fraction(3, 5)
    assert expected_victory_score(7, 1, 4) is None


@settings(max_examples=examples(80), deadline=None)
@given(st.integers(-3, 25), st.integers(0, 10), st.integers(-5, 40), st.integers(-6, 6))
def test_chance_level_odds_and_expectation_agree(
    stat: int, dice: int, goal: int, modifier: int
) -> None:
    dist = success_distribution(stat, dice, modifier)
    chance = chance_of_success(stat, dice, goal, modifier)
    odds = victory_level_odds(stat, dice, goal, modifier)
    assert list(odds) == [None] + [level for _t, level, _a, _d, _w in LEVELS]
    assert sum(odds.values()) == 1
    assert odds[None] == 1 - chance
    for level in odds:
        if level is not None:
            assert odds[level] == sum(
                (p for ss, p in dist.items() if ss >= goal and victory_level(ss - goal) == level),
                Fraction(0),
            )
    assert chance_of_success(stat, dice, goal + 1, modifier) <= chance
    expected = expected_victory_score(stat, dice, goal, modifier)
    if chance == 0:
        assert expected is None
    else:
        assert expected is not None and expected >= 0
        assert expected * chance == sum(
            ((ss - goal) * p for ss, p in dist.items() if ss >= goal), Fraction(0)
        )


# --- open d100 rolls -----------------------------------------------------------------------


def _brute_open(max_extra_rolls: int) -> dict[int, Fraction]:
    """B1 by plain recursion over every face, threshold 90 + roll index, 100 always opens."""
    result: Counter[int] = Counter()

    def chain(index: int, total: int, weight: Fraction) -> None:
        for face in range(1, 101):
            opens = face == 100 or face >= 90 + index
            if opens and index < max_extra_rolls:
                chain(index + 1, total + face, weight / 100)
            else:
                result[total + face] += weight / 100

    chain(0, 0, Fraction(1))
    return dict(result)


@pytest.mark.parametrize("extra", [0, 1, 2])
def test_open_roll_matches_brute_force(extra: int) -> None:
    assert open_roll_distribution(extra) == _brute_open(extra)


@pytest.mark.parametrize("extra", [0, 1, 2, 5, 10, 15])
def test_open_roll_sums_to_exactly_one(extra: int) -> None:
    dist = open_roll_distribution(extra)
    assert sum(dist.values()) == 1
    assert max(dist) == 100 * (extra + 1)


def test_open_roll_spot_values() -> None:
    """B1 seed check: 95 then 90 (needs 91, stops) → 185.

    185 = an opening x in 95..100 then 185 - x (six two-roll chains, 1/10^4 each)
    or three rolls x >= 90, y >= 91, z = 185 - x - y (ten chains, 1/10^6 each).
    """
    dist = open_roll_distribution()
    assert dist[185] == Fraction(6, 10**4) + Fraction(10, 10**6)
    # cut after one extra roll, the second never opens: any x in 90..100 then 185 - x
    assert open_roll_distribution(1)[185] == Fraction(11, 10**4)
    assert dist[89] == Fraction(1, 100)  # one roll, does not open
    assert 90 not in dist  # 90 always opens, and a further roll adds at least 1
    assert dist[100] == Fraction(10, 10**4)  # 90..99 then 10..1
    assert open_roll_distribution(1)[200] == Fraction(1, 10**4)  # 100 then 100, cut
    assert open_roll_distribution(0) == {t: Fraction(1, 100) for t in range(1, 101)}


def test_open_roll_refuses_negative_cut() -> None:
    with pytest.raises(ValueError, match="max_extra_rolls must not be negative"):
        open_roll_distribution(-1)

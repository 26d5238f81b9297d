"""Exact odds of Anima checks: counted by hand, and against the checks' own readers.

Ability odds are checked against `rules.odds.skill.open_roll_distribution` (the
Fraction form of the same open chain), d10 odds against every face through
`rules.mechanics.anima`, and special dice against every face sequence through
`rules.mechanics.farad` (Part C).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.mechanics import anima, characteristic, farad
from rules.odds.anima import (
    ability_odds,
    characteristic_odds,
    modifier_weights,
    opposed_ability_odds,
    opposed_characteristic_odds,
    resistance_odds,
)
from rules.odds.skill import open_roll_distribution
from tests.support.soak import examples

KINDS = [None, "chance-combat", "luck", "desperation"]


def _die_outcomes(kind: str | None, positive: bool) -> Iterator[tuple[Fraction, int, float]]:
    """(weight, modifier, stat factor) of every face sequence the die can show (C1-C3)."""
    if kind is None:
        yield Fraction(1), 0, farad.UNCHANGED
        return
    needs = {"luck": farad.luck_faces_needed, "desperation": farad.desperation_faces_needed}
    for first in range(1, 11):
        extra = needs[kind](first) if kind in needs else 0
        for rest in product(range(1, 11), repeat=extra):
            die = farad.special_die(kind, (first, *rest), positive=positive)  # type: ignore[arg-type]
            yield Fraction(1, 10 ** (1 + extra)), die.modifier, die.stat_factor


@cache
def _clean(mastery: bool) -> tuple[list[int], list[Fraction], Fraction]:
    """Open totals without fumbles (sorted), their suffix sums, and P(fumble) (B1-B3)."""
    dist = open_roll_distribution(10)
    fumbles = {face for face in range(1, 4) if anima.is_fumble(face, mastery)}
    totals = sorted(t for t in dist if t not in fumbles)
    suffix = [Fraction(0)] * (len(totals) + 1)
    for i in range(len(totals) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + dist[totals[i]]
    return totals, suffix, sum((dist.get(f, Fraction(0)) for f in fumbles), Fraction(0))


def _p_clean_at_least(x: int, mastery: bool) -> Fraction:
    totals, suffix, _fumble = _clean(mastery)
    return suffix[bisect_left(totals, x)]


# --- B4: ability checks ---------------------------------------------------------------


def test_ability_120_against_140_counted_by_hand() -> None:
    """B4/R24: needs a d100 of 20+ (81 faces, open chains only add); B2: 1-3 fumble."""
    odds = ability_odds(120, 140)
    assert (odds.success, odds.fumble, odds.automatic) == (
        Fraction(81, 100),
        Fraction(3, 100),
        False,
    )


def test_mastery_narrows_the_fumble_range() -> None:
    """B3/R21: at 200 or more only 1-2 fumble; at 199 still 1-3."""
    assert ability_odds(200, 0).fumble == Fraction(2, 100)
    assert ability_odds(199, 0).fumble == Fraction(3, 100)
    assert ability_odds(200, 0).success == Fraction(98, 100)  # every non-fumble reaches 0


@given(st.integers(0, 320), st.integers(-50, 700))
@settings(max_examples=examples(80), deadline=None)
def test_ability_odds_are_the_open_distribution(ability: int, difficulty: int) -> None:
    """B1/B4/R24: P(no fumble and d100 total + ability ≥ difficulty), from the Fractions."""
    mastery = anima.is_master(ability)
    odds = ability_odds(ability, difficulty)
    assert odds.success == _p_clean_at_least(difficulty - ability, mastery)
    assert odds.fumble == _clean(mastery)[2]


@given(st.integers(0, 180), st.integers(50, 400))
@settings(max_examples=examples(40), deadline=None)
def test_a_chance_die_averages_ten_shifted_checks(ability: int, difficulty: int) -> None:
    """C1: a chance die on a d100 check is +1..+10, each a tenth (no mastery change below 190)."""
    shifted = sum(ability_odds(ability + m, difficulty).success for m in range(1, 11))
    assert ability_odds(ability, difficulty, "chance-combat").success == shifted / 10


def test_modifier_weights_merge_the_stat_branches() -> None:
    """Part C: a d100 check has no stat to double, so a 10's branch is just its modifier."""
    assert modifier_weights(None, True) == {0: Fraction(1)}
    for kind in KINDS[1:]:
        for positive in (True, False):
            expected: dict[int, Fraction] = {}
            for weight, modifier, _factor in _die_outcomes(kind, positive):
                expected[modifier] = expected.get(modifier, Fraction(0)) + weight
            assert modifier_weights(kind, positive) == expected


# --- B5: resistance checks ------------------------------------------------------------


def test_resistance_50_points_over_needs_no_roll() -> None:
    """B5/R23: 110 against 60 succeeds without a roll, and so cannot fumble."""
    assert resistance_odds(110, 60).automatic
    assert (resistance_odds(110, 60).success, resistance_odds(110, 60).fumble) == (1, 0)
    assert not resistance_odds(109, 60).automatic


def test_natural_100_always_resists() -> None:
    """B5/R23: 0 against 200 succeeds only on a natural 100; 1-3 still fumble (R23)."""
    odds = resistance_odds(0, 200)
    assert (odds.success, odds.fumble) == (Fraction(1, 100), Fraction(3, 100))


def test_resistance_has_no_open_roll() -> None:
    """B1/B5/R24: 50 against 100 needs a face of 50+: 51 faces, none of them a fumble."""
    assert resistance_odds(50, 100).success == Fraction(51, 100)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("resistance", "difficulty"), [(40, 80), (90, 95), (210, 300)])
def test_resistance_odds_count_every_face(kind, resistance, difficulty) -> None:
    """R23 precedence over every die face and d100 face: 100 succeeds, fumble fails, else total."""
    mastery = anima.is_master(resistance)
    success = Fraction(0)
    for weight, modifier, _factor in _die_outcomes(kind, True):
        for face in range(1, 101):
            if anima.is_fumble(face, mastery):
                continue
            if face == 100 or face + resistance + modifier >= difficulty:
                success += weight / 100
    assert resistance_odds(resistance, difficulty, kind).success == success


# --- B6: characteristic checks --------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "chance"),
    [(7, Fraction(7, 10)), (9, Fraction(9, 10)), (0, Fraction(1, 10)), (13, Fraction(1))],
)
def test_characteristic_counted_by_hand(value: int, chance: Fraction) -> None:
    """B6/R25: faces up to the value succeed (margin 0 too); a 1 counts −2, a 10 counts 13."""
    assert characteristic_odds(value) == chance


@pytest.mark.parametrize("positive", [True, False])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("value", [0, 3, 7, 12])
def test_characteristic_odds_count_every_face(value: int, kind, positive: bool) -> None:
    """B6/C2/C3: a 10 doubles (or halves) the characteristic, then the die's result adds."""
    success = Fraction(0)
    for weight, modifier, factor in _die_outcomes(kind, positive):
        v = farad.scaled_stat(value, factor)
        for face in range(1, 11):
            if characteristic.characteristic_margin(v, face) + modifier >= 0:
                success += weight / 10
    assert characteristic_odds(value, kind, positive) == success


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("a", "b"), [(9, 10), (5, 11), (11, 5), (0, 0)])
def test_opposed_characteristic_counts_every_pair(a: int, b: int, kind) -> None:
    """B6: margins compared after the over-4 rule (5 vs 11 → 13); A's die adds to A."""
    wins = ties = Fraction(0)
    for weight, modifier, factor in _die_outcomes(kind, True):
        va = farad.scaled_stat(a, factor)
        for fa, fb in product(range(1, 11), repeat=2):
            lead = characteristic.opposed_characteristic(va, fa, b, fb, modifier_a=modifier)
            wins += weight / 100 if lead > 0 else 0
            ties += weight / 100 if lead == 0 else 0
    contest = opposed_characteristic_odds(a, b, kind)
    assert (contest.a, contest.tie, contest.b) == (wins, ties, 1 - wins - ties)


# --- B4: opposed ability checks -------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [(120, 140), (150, 150), (205, 180), (0, 60)])
def test_opposed_ability_from_the_open_distribution(a: int, b: int) -> None:
    """B4: higher total wins; a lone fumbler loses; two fumbles tie."""
    totals_a, _suffix_a, fumble_a = _clean(anima.is_master(a))
    totals_b, _suffix_b, fumble_b = _clean(anima.is_master(b))
    clean_b = set(totals_b)
    dist = open_roll_distribution(10)
    win = fumble_b * (1 - fumble_a)
    tie = fumble_a * fumble_b
    for t in totals_a:
        p = dist[t]
        beaten = 1 - fumble_b - _p_clean_at_least(t + a - b, anima.is_master(b))
        win += p * beaten
        if t + a - b in clean_b:
            tie += p * dist[t + a - b]
    contest = opposed_ability_odds(a, b)
    assert (contest.a, contest.tie, contest.b) == (win, tie, 1 - win - tie)


def test_opposed_ability_is_fair_between_equals_and_swaps() -> None:
    """B4: equal abilities win equally often; swapping sides swaps the odds."""
    even = opposed_ability_odds(130, 130)
    assert even.a == even.b and even.tie >= Fraction(9, 10_000)  # both fumble: a tie
    there, back = opposed_ability_odds(110, 170), opposed_ability_odds(170, 110)
    assert (there.a, there.tie, there.b) == (back.b, back.tie, back.a)

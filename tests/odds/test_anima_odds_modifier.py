"""A known flat result (R26: a desperation result rolled this turn) in the Anima odds.

Part C: it adds to the d100 total or the d10 margin, so the odds must equal
those of a check whose value is that much higher (below mastery, R21, and
outside the 50-point rule, R23, where the value itself matters).
"""

from __future__ import annotations

from fractions import Fraction

from rules.mechanics import characteristic
from rules.odds.anima import (
    ability_odds,
    characteristic_odds,
    opposed_ability_odds,
    opposed_characteristic_odds,
    resistance_odds,
)


def test_a_flat_bonus_counts_as_that_much_more_value() -> None:
    assert characteristic_odds(5, modifier=5) == characteristic_odds(10) == Fraction(9, 10)
    assert ability_odds(40, 80, modifier=5) == ability_odds(45, 80)
    assert ability_odds(40, 80, modifier=5).success == Fraction(66, 100)
    assert resistance_odds(30, 70, modifier=5) == resistance_odds(35, 70)
    assert opposed_ability_odds(40, 60, modifier=5, their_modifier=3) == opposed_ability_odds(
        42, 60
    )


def test_the_50_point_rule_weighs_the_resistance_alone() -> None:
    """R23: 70 vs 20 needs no roll; a penalty on the total does not bring the roll back."""
    assert resistance_odds(70, 20, modifier=-30).automatic


def test_opposed_characteristic_adds_to_each_side_by_hand() -> None:
    """B6: count every pair of faces with the margins shifted by +5 and +2."""
    wins = ties = 0
    for fa in range(1, 11):
        for fb in range(1, 11):
            lead = characteristic.opposed_characteristic(5, fa, 5, fb) + 5 - 2
            wins += lead > 0
            ties += lead == 0
    contest = opposed_characteristic_odds(5, 5, modifier=5, their_modifier=2)
    assert (contest.a, contest.tie) == (Fraction(wins, 100), Fraction(ties, 100))

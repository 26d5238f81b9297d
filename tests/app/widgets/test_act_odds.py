"""The odds view's summary of a roll: exactly rules.odds.skill' numbers, bars split at the goal.

The distributions themselves (declared dice, exertion, opposed rounds) are
tested where they live, in tests/odds/test_declared_odds.py; this file
checks only what the view makes of them (A2).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.odds.declared import roll_distribution
from rules.odds.skill import chance_of_success, expected_victory_score, victory_level_odds
from tracker.widgets.odds import buckets, summarize


@given(st.integers(0, 22), st.integers(0, 10), st.integers(-3, 25), st.integers(-6, 6))
@settings(max_examples=60, deadline=None)
def test_plain_odds_are_rules_odds(stat: int, dice: int, goal: int, modifier: int) -> None:
    """A2: with nothing declared the view's numbers are exactly rules.odds.skill'."""
    s = summarize(roll_distribution(stat, dice, modifier), goal)
    assert s.chance == chance_of_success(stat, dice, goal, modifier)
    assert s.expected_vs == expected_victory_score(stat, dice, goal, modifier)
    levels = victory_level_odds(stat, dice, goal, modifier)
    assert all(s.levels[name] == p for name, p in levels.items() if name is not None)
    rows = buckets(roll_distribution(stat, dice, modifier), goal)
    assert 1 <= len(rows) <= 8
    assert all(b.success == (b.low >= goal) and (b.high < goal or b.low >= goal) for b in rows)

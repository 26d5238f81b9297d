"""The odds view (tracker/widgets/odds.py): its bars and the summary of a roll.

The odds chart never shows an SS the roll cannot make (A1, A2).

Edges lined up on the goal used to start the first bar at "SS -1..1" for a roll whose
least SS is 0 (demise 6d10 vs End 3, goal 5; Gambling 6d10 vs Wits 7).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.odds.declared import roll_distribution
from rules.odds.skill import chance_of_success, expected_victory_score, victory_level_odds
from tests.support.soak import examples
from tracker.widgets.odds import buckets, summarize


def _bounds(stat: int, dice: int) -> tuple[dict[int, object], int, int]:
    dist = roll_distribution(stat, dice, 0, False, None, True)
    scores = [ss for ss, p in dist.items() if p > 0]
    return dist, min(scores), max(scores)


def test_demise_check_6d10_vs_endurance_3_starts_at_ss_0_A16() -> None:
    dist, least, _most = _bounds(3, 6)
    assert least == 0
    bars = buckets(dist, 5)
    assert (bars[0].low, bars[0].high) == (0, 1)
    assert bars[0].success is False and bars[1].low == 2


def test_gambling_6d10_vs_wits_7_neither_end_overshoots() -> None:
    dist, least, most = _bounds(7, 6)
    bars = buckets(dist, 5)
    assert bars[0].low == least == 0
    assert bars[-1].high == most == 18  # not "SS 17..19"


@settings(max_examples=examples(60), deadline=None)
@given(
    stat=st.integers(0, 20),
    dice=st.integers(0, 12),
    goal=st.one_of(st.none(), st.integers(0, 40)),
)
def test_every_bar_lies_within_the_rolls_real_scores(
    stat: int, dice: int, goal: int | None
) -> None:
    dist, least, most = _bounds(stat, dice)
    for bar in buckets(dist, goal):
        assert least <= bar.low <= bar.high <= most
        if goal is not None:  # still wholly a success or wholly a failure (A2)
            assert bar.success == (bar.low >= goal)


# --- The odds view's summary of a roll: exactly rules.odds.skill' numbers, bars split at the goal.
#
# The distributions themselves (declared dice, exertion, opposed rounds) are
# tested where they live, in tests/odds/test_declared_odds.py; this section
# checks only what the view makes of them (A2).


@given(st.integers(0, 22), st.integers(0, 10), st.integers(-3, 25), st.integers(-6, 6))
@settings(max_examples=examples(60), deadline=None)
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

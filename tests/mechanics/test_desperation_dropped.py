"""R19 amended (C3): a stat qualifies for a desperation die only once it has *dropped*
to the line, so a base-1 stat at full strength is not desperation."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.mechanics.farad import qualifying_stats


def test_a_base_1_stat_at_full_strength_does_not_qualify() -> None:
    """A Vorox's Tech 1, unhurt, is at its base: it has not dropped to the line."""
    assert qualifying_stats({"Tech": 1, "Strength": 9}, {"Tech": 1, "Strength": 9}) == []


def test_a_stat_that_dropped_to_the_line_qualifies() -> None:
    assert qualifying_stats({"Tech": 2, "Strength": 9}, {"Tech": 1, "Strength": 1}) == [
        "Tech",
        "Strength",
    ]


@given(st.integers(0, 200), st.integers(-5, 30))
def test_only_a_dropped_stat_at_or_under_the_line_qualifies(base: int, effective: int) -> None:
    qualifies = qualifying_stats({"stat": base}, {"stat": effective}) == ["stat"]
    assert qualifies == (0 < effective < base and effective * 10 < base + 10)

"""R6/R7: what an opportunity costs, the one answer the handler and the dialog share."""

from __future__ import annotations

import pytest

from rules.mechanics.skill import opportunity_cost


def test_the_largest_cost_of_the_actions_R7() -> None:
    assert opportunity_cost([3, 2]) == 3
    assert opportunity_cost([2, 4, 1]) == 4


def test_the_gms_number_stands_when_given_R6() -> None:
    assert opportunity_cost([3, 2], 5) == 5
    assert opportunity_cost([3, 2], 1) == 1


def test_no_action_is_refused_with_why_A8() -> None:
    with pytest.raises(ValueError, match=r"at least one action \(A8\)"):
        opportunity_cost([])


def test_a_cost_that_is_not_a_whole_number_is_refused() -> None:
    with pytest.raises(ValueError, match="gm must be a whole number"):
        opportunity_cost([3], True)  # a bool is no cost

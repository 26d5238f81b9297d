"""Opposed actions: the running margin and who wins (RULES A6, R4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.mechanics.opposed import OpposedState, opposed_round


def test_dozack_r4_iol_wins_in_round_three() -> None:
    """R4: (8,7) → +1, (4,7) → -2, (11,0) → +9 ≥ Monarch's Tactics 3: Iol (A, Tactics 6) wins."""
    state = OpposedState(skill_a=6, skill_b=3)
    state = opposed_round(state, 8, 7)
    assert (state.margin, state.winner) == (1, None)
    state = opposed_round(state, 4, 7)
    assert (state.margin, state.winner) == (-2, None)
    state = opposed_round(state, 11, 0)
    assert state.margin == 9
    assert state.winner == "A"
    assert state.rounds == ((8, 7, 1), (4, 7, -2), (11, 0, 9))


def test_b_wins_when_its_lead_reaches_a_skill() -> None:
    """A6: B wins when -margin >= skill_A."""
    state = opposed_round(OpposedState(skill_a=4, skill_b=6), 1, 4)
    assert (state.margin, state.winner) == (-3, None)
    state = opposed_round(state, 2, 3)
    assert (state.margin, state.winner) == (-4, "B")


def test_exact_reach_wins() -> None:
    """A6: reaching the opponent's skill exactly is enough."""
    assert opposed_round(OpposedState(5, 3), 7, 4).winner == "A"


def test_nobody_wins_before_the_first_round() -> None:
    assert OpposedState(0, 0).winner is None
    assert OpposedState(3, 0).winner is None


def test_both_skills_zero_at_margin_zero_is_a_tie() -> None:
    state = opposed_round(OpposedState(0, 0), 4, 4)
    assert state.winner is None
    assert opposed_round(state, 1, 0).winner == "A"


def test_a_decided_contest_takes_no_more_rounds() -> None:
    done = opposed_round(OpposedState(6, 3), 11, 0)
    with pytest.raises(ValueError, match=r"state is already decided: A has won"):
        opposed_round(done, 1, 1)


def test_rounds_leave_the_old_state_alone() -> None:
    start = OpposedState(6, 3)
    after = opposed_round(start, 2, 1)
    assert start.margin == 0 and start.rounds == ()
    assert after.margin == 1


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="skill_a must not be negative"):
        OpposedState(-1, 3)
    with pytest.raises(ValueError, match="ss_b"):
        opposed_round(OpposedState(1, 1), 1, "2")  # type: ignore[arg-type]


@given(
    st.integers(0, 10),
    st.integers(0, 10),
    st.lists(st.tuples(st.integers(-6, 30), st.integers(-6, 30)), max_size=20),
)
def test_margin_is_the_sum_of_differences(
    skill_a: int, skill_b: int, scores: list[tuple[int, int]]
) -> None:
    """A6: margin = Σ(SS_A - SS_B); a winner appears exactly when a threshold is reached."""
    state = OpposedState(skill_a, skill_b)
    played: list[tuple[int, int]] = []
    for ss_a, ss_b in scores:
        if state.winner is not None:
            break
        state = opposed_round(state, ss_a, ss_b)
        played.append((ss_a, ss_b))
        assert state.margin == sum(a - b for a, b in played)
        assert state.rounds[-1] == (ss_a, ss_b, state.margin)
    a_reached = state.margin >= skill_b
    b_reached = -state.margin >= skill_a
    if played and a_reached != b_reached:
        assert state.winner == ("A" if a_reached else "B")
    else:
        assert state.winner is None

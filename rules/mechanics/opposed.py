"""Opposed actions: rounds of skill rolls and a running margin (RULES A6, R4).

The state is immutable: each round returns a new state, so the tracker can
undo a round by keeping the previous one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace


def _require_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return value


@dataclass(frozen=True)
class OpposedState:
    """A6: the skills of A and B, the signed margin (positive: A leads) and every round.

    `rounds` holds (SS of A, SS of B, margin after the round).
    """

    skill_a: int
    skill_b: int
    margin: int = 0
    rounds: tuple[tuple[int, int, int], ...] = field(default=())

    def __post_init__(self) -> None:
        for name in ("skill_a", "skill_b", "margin"):
            _require_int(name, getattr(self, name))
        for name in ("skill_a", "skill_b"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative, got {getattr(self, name)}")

    @property
    def winner(self) -> str | None:
        """A6: "A" once margin >= skill_B, "B" once -margin >= skill_A, else None.

        Nobody has won before the first round. If both conditions hold at once
        (only possible at margin 0 with both skills 0) it is a tie and another
        round is rolled.
        """
        if not self.rounds:
            return None
        a_wins = self.margin >= self.skill_b
        b_wins = -self.margin >= self.skill_a
        if a_wins and not b_wins:
            return "A"
        if b_wins and not a_wins:
            return "B"
        return None


def opposed_round(state: OpposedState, ss_a: int, ss_b: int) -> OpposedState:
    """A6/R4: apply one round, `margin += SS_A - SS_B`.

    R4: the round's own difference is applied (the Dozack example's third
    round is an arithmetic slip). A decided contest takes no more rounds.
    """
    _require_int("ss_a", ss_a)
    _require_int("ss_b", ss_b)
    if state.winner is not None:
        raise ValueError(f"state is already decided: {state.winner} has won")
    margin = state.margin + ss_a - ss_b
    return replace(state, margin=margin, rounds=state.rounds + ((ss_a, ss_b, margin),))

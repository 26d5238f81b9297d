"""The pass-time dialogs' forecast: each untreated bleeder's chance of living through the
passage, as the rules word it (rules.engine.questions.wounds), kept per amount and goal for
the dialog's life (its encounter does not change while it is open), so typing does not work
a day of checks out again at every key."""

from __future__ import annotations

from rules.engine.questions import passage_lines
from rules.model.state import Encounter

__all__ = ["Forecasts"]


class Forecasts:
    """One dialog's forecasts of `enc` (read, never changed)."""

    def __init__(self, enc: Encounter) -> None:
        self.enc = enc
        self._said: dict[tuple[int, int | None], str] = {}

    def words(self, tu: int, goal: int | None = None) -> str:
        """`☠ Ulric: 0 at +40 TU, then a check each 10 TU — alive after 1 hour: 0.0 %`, a
        line a bleeder ("" when no one bleeds untreated)."""
        key = (tu, goal)
        if key not in self._said:
            self._said[key] = "\n".join(f"☠ {line}" for line in passage_lines(self.enc, tu, goal))
        return self._said[key]

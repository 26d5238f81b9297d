"""The numbers a GM may type into an Anima check: the ranges a sheet itself holds (B4-B6).

A typed ability or resistance is a d100 value like the sheet's (0-999), a
typed characteristic is a stat (0-30), and a d100 difficulty is never
negative. The ranges are read from `rules.model.state`'s own field types, so no
bound is written twice; the engine refuses what the dialog marks.
"""

from __future__ import annotations

from typing import Any, get_args

from rules.model.state import D100Value, StatValue

__all__ = ["D100_RANGE", "STAT_RANGE", "value_range", "range_problem"]


def _bounds(annotated: Any) -> tuple[int, int]:
    """(ge, le) of an `Annotated[int, Field(ge=..., le=...)]`."""
    low = high = None
    for info in get_args(annotated)[1:]:
        for item in getattr(info, "metadata", []):
            low = getattr(item, "ge", low)
            high = getattr(item, "le", high)
    assert low is not None and high is not None, f"{annotated} sets no range"
    return low, high


D100_RANGE = _bounds(D100Value)  # abilities, resistances and their difficulties
STAT_RANGE = _bounds(StatValue)  # characteristics are stats (B6)


def value_range(kind: str) -> tuple[int, int]:
    """The range of a typed value for this kind of check."""
    return STAT_RANGE if kind in ("characteristic", "opposed-characteristic") else D100_RANGE


def range_problem(value: int | None, bounds: tuple[int, int]) -> str | None:
    """`must be 0–30` when a typed value lies outside its range (None: fine or not typed)."""
    low, high = bounds
    if value is None or low <= value <= high:
        return None
    return f"must be {low}–{high}"

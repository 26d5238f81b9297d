"""Finding a skill, stat, ability or resistance on a sheet by the name a GM typed.

A GM types `melee` for the sheet's `Melee`: the names a sheet holds are
matched case-insensitively (the sheet forms already refuse two names that
differ only in case), and the sheet's own spelling is what the engine keeps
and logs. Every rules lookup of a typed name goes through here, so scripts,
the engine and the TUI agree on what a name means.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["on_sheet", "rating", "same_name"]


def same_name(a: str, b: str) -> bool:
    """Do two names mean the same entry (case-insensitive)?"""
    return a.casefold() == b.casefold()


def on_sheet(table: Mapping[str, object], name: str) -> str | None:
    """The sheet's own spelling of `name` (an exact match first), or None if it is not there."""
    if name in table:
        return name
    return next((key for key in table if same_name(key, name)), None)


def rating(table: Mapping[str, int], name: str, default: int = 0) -> int:
    """The sheet's value for `name` in any case, or `default` when the sheet lacks it."""
    found = on_sheet(table, name)
    return default if found is None else table[found]

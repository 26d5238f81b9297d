"""Typed reads of a pending decision's data (`Pending.data`), checked as they are read.

The data is a loose JSON dict (it comes back from save files as written), so a
handler reading a number, a list of faces or a location says what it expected
instead of failing further on with a stranger error.
"""

from __future__ import annotations

from rules.mechanics.wounds import LOCATIONS, Location


def whole(value: object) -> int:
    if not isinstance(value, int):
        raise ValueError(f"pending data holds {value!r} where a number belongs")
    return value


def whole_or_none(value: object) -> int | None:
    return None if value is None else whole(value)


def faces(value: object) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"pending data holds {value!r} where die faces belong")
    return [whole(face) for face in value]


def location(value: object) -> Location:
    """A15: a hit location or limb, as `Location` spells them."""
    for name in LOCATIONS:
        if value == name:
            return name
    raise ValueError(f"pending data holds {value!r} where a hit location belongs")

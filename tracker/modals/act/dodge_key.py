"""The attack dialog's dodge key: one press declares the target's dodge, each next press
the next of A10's situations, and after the last none again.

Before it, declaring a dodge took seven or eight Tabs to reach the field.
The situation that fits the blow comes first: dodging a melee attack for a
melee weapon, else the first of the cover dives. A shot is never dodged "as a melee
attack": A10 gives that goal (4) to melee attacks only (issue 27 saw it offered).
"""

from __future__ import annotations

from typing import Literal

from rules.mechanics.chart import DODGE_GOALS

WeaponKind = Literal["melee", "ranged"]

MELEE = "melee"


def dodge_situations(kind: WeaponKind) -> list[str]:
    """A10's dodge situations against a weapon of `kind`, in A10's order."""
    return [name for name in DODGE_GOALS if name != MELEE or kind == "melee"]


def dodge_options(kind: WeaponKind) -> list[tuple[str, str]]:
    """The dodge drop-down's (label, value) rows: each situation with its goal (A10)."""
    return [(f"{name} (goal {DODGE_GOALS[name]})", name) for name in dodge_situations(kind)]


def dodge_cycle(kind: WeaponKind) -> list[str]:
    """A10's dodge situations in the order the key walks them for a weapon of `kind`."""
    names = dodge_situations(kind)
    if MELEE in names:
        names.remove(MELEE)
        names.insert(0, MELEE)
    return names


def next_dodge(current: object, kind: WeaponKind) -> str | None:
    """The situation after `current` (None or anything else: the first); None after the last."""
    names = dodge_cycle(kind)
    if not isinstance(current, str) or current not in names:
        return names[0]
    at = names.index(current) + 1
    return names[at] if at < len(names) else None

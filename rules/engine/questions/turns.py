"""Whose moment it is: who acts now and next, what the turn rolls, what orders may run (A7-A10, R5).

The screens ask at every redraw (which row to follow, which dialog `a` opens, what
the ruler marks); the answers are the track's and the turn handlers' own.
"""

from __future__ import annotations

from rules.engine.orders_offer import plain_actions
from rules.engine.track_index import acts_now, tied, upcoming
from rules.engine.turns import acting_now, declared_action, left_to_do, next_action, next_place

__all__ = [
    "acting_now",
    "acts_now",
    "declared_action",
    "left_to_do",
    "next_action",
    "next_place",
    "plain_actions",
    "tied",
    "upcoming",
]

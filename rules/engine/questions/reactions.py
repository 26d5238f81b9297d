"""Who may react and with what, and whom an attack is offered against (A10, A11, R5).

The react and attack dialogs list what the handlers would take: a reactor as it
would stand, its reaction's skill and timing, the targets in the table's order.
"""

from __future__ import annotations

from rules.engine.reactions import (
    as_reactor,
    default_reaction,
    landing,
    reaction_skill_name,
    timing,
)
from rules.engine.targets import last_target, reacted_to, side_rank, targets_in_order

__all__ = [
    "as_reactor",
    "default_reaction",
    "landing",
    "last_target",
    "reacted_to",
    "reaction_skill_name",
    "side_rank",
    "targets_in_order",
    "timing",
]

"""What a skill roll will do to an extended roll in progress, said before the roll (A3).

The engine (`rules.engine.handlers.skill_rolls.skill_roll`) ends an extended roll only when a
standard roll of the same skill starts afresh or a new extended roll takes
its place; a roll of another skill leaves it running. The skill-roll dialog
shows this line so the GM never loses a running total unawares.
"""

from __future__ import annotations

from rules.mechanics.sheet_names import same_name
from rules.model.state import Combatant

__all__ = ["extended_warning"]


def extended_warning(c: Combatant, skill: str, *, new_extended: bool) -> str:
    """The line for a roll that does not continue `c`'s extended roll ('' when none runs).

    `new_extended`: the roll starts a new extended roll (else it is a standard roll).
    """
    ext = c.extended
    if ext is None:
        return ""
    units = len(ext.rolls)
    running = (
        f"{c.name}'s extended {ext.skill} roll (total {ext.total} after {units} "
        f"roll{'s' if units != 1 else ''})"
    )
    if new_extended:
        return f"⚠ This new extended roll ends {running} (A3)."
    if same_name(ext.skill, skill):
        return f"⚠ This standard {ext.skill} roll ends {running} (A3)."
    return f"{running} stays in progress (A3)."

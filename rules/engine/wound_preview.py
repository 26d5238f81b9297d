"""What a wound by hand will set off, said before the GM applies it (A14-A16, R12, R31).

The wound dialog shows it; the rules answer it here, from the same pure rules the
engine's `inflict_wound` follows, so the preview and the wound cannot disagree.
"""

from __future__ import annotations

from rules.mechanics.wounds import (
    ENDURANCE,
    breakage_goal,
    demise_triggers,
    needs_breakage_roll,
    starts_bleeding,
    vital_organ_struck,
)
from rules.model.state import Combatant

__all__ = ["consequences"]


def consequences(c: Combatant, wp: int, location: str) -> list[str]:
    """What a wound of `wp` to `location` will set off on `c`, as short phrases."""
    found: list[str] = []
    if starts_bleeding(wp):
        found.append("bleeds, BLR +1 (R12)")
    if needs_breakage_roll(location, wp):
        found.append(f"breakage roll, goal {breakage_goal(wp)} (A15)")
    if vital_organ_struck(location, wp):
        found.append("vital organ struck (A15)")
    if ENDURANCE in c.stats:
        total = c.total_wp()
        triggers = demise_triggers(
            wp,
            c.stats[ENDURANCE],
            c.effective(ENDURANCE, total),
            c.effective(ENDURANCE, total + wp),
            c.half_endurance_checked,
            c.zero_endurance_checked,
            damage=True,
        )
        if triggers:
            found.append(f"demise check: {', '.join(triggers)} (A16, R31)")
    return found

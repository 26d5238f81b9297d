"""What ends or fires next on the track, and what modifies a combatant now (issue 15).

An area of its own, not the wounds': the ruler and the detail pane read these at
every redraw, and asking them must not load the death forecast with them.
"""

from __future__ import annotations

from rules.engine.effects_ahead import Active, Ahead, active_effects, effects_ahead, ticks_between

__all__ = ["Active", "Ahead", "active_effects", "effects_ahead", "ticks_between"]

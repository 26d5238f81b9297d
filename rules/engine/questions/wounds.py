"""What a wound or a hit will do, and how a hurt being's time ends (A11-A16, R10-R12, R31).

The wound and damage dialogs preview what the engine then applies; the pass-time
dialog, the party screen and the detail pane read the exact death forecast.
"""

from __future__ import annotations

from rules.engine.damage_breakdown import damage_breakdown
from rules.engine.death_forecast import forecasts, passage_lines, standing_words
from rules.engine.wound_preview import consequences

__all__ = ["consequences", "damage_breakdown", "forecasts", "passage_lines", "standing_words"]

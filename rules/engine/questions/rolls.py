"""A roll before it is rolled: its modifiers, skill, stat and goal, as the handler rolls it.

The dialogs' odds read the same plan and inputs the engine's roll does (A1-A5, A8-A10,
A15, R9), so what the GM is shown before a roll is what the roll adds.
"""

from __future__ import annotations

from rules.engine.handlers.skill_rolls import continues
from rules.engine.roll_choices import (
    DODGE_SKILL,
    DODGE_STAT,
    declared_roll,
    parries_with,
    parry_weapons,
)
from rules.engine.roll_plan import (
    LIMB_PENALTY,
    RollPlan,
    anima_plan,
    called_check_plan,
    held_penalty,
    modifier_text,
    turn_penalty,
)
from rules.engine.roll_preview import RollPreview, preview_attack, preview_roll

__all__ = [
    "DODGE_SKILL",
    "DODGE_STAT",
    "LIMB_PENALTY",
    "RollPlan",
    "RollPreview",
    "anima_plan",
    "called_check_plan",
    "continues",
    "declared_roll",
    "held_penalty",
    "modifier_text",
    "parries_with",
    "parry_weapons",
    "preview_attack",
    "preview_roll",
    "turn_penalty",
]

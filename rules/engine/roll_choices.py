"""What a roll is made with: a declared action's skill and stat, a parry's weapons (A10, R9).

The engine's handlers and the dialogs that open for a declared action ask here, so the
dialog offers what the handler will roll (a dodge is Dodge on Dexterity; a parry puts a
melee weapon in the way of a blow).
"""

from __future__ import annotations

from rules.model.state import Action, Combatant, Weapon

__all__ = ["DODGE_SKILL", "DODGE_STAT", "declared_roll", "parries_with", "parry_weapons"]

DODGE_SKILL, DODGE_STAT = "Dodge", "Dexterity"  # A10: a dodge rolls Dodge on Dexterity


def parries_with(weapon: Weapon) -> bool:
    """A10: a parry puts a melee weapon in the way of a blow; a gun parries nothing."""
    return weapon.kind == "melee"


def parry_weapons(c: Combatant) -> list[Weapon]:
    """The weapons `c` may parry with (A10), in its sheet's order."""
    return [w for w in c.weapons if parries_with(w)]


def declared_roll(actor: Combatant, action: Action) -> tuple[str, str | None]:
    """The skill and stat a declared action that is no attack rolls (R9): as named on the
    action, else its weapon's, else a dodge's (A10), else the skill named as the action;
    a stat the sheet lacks is None (the roll's dialog asks)."""
    skill, stat = action.skill, action.stat
    if action.weapon is not None and action.weapon in {w.name for w in actor.weapons}:
        weapon = actor.weapon(action.weapon)  # R9: a parry rolls the weapon's skill
        skill, stat = skill or weapon.skill, stat or weapon.stat
    if action.kind == "dodge":
        skill, stat = skill or DODGE_SKILL, stat or DODGE_STAT
    return skill or action.name, stat if stat in actor.stats else None

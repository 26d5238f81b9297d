"""Typed pending data for tests that build a decision by hand (rules.model.pending)."""

from __future__ import annotations

from rules.model.pending import DemiseData, ParryData

DEMISE = DemiseData(trigger="massive wound")


def parry_data(attacker: str, weapon: str = "Sword") -> ParryData:
    """A10: `attacker`'s melee hit (VS 2, damage 4, unspecified location) to parry."""
    return ParryData(
        attacker=attacker,
        weapon=weapon,
        weapon_damage=4,
        attack_vs=2,
        location="unspecified",
        parry_weapon=weapon,
    )

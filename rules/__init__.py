"""Pure rules of the tracker: dice, the Victory Point chart, odds, Anima and FARAD dice.

No Textual, no Rich. Every public name of the rules API is exported here, and
loaded on first use (PEP 562): the TUI imports only the state and engine it
needs to paint its first frame, so startup does not pay for the odds or Anima code.
The encounter engine lives in `rules.engine.apply`, `rules.engine.session` and `rules.saves.store`.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS: dict[str, str] = {
    "ArmourHit": "rules.mechanics.damage",
    "AttackDamage": "rules.mechanics.damage",
    "Check": "rules.mechanics.anima",
    "DiceError": "rules.mechanics.dice",
    "DiceExhausted": "rules.mechanics.dice",
    "DiceSource": "rules.mechanics.dice",
    "NumberError": "rules.mechanics.numbers",
    "OpposedState": "rules.mechanics.opposed",
    "PoolCheck": "rules.mechanics.wounds",
    "RecordingDice": "rules.mechanics.dice",
    "ScriptedDice": "rules.mechanics.dice",
    "SeededDice": "rules.mechanics.dice",
    "SkillRoll": "rules.mechanics.skill",
    "ability_check": "rules.mechanics.anima",
    "armour_hit": "rules.mechanics.damage",
    "can_react": "rules.mechanics.skill",
    "chance_die": "rules.mechanics.farad",
    "chance_of_success": "rules.odds.skill",
    "characteristic_margin": "rules.mechanics.characteristic",
    "complementary_bonus": "rules.mechanics.skill",
    "damage_level": "rules.mechanics.skill",
    "demise_triggers": "rules.mechanics.wounds",
    "desperation_die": "rules.mechanics.farad",
    "exert_bonus": "rules.mechanics.skill",
    "expected_victory_score": "rules.odds.skill",
    "extended_total": "rules.mechanics.skill",
    "fumble_level": "rules.mechanics.anima",
    "luck_die": "rules.mechanics.farad",
    "multi_action_penalty": "rules.mechanics.skill",
    "open_roll_distribution": "rules.odds.skill",
    "open_roll_total": "rules.mechanics.anima",
    "opposed_characteristic": "rules.mechanics.characteristic",
    "opposed_round": "rules.mechanics.opposed",
    "parse_int": "rules.mechanics.numbers",
    "parse_faces": "rules.mechanics.dice",
    "reaction_time": "rules.mechanics.skill",
    "read_breakage": "rules.mechanics.wounds",
    "read_demise": "rules.mechanics.wounds",
    "read_skill": "rules.mechanics.skill",
    "resistance_check": "rules.mechanics.anima",
    "resolve_damage": "rules.mechanics.damage",
    "roll_skill": "rules.mechanics.skill",
    "shield_pass": "rules.mechanics.damage",
    "success_distribution": "rules.odds.skill",
    "success_score": "rules.mechanics.skill",
    "victory_level": "rules.mechanics.skill",
    "victory_level_odds": "rules.odds.skill",
    "victory_points": "rules.mechanics.skill",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])

"""Pure rules of the tracker: dice, the Victory Point chart, odds, Anima and FARAD dice.

No Textual, no Rich. Every public name of the rules API is exported here, and
loaded on first use (PEP 562): the TUI imports only the state and engine it
needs to paint its first frame, so startup does not pay for the odds or Anima code.
The encounter engine lives in `rules.engine`, `rules.session` and `rules.saves`.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS: dict[str, str] = {
    "ArmourHit": "rules.damage",
    "AttackDamage": "rules.damage",
    "Check": "rules.anima",
    "DiceError": "rules.dice",
    "DiceExhausted": "rules.dice",
    "DiceSource": "rules.dice",
    "NumberError": "rules.numbers",
    "OpposedState": "rules.opposed",
    "PoolCheck": "rules.wounds",
    "RecordingDice": "rules.dice",
    "ScriptedDice": "rules.dice",
    "SeededDice": "rules.dice",
    "SkillRoll": "rules.skill",
    "ability_check": "rules.anima",
    "armour_hit": "rules.damage",
    "can_react": "rules.skill",
    "chance_die": "rules.farad",
    "chance_of_success": "rules.odds",
    "characteristic_margin": "rules.characteristic",
    "complementary_bonus": "rules.skill",
    "damage_level": "rules.skill",
    "demise_triggers": "rules.wounds",
    "desperation_die": "rules.farad",
    "exert_bonus": "rules.skill",
    "expected_victory_score": "rules.odds",
    "extended_total": "rules.skill",
    "fumble_level": "rules.anima",
    "luck_die": "rules.farad",
    "multi_action_penalty": "rules.skill",
    "open_roll_distribution": "rules.odds",
    "open_roll_total": "rules.anima",
    "opposed_characteristic": "rules.characteristic",
    "opposed_round": "rules.opposed",
    "parse_int": "rules.numbers",
    "parse_faces": "rules.dice",
    "reaction_time": "rules.skill",
    "read_breakage": "rules.wounds",
    "read_demise": "rules.wounds",
    "read_skill": "rules.skill",
    "resistance_check": "rules.anima",
    "resolve_damage": "rules.damage",
    "roll_skill": "rules.skill",
    "shield_pass": "rules.damage",
    "success_distribution": "rules.odds",
    "success_score": "rules.skill",
    "victory_level": "rules.skill",
    "victory_level_odds": "rules.odds",
    "victory_points": "rules.skill",
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

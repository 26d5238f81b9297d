"""Pure rules of the tracker: dice, the Victory Point chart, odds, Anima and FARAD dice.

No Textual, no Rich. Every public name of the rules API is exported here;
the encounter engine lives in `rules.engine`, `rules.session` and `rules.saves`.
"""

from rules.anima import (
    Check,
    ability_check,
    characteristic_margin,
    fumble_level,
    open_roll_total,
    opposed_characteristic,
    resistance_check,
)
from rules.damage import ArmourHit, AttackDamage, armour_hit, resolve_damage, shield_pass
from rules.dice import (
    DiceError,
    DiceExhausted,
    DiceSource,
    RecordingDice,
    ScriptedDice,
    SeededDice,
    parse_faces,
)
from rules.farad import chance_die, desperation_die, luck_die
from rules.odds import (
    chance_of_success,
    expected_victory_score,
    open_roll_distribution,
    success_distribution,
    victory_level_odds,
)
from rules.opposed import OpposedState, opposed_round
from rules.skill import (
    SkillRoll,
    can_react,
    complementary_bonus,
    damage_level,
    exert_bonus,
    extended_total,
    multi_action_penalty,
    reaction_time,
    read_skill,
    roll_skill,
    success_score,
    victory_level,
    victory_points,
)
from rules.wounds import PoolCheck, demise_triggers, read_breakage, read_demise

__all__ = [
    "ArmourHit",
    "AttackDamage",
    "Check",
    "DiceError",
    "DiceExhausted",
    "DiceSource",
    "OpposedState",
    "PoolCheck",
    "RecordingDice",
    "ScriptedDice",
    "SeededDice",
    "SkillRoll",
    "ability_check",
    "armour_hit",
    "can_react",
    "chance_die",
    "chance_of_success",
    "characteristic_margin",
    "complementary_bonus",
    "damage_level",
    "demise_triggers",
    "desperation_die",
    "exert_bonus",
    "expected_victory_score",
    "extended_total",
    "fumble_level",
    "luck_die",
    "multi_action_penalty",
    "open_roll_distribution",
    "open_roll_total",
    "opposed_characteristic",
    "opposed_round",
    "parse_faces",
    "reaction_time",
    "read_breakage",
    "read_demise",
    "read_skill",
    "resistance_check",
    "resolve_damage",
    "roll_skill",
    "shield_pass",
    "success_distribution",
    "success_score",
    "victory_level",
    "victory_level_odds",
    "victory_points",
]

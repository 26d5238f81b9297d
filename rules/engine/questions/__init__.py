"""The UI's questions to the rules, answered through one door.

The tracker asks here who acts now, what a roll will add, why a key is refused,
what a wound will do, what the players may see, and catches the rules' refusal
(`CommandError`) by this name; `rules.engine.session` is the one door that
changes an encounter. The answers live in the engine's modules: each area module
here re-exports its topic's (and wraps one where the question needs it), so the
engine may reshape its rooms without touching the app, and an import contract
(pyproject, tests/test_import_contracts.py) keeps `tracker` to these two doors.
Every answer reads the encounter and changes nothing.

Importing the door loads no area: a name is looked up in its area module the
first time it is asked for (`AREAS`), so a screen asking who acts now does not
load the death forecast, and the app starts as fast as it did with direct imports.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# Each area module and the names it answers with (its `__all__`, checked by a test).
AREAS: dict[str, tuple[str, ...]] = {
    "refusals": (
        "CommandError",
        "limb_refusal",
        "living_refusal",
        "orders_refusal",
        "payment_refusal",
        "reactor_refusal",
        "special_die_refusal",
        "timing_refusal",
        "why_not",
    ),
    "turns": (
        "acting_now",
        "acts_now",
        "declared_action",
        "left_to_do",
        "next_action",
        "next_place",
        "plain_actions",
        "tied",
        "upcoming",
    ),
    "rolls": (
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
    ),
    "reactions": (
        "as_reactor",
        "default_reaction",
        "landing",
        "last_target",
        "reacted_to",
        "reaction_skill_name",
        "side_rank",
        "targets_in_order",
        "timing",
    ),
    "wounds": (
        "consequences",
        "damage_breakdown",
        "forecasts",
        "passage_lines",
        "standing_words",
    ),
    "ahead": (
        "Active",
        "Ahead",
        "active_effects",
        "effects_ahead",
        "ticks_between",
    ),
    "players": (
        "PartyFigure",
        "PublicLine",
        "PublicView",
        "Tone",
        "is_party",
        "labels",
        "public_view",
    ),
    "log": ("LogTone", "log_tone"),
    "names": (
        "SHEET_FIELDS",
        "default_repertoire",
        "default_side",
        "free_name",
        "name_taken",
        "numbered_names",
        "unique_name",
    ),
}

_AREA_OF = {name: area for area, names in AREAS.items() for name in names}

__all__ = sorted(_AREA_OF)

if TYPE_CHECKING:  # what mypy reads: each area's names, with their types
    from rules.engine.questions.ahead import *  # noqa: F403
    from rules.engine.questions.log import *  # noqa: F403
    from rules.engine.questions.names import *  # noqa: F403
    from rules.engine.questions.players import *  # noqa: F403
    from rules.engine.questions.reactions import *  # noqa: F403
    from rules.engine.questions.refusals import *  # noqa: F403
    from rules.engine.questions.rolls import *  # noqa: F403
    from rules.engine.questions.turns import *  # noqa: F403
    from rules.engine.questions.wounds import *  # noqa: F403
else:  # hidden from mypy, so a name that is no answer stays an error, not Any

    def __getattr__(name: str) -> Any:
        """Load the area that answers `name` on first use, and keep the answer here."""
        if name in AREAS:
            return import_module(f"{__name__}.{name}")
        area = _AREA_OF.get(name)
        if area is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f"{__name__}.{area}"), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The answers and areas too, though none is loaded until asked for."""
    return sorted({*globals(), *__all__, *AREAS})

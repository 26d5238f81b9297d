"""The UI's questions to the rules, answered through one door.

The tracker asks here who acts now, what a new combatant may be called, which
FARAD die may be declared, whether a skill roll goes on, and catches the rules'
refusal (`CommandError`) by this name. The handlers, the command context and
the track's index stay inner modules that may change shape without touching
the app; an import contract (pyproject) keeps `tracker` out of them. Every
answer reads the encounter and changes nothing.
"""

from __future__ import annotations

from rules.engine.context import CommandError, living_refusal
from rules.engine.farad_in_play import die_refusal
from rules.engine.handlers.roster import (
    SHEET_FIELDS,
    default_repertoire,
    free_name,
    name_taken,
    numbered_names,
    unique_name,
)
from rules.engine.handlers.skill_rolls import continues
from rules.engine.track_index import acts_now, tied, upcoming
from rules.model.state import Combatant, Encounter

__all__ = [
    "SHEET_FIELDS",
    "CommandError",
    "acts_now",
    "continues",
    "default_repertoire",
    "free_name",
    "living_refusal",
    "name_taken",
    "numbered_names",
    "special_die_refusal",
    "tied",
    "unique_name",
    "upcoming",
]


def special_die_refusal(encounter: Encounter, c: Combatant, kind: str) -> str | None:
    """Why `c` may not declare this chance, luck or desperation die now (None: it may), in
    the words a command declaring it would be refused with (C, R16-R20)."""
    return die_refusal(encounter, c, kind)

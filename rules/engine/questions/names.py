"""What a new or edited combatant may be called and carries by default (R8).

The sheet forms and the templates ask the roster handler's own answers, so a
name the form offers is one the command takes.
"""

from __future__ import annotations

from rules.engine.handlers.roster import (
    SHEET_FIELDS,
    default_repertoire,
    free_name,
    name_taken,
    numbered_names,
    unique_name,
)
from rules.model.state import Encounter, Side

__all__ = [
    "SHEET_FIELDS",
    "default_repertoire",
    "default_side",
    "free_name",
    "name_taken",
    "numbered_names",
    "unique_name",
]


def default_side(enc: Encounter) -> Side:
    """The side a new sheet starts on: the last one added's (a GM adds the party, then
    the foes, each in a run), a PC in an empty encounter. Before (issue 27) every new
    sheet said enemy, even the third PC of a party's encounter."""
    last = next(reversed(enc.combatants.values()), None)
    return "PC" if last is None else last.side

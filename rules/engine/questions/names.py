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

__all__ = [
    "SHEET_FIELDS",
    "default_repertoire",
    "free_name",
    "name_taken",
    "numbered_names",
    "unique_name",
]

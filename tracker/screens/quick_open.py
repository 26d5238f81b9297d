"""Paint the encounter before the whole save is read: the first frame needs only the state.

A save holds the encounter and its undo history (commands, faces). Reading
the history means importing the engine and every command model, which is
most of the tracker's import time; the first frame needs none of it. So the
app paints from `read_encounter` (the encounter alone, validated by the same
model) and loads the full session right after — or at once, the moment
anything asks for the session. Any doubt (an old schema, a damaged file)
returns None and the app takes the full, slower path that explains errors.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from rules.state import SCHEMA_VERSION, Encounter


def read_encounter(path: Path) -> Encounter | None:
    """The save's encounter, or None when only the full loader should judge the file."""
    try:
        data = json.loads(Path(path).read_bytes())
        if data.get("schema_version") != SCHEMA_VERSION:
            return None  # an upgrade is the full loader's job
        return Encounter.model_validate(data["encounter"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, ValidationError):
        return None

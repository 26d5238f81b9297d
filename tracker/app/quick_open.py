"""Paint the encounter before the whole save is read: the first frame needs only the state.

A save holds the encounter and its undo history (commands, faces). Reading
the history means importing the engine and every command model, which is
most of the tracker's import time; the first frame needs none of it. So the
app paints from `first_look` (the encounter alone, validated by the same
model, and the dice mode the save remembers) and loads the full session
right after — or at once, the moment anything asks for the session. Any
doubt (an old schema, a damaged file) returns None and the app takes the
full, slower path that explains errors. The bytes come through the same
guarded read as loading (`rules.saves.raw`: no FIFO blocks it, no device
is read forever, deep nesting is refused), which imports no engine either.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from rules.mechanics.dice import DiceMode
from rules.model.state import SCHEMA_VERSION, Encounter
from rules.saves.raw import SaveError, read_json

DICE_MODES: tuple[DiceMode, ...] = ("virtual", "physical")


class FirstLook(NamedTuple):
    """What the first frame shows: the encounter, and which dice the status bar names."""

    encounter: Encounter
    dice: DiceMode


def first_look(path: Path) -> FirstLook | None:
    """The save's encounter and dice mode, or None when only the full loader should judge."""
    try:
        data = read_json(Path(path))
        if data.get("schema_version") != SCHEMA_VERSION:
            return None  # an upgrade is the full loader's job
        dice = data.get("dice", "virtual")
        if dice not in DICE_MODES:
            return None  # the full loader names the bad value
        return FirstLook(Encounter.model_validate(data["encounter"]), dice)
    except (SaveError, ValueError, KeyError, TypeError, AttributeError, ValidationError):
        return None

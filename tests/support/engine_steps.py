"""Shared steps for engine tests: apply with exact faces, refuse, undo everything."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.state import Combatant, Encounter


def session(*combatants: Combatant, **fields: Any) -> Session:
    return Session(Encounter(combatants={c.id: c for c in combatants}, **fields))


def do(s: Session, command: Any, *faces: int) -> list[str]:
    """Apply with exactly these faces (every one must be used); returns the new log lines."""
    dice = ScriptedDice(faces)
    applied = s.do(command, dice)
    assert dice.remaining == [], f"unused faces {dice.remaining} after {command.type}"
    return [e.text for e in applied.events]


def refused(s: Session, command: Any, match: str, *faces: int) -> None:
    """A refused command changes nothing."""
    before = s.encounter.model_dump(mode="json")
    with pytest.raises(CommandError, match=match):
        s.do(command, ScriptedDice(faces))
    assert s.encounter.model_dump(mode="json") == before


def undo_all(s: Session, start: dict[str, Any]) -> None:
    while s.can_undo:
        s.undo()
    assert s.encounter.model_dump(mode="json") == start


def texts(s: Session) -> list[str]:
    return [e.text for e in s.encounter.log]

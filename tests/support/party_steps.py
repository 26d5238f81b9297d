"""Shared steps for party tests: a small party, a fight played from it with exact faces."""

from __future__ import annotations

from typing import Any

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.party import Party
from rules.model.state import Combatant
from rules.party.between import new_party
from rules.party.encounters import new_encounter
from tests.support.random_fights import fighter

FILE = "company.json"


def pc(cid: str, name: str, wits: int) -> Combatant:
    c = fighter(cid, name, wits)
    return c.model_copy(update={"side": "PC", "luck": 0, "shield": None})


def company() -> Party:
    """Kans and Molin, fresh, on day 1."""
    return new_party("Company", [pc("c1", "Kans", 7), pc("c2", "Molin", 5)], uid="company")


def fight_from(party: Party, name: str, token: str = "enc1") -> Session:
    return Session(new_encounter(party, FILE, name, token=token))


def do(s: Session, command: Any, *faces: int) -> list[str]:
    """Apply with exactly these faces (every one used); the new log lines."""
    dice = ScriptedDice(faces)
    applied = s.do(command, dice)
    assert dice.remaining == [], f"unused faces {dice.remaining} after {command.type}"
    return [e.text for e in applied.events]

"""Fights the save tests build alike: a soldier's sheet, an encounter as JSON, a fought
session, a save truncated beside its good backup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import (
    AddCombatant,
    Advance,
    NewDay,
    StartCombat,
    TakeOpportunity,
)
from rules.model.state import Action, Armour, Combatant, Encounter, Weapon, Wound
from rules.saves.store import (
    save_session,
)
from tracker.files.demo import build_demo


def soldier(cid: str, name: str, wits: int = 5, side: str = "enemy", **fields: Any) -> Combatant:
    sheet: dict[str, Any] = {
        "stats": {"Strength": 6, "Dexterity": 7, "Endurance": 6, "Wits": wits},
        "skills": {"Melee": 4, "Dodge": 3},
        "actions": [
            Action(name="Slash", cost=4, kind="attack", weapon="Sword"),
            Action(name="Dodge", cost=2, kind="dodge"),
            Action(name="Aim", cost=3),
        ],
        "weapons": [Weapon(name="Sword", damage=5)],
        "armour": Armour(rating=2, hard=3, soft=1),
    }
    sheet.update(fields)
    return Combatant(id=cid, name=name, side=side, **sheet)  # type: ignore[arg-type]


def dump(encounter: Encounter) -> dict[str, Any]:
    return encounter.model_dump(mode="json")


def fought_session(start: Encounter | None = None) -> tuple[Session, list[dict[str, Any]]]:
    """A fight driven through real commands; also the encounter after each step (0 = start)."""
    session = Session(start or Encounter(name="Ambush at Leagueheim", day=2))
    states = [dump(session.encounter)]

    def do(command: Any, dice: Any) -> None:
        session.do(command, dice)
        states.append(dump(session.encounter))

    do(AddCombatant(combatant=soldier("c1", "Erian Li Halan", wits=7, side="PC")), ScriptedDice())
    do(AddCombatant(combatant=soldier("c2", "Hazat guard")), ScriptedDice())
    wounded = soldier("c3", "Decados spy", wits=6, wounds=[Wound(location="left arm", wp=2)])
    do(AddCombatant(combatant=wounded), ScriptedDice())
    # A7: c1 starts at 0; c2 (standard) and c3 (ready) roll one reaction die each.
    do(StartCombat(initiators=["c1"], awareness={"c3": "ready"}), ScriptedDice([7, 2]))
    do(Advance(), ScriptedDice())
    do(TakeOpportunity(actor="c1", actions=["Slash", "Dodge"]), ScriptedDice())
    # R8: a newcomer mid-fight rolls its reaction (whatever face the seed gives is recorded).
    do(AddCombatant(combatant=soldier("c4", "Vorox", wits=4)), SeededDice(11))
    for _ in range(4):
        do(Advance(), ScriptedDice())
        for cid in list(session.encounter.due):
            do(TakeOpportunity(actor=cid, actions=["Aim"], hold="Aim"), ScriptedDice())
    return session, states


def crashed(folder: Path) -> Path:
    """crash.json truncated, crash.json.bak the good save before it."""
    path = folder / "crash.json"
    session = Session(build_demo())
    save_session(session, path)
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)  # the first save becomes crash.json.bak
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 3])
    return path

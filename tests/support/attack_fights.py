"""Fighters and fights for attack tests (A8-A13): the engine, damage breakdown and dialogs."""

from __future__ import annotations

from typing import Any

from rules.engine.session import Session
from rules.model.state import Action, Combatant, Encounter, Pending, Weapon

SWORD = Weapon(name="Sword", skill="Melee", stat="Dexterity", damage=4)
PISTOL = Weapon(name="Pistol", skill="Shoot", stat="Dexterity", damage=3, kind="ranged")


def fighter(cid: str, ttu: int | None, **fields: Any) -> Combatant:
    """Dex 7, End 6, Wits 6; Melee 3, Shoot 3; a sword, a pistol; aware (ready)."""
    base: dict[str, Any] = {
        "stats": {"Dexterity": 7, "Endurance": 6, "Wits": 6},
        "skills": {"Melee": 3, "Shoot": 3},
        "weapons": [SWORD, PISTOL],
        "actions": [
            Action(name="Strike", cost=4, kind="attack", weapon="Sword"),
            Action(name="Shoot", cost=4, kind="attack", weapon="Pistol"),
            Action(name="Kick", cost=2, kind="attack"),
            Action(name="Dodge", cost=3, kind="dodge"),
            Action(name="Parry", cost=2, kind="parry"),
        ],
        "awareness": "ready",
    }
    base.update(fields)
    names = {w.name for w in base["weapons"]}
    base["actions"] = [a for a in base["actions"] if a.weapon is None or a.weapon in names]
    return Combatant(id=cid, name=cid.capitalize(), ttu=ttu, **base)


def fight(time: int, *combatants: Combatant) -> Session:
    """A fight on the track at `time`; whoever is due at `time` has the opportunity."""
    enc = Encounter(
        in_combat=True,
        time=time,
        combatants={c.id: c for c in combatants},
        due=[c.id for c in combatants if c.ttu == time],
    )
    return Session(enc)


def only(session: Session, kind: str) -> Pending:
    found = [p for p in session.encounter.pending if p.kind == kind]
    assert len(found) == 1, session.encounter.pending
    return found[0]


def melee_duel(bo_ttu: int) -> Session:
    """Lio attacks at 0; Bo (Melee 3) may parry when bo_ttu - 3 <= 0 (A10)."""
    return fight(0, fighter("lio", 0), fighter("bo", bo_ttu))

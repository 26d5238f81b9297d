"""A fight as a table sees it mid-way, for the players' screen's layout tests and pictures:
a party of three (two PCs and an ally), two foes (one unknown, one whose numbers the GM
has revealed), wounds, a bleeding PC, a condition, and a log of every tone (turns,
attacks, harm, care, rolls, the scene), driven through the rules' own commands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import (
    Advance,
    ApplyWound,
    Attack,
    ConfirmDamage,
    Parry,
    ResolveCheck,
    SkillRollCommand,
    StartCombat,
    Staunch,
    TakeOpportunity,
)
from rules.model.effect_commands import AddEffect
from rules.model.effects import Duration
from rules.model.state import Combatant, Encounter
from rules.model.visibility_commands import SetReveal
from rules.saves.store import save_session
from tests.support.random_fights import fighter

PARTY = ("Ana", "Kans the Scraver", "Baron Molin")
FOES = ("Vorn", "Decados guard")  # Vorn stays "Unknown A"; the guard's numbers are revealed
SEED = 3


def _cast() -> Encounter:
    enc = Encounter(name="Brawl at the Ukar's table")
    cast = [
        ("ana", PARTY[0], "PC", 7),
        ("kans", PARTY[1], "PC", 6),
        ("molin", PARTY[2], "ally", 5),
        ("vorn", FOES[0], "enemy", 5),
        ("guard", FOES[1], "enemy", 4),
    ]
    for cid, name, side, wits in cast:
        c: Combatant = fighter(cid, name, wits)
        enc.combatants[cid] = c.model_copy(update={"side": side, "luck": 1 if side == "PC" else 0})
    return enc


def settle(session: Session, dice: Any) -> None:
    """Answer every pending decision the plain way: no parry, the damage as rolled, each
    check rolled."""
    for _ in range(20):
        pending = session.encounter.pending
        if not pending:
            return
        p = pending[0]
        if p.kind == "parry":
            session.do(Parry(pending=p.id), dice)
        elif p.kind == "damage":
            session.do(ConfirmDamage(pending=p.id), dice)
        else:
            session.do(ResolveCheck(pending=p.id), dice)


def table_fight() -> Session:
    session = Session(_cast())
    dice = SeededDice(SEED)
    session.do(SetReveal(id="guard", reveal="numbers"), dice)
    session.do(StartCombat(initiators=["ana"]), dice)
    for _ in range(6):
        session.do(Advance(), dice)
        settle(session, dice)
        for cid in list(session.encounter.due):
            foe = cid in ("vorn", "guard")
            target = "kans" if foe else "vorn"
            session.do(TakeOpportunity(actor=cid, actions=["Attack"]), dice)
            session.do(Attack(attacker=cid, target=target, weapon="Knife"), dice)
            settle(session, dice)
    session.do(ApplyWound(target="ana", wound_points=3, location="left leg"), dice)
    settle(session, dice)
    session.do(SkillRollCommand(actor="molin", skill="Melee", stat="Dexterity"), dice)
    session.do(Staunch(target="kans", amount=1), ScriptedDice())
    stunned = AddEffect(targets=["ana"], name="Stunned", duration=Duration(kind="tu", amount=10))
    session.do(stunned, ScriptedDice())
    session.do(Advance(), dice)
    settle(session, dice)
    return session


def saved_table_fight(folder: Path, name: str = "table.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    save_session(table_fight(), path)
    return path

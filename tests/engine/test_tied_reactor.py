"""Issue 14, item 2: a combatant tied at the track's time who reacts (A7, A8, A10, R5).

One rule whichever the GM opened first: at T, everyone whose TTU is T has an Action
Opportunity at T (A7); the GM's opening only picks the order of the tie (R5). A reaction
made then is made in that opportunity's turn: the opportunity opens (if the GM had not
opened it yet) and stays, and the reaction's cost is added to the TTU (A10), so the
reactor still acts at T and its opportunity's cost is added after the reaction's.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.context import CommandError
from rules.engine.reactions import as_reactor
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Parry, Reorder, TakeOpportunity
from rules.model.state import Encounter
from tests.support.attack_fights import fight, fighter, only


def tie_at_3() -> Session:
    """Lio, Bo and Cy all at TTU 3; the track is at 3 and nobody is opened yet."""
    session = fight(3, fighter("lio", 3, stats={"Dexterity": 7, "Endurance": 6, "Wits": 9}),
                    fighter("bo", 3), fighter("cy", 3))  # fmt: skip
    session.encounter.due.clear()
    return session


def lio_strikes_bo_and_bo_parries(session: Session) -> Encounter:
    do = session.do
    do(TakeOpportunity(actor="lio", actions=["Strike"]), ScriptedDice([]))
    do(Attack(attacker="lio", target="bo", weapon="Sword", goal=3, location="chest"),
       ScriptedDice([8, 6, 3]))  # fmt: skip
    do(Parry(pending=only(session, "parry").id, weapon="Sword"), ScriptedDice([10, 10, 10]))
    return session.encounter


def bo(enc: Encounter) -> dict[str, Any]:
    return enc.combatants["bo"].model_dump(mode="json")


def test_bo_not_yet_opened_keeps_its_opportunity_at_3() -> None:
    enc = lio_strikes_bo_and_bo_parries(tie_at_3())
    assert enc.combatants["bo"].ttu == 5  # 3 + Parry 2 (A10)
    assert "bo" in enc.due  # its opportunity at 3 stands (A7, R5)
    session = Session(enc)
    session.do(TakeOpportunity(actor="bo", actions=["Strike"]), ScriptedDice([]))
    assert session.encounter.combatants["bo"].ttu == 9  # 5 + Strike 4


def test_the_same_whichever_the_gm_opened_first() -> None:
    plain = lio_strikes_bo_and_bo_parries(tie_at_3())
    for order in (["lio", "bo", "cy"], ["bo", "lio", "cy"], ["cy", "bo", "lio"]):
        session = tie_at_3()
        session.do(Reorder(order=order), ScriptedDice([]))  # R5: every one of them opens
        enc = lio_strikes_bo_and_bo_parries(session)
        assert bo(enc) == bo(plain), order
        assert "bo" in enc.due and "bo" in plain.due


def held_and_lucky() -> Session:
    """Bo held a Kick at its last opportunity and used a luck die that turn."""
    session = tie_at_3()
    bo = session.encounter.combatants["bo"]
    bo.held_action, bo.special_used = "Kick", "luck"
    return session


def test_a_tied_reactor_finds_its_new_turn_whichever_the_gm_opened_first() -> None:
    """A8: the held Kick lapses at the opportunity at 3; C: a new turn, so a chance die may
    follow last turn's luck die. The dialogs ask `as_reactor` and see the same."""
    for opened in (False, True):
        session = held_and_lucky()
        if opened:
            session.do(Reorder(order=["lio", "bo", "cy"]), ScriptedDice([]))
        session.do(TakeOpportunity(actor="lio", actions=["Strike"]), ScriptedDice([]))
        session.do(Attack(attacker="lio", target="bo", weapon="Sword", goal=3,
                          location="chest"), ScriptedDice([8, 6, 3]))  # fmt: skip
        enc = session.encounter
        view = as_reactor(enc, enc.combatants["bo"])
        assert (view.held_action, view.special_used) == (None, None), opened
        parry = Parry(pending=only(session, "parry").id, weapon="Sword", use_held=True)
        with pytest.raises(CommandError, match="holds no action to spend"):
            session.do(parry, ScriptedDice([]))
        chance = parry.model_copy(update={"use_held": False, "special": "chance-combat"})
        session.do(chance, ScriptedDice([4, 10, 10, 10]))
        bo = session.encounter.combatants["bo"]
        assert (bo.held_action, bo.special_used, bo.ttu) == (None, "chance-combat", 5), opened

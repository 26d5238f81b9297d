"""Whose moment it is (rules.engine.turns): who acts now (R5), what the turn rolls next
(A8), what may be reacted to (A10). The tracker's keys and track ask only these."""

from __future__ import annotations

from rules.engine.session import Session
from rules.engine.turns import acting_now, declared_action, next_action
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Advance, EndCombat, StartCombat, TakeOpportunity
from tests.support.random_fights import start_encounter


def started() -> Session:
    """Dinzis (Wits 6), Kans (7) and Molin (5) all start at 0 (A7)."""
    session = Session(start_encounter())
    session.do(StartCombat(initiators=["c0", "c1", "c2"]), ScriptedDice([]))
    return session


def test_nobody_acts_out_of_combat() -> None:
    enc = start_encounter()
    assert acting_now(enc) is None and next_action(enc) is None and declared_action(enc) is None


def test_acting_now_is_the_opened_one_else_the_first_of_the_tie_R5() -> None:
    session = started()
    enc = session.encounter
    assert enc.due == [] and acting_now(enc) == "c1"  # Kans: the highest Wits of the tie
    session.do(TakeOpportunity(actor="c2", actions=["Wait"]), ScriptedDice([]))  # R5: GM's pick
    assert acting_now(enc) == "c1"  # Molin has acted; Kans is still first of those left
    session.do(Advance(), ScriptedDice([]))
    assert enc.due == ["c1"] and acting_now(enc) == "c1"


def test_next_action_is_the_next_roll_declared_and_not_rolled_A8() -> None:
    session = started()
    enc = session.encounter
    session.do(TakeOpportunity(actor="c1", actions=["Wait", "Attack"]), ScriptedDice([]))
    step = next_action(enc)
    assert step is not None and (step[0].id, step[1].name) == ("c1", "Attack")  # Wait rolls none
    turn = declared_action(enc)
    assert turn is not None and turn.actor == "c1"


def test_the_end_of_combat_leaves_nothing_declared() -> None:
    session = started()
    session.do(TakeOpportunity(actor="c1", actions=["Attack"]), ScriptedDice([]))
    session.do(EndCombat(outcome="truce"), ScriptedDice([]))
    enc = session.encounter
    assert acting_now(enc) is None and next_action(enc) is None and declared_action(enc) is None

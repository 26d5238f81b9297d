"""A10: "a combatant may react to another's declared action": with none declared, or
to its own, the engine refuses (the `r` key always said so; the engine took it)."""

from __future__ import annotations

import pytest

from rules.engine.checks import why_not
from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.engine.turns import declared_action
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import React, StartCombat, TakeOpportunity
from tests.support.random_fights import dump, start_encounter


def started() -> Session:
    """Dinzis (c0) and Kans (c1) start at 0; Molin (c2) rolls its reaction (A7)."""
    session = Session(start_encounter())
    session.do(StartCombat(initiators=["c0", "c1"]), ScriptedDice([1]))
    return session


def test_a_reaction_with_nothing_declared_is_refused_A10() -> None:
    session = started()
    enc = session.encounter
    assert declared_action(enc) is None
    before = dump(enc)
    with pytest.raises(CommandError, match=r"no action is declared to react to \(A10\)"):
        session.do(React(reactor="c1", action="Dodge"), ScriptedDice([]))
    assert dump(enc) == before


def test_no_one_reacts_to_its_own_action_A10() -> None:
    session = started()
    session.do(TakeOpportunity(actor="c0", actions=["Attack"]), ScriptedDice([]))
    enc = session.encounter
    turn = declared_action(enc)
    assert turn is not None and turn.actor == "c0"
    reason = why_not(enc, React(reactor="c0", action="Dodge"))
    assert reason == "Dinzis cannot react to its own action (A10)"
    assert why_not(enc, React(reactor="c1", action="Dodge")) is None  # Kans may (TTU 0)


def test_a_declared_plain_action_may_be_reacted_to_A10() -> None:
    """Any declared action, not only a roll: Dinzis declares Wait, Kans may dodge it."""
    session = started()
    session.do(TakeOpportunity(actor="c0", actions=["Wait"]), ScriptedDice([]))
    turn = declared_action(session.encounter)
    assert turn is not None and turn.actions == ["Wait"]
    assert why_not(session.encounter, React(reactor="c1", action="Dodge")) is None

"""Reactions (A10) and who the engine refuses, and why.

"A combatant may react to another's declared action": with none declared, or
to its own, the engine refuses (the `r` key always said so; the engine took it).
A surprised combatant cannot react (A7/A10), and the refusal says so: before,
the engine refused it with the A10 arithmetic ("TTU 16 - skill 6 = 10 is after
now (13)"), which was false whenever the arithmetic allowed it.
"""

from __future__ import annotations

import pytest

from rules.engine.checks import why_not
from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.engine.turns import declared_action
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Dodge, React, StartCombat, TakeOpportunity
from rules.model.state import Encounter
from tests.support.act_fixtures import a10, lio, markon
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


def test_a_surprised_reactor_is_refused_for_its_surprise_not_its_sum_A10() -> None:
    session = a10(awareness="surprised")  # Markon: TTU 16 − Dodge 6 = 10 ≤ 13, but unaware
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    reason = why_not(session.encounter, React(reactor="markon", action="Dodge"))
    assert reason == "Markon is surprised: unaware, so it cannot react (A10)"


def test_a_surprised_target_may_not_dodge_and_is_told_why_A10() -> None:
    session = a10(awareness="surprised")
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    attack = Attack(attacker="lio", target="markon", weapon="Blaster", goal=3, dodge=Dodge())
    reason = why_not(session.encounter, attack)
    assert reason == "Markon is surprised: unaware, so it cannot react (A10)"


def test_a_late_reactor_still_gets_the_sum_A10() -> None:
    enc = Encounter(  # A10's seed check, Markon later: 20 − 6 = 14 > 13, aware but too late
        in_combat=True,
        time=13,
        due=["lio"],
        combatants={"lio": lio(ttu=13), "markon": markon(ttu=20)},
    )
    session = Session(enc)
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    reason = why_not(session.encounter, React(reactor="markon", action="Dodge"))
    assert reason == "Markon cannot react: TTU 20 - skill 6 = 14 is after now (13) (A10)"

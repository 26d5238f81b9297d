"""A7/A10: a surprised combatant cannot react, and the refusal says so.

Before, the engine refused it with the A10 arithmetic ("TTU 16 - skill 6 = 10
is after now (13)"), which was false whenever the arithmetic allowed it:
10 is not after 13. The reason was surprise, and the GM read a wrong sum.
"""

from __future__ import annotations

from rules.engine.checks import why_not
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Dodge, React, TakeOpportunity
from rules.model.state import Encounter
from tests.support.act_fixtures import a10, lio, markon


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

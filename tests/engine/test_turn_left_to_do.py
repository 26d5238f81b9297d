"""A8/A10: what is left of a declared turn, when some actions roll and some don't.

`turn.done` counts the rolls made (only rolls spend a slot); a plain action
(Aim, Move) needs no roll. So what is left is what follows the last roll made,
and `r` must never offer reacting to a shot already rolled.
"""

from __future__ import annotations

from rules.engine.turns import declared_action, left_to_do, next_place
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, React, TakeOpportunity
from tests.support.act_fixtures import a10
from tests.support.engine_steps import refused

MISS = (1, 1, 1, 1, 1, 1)  # Shoot 6 + Dexterity 8: six dice, every one a 1 (a miss)


def _shoot(session) -> None:  # type: ignore[no-untyped-def]
    attack = Attack(attacker="lio", target="markon", weapon="Blaster", goal=3)
    session.do(attack, ScriptedDice([1] * 20))


def test_aim_then_shoot_once_shot_leaves_nothing_to_react_to() -> None:
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Aim", "Shoot"]), ScriptedDice([]))
    enc = session.encounter
    assert left_to_do(enc) == ["Aim", "Shoot"]
    assert next_place(enc) == (2, 2)  # the shot is the second declared action
    _shoot(session)
    assert left_to_do(session.encounter) == []
    assert declared_action(session.encounter) is None
    assert next_place(session.encounter) is None
    refused(session, React(reactor="markon", action="Dodge"), "no action is declared")


def test_shoot_then_aim_leaves_the_aim_declared() -> None:
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot", "Aim"]), ScriptedDice([]))
    assert next_place(session.encounter) == (1, 2)
    _shoot(session)
    assert left_to_do(session.encounter) == ["Aim"]
    assert declared_action(session.encounter) is not None
    assert next_place(session.encounter) is None  # nothing left to roll


def test_aim_between_two_shots() -> None:
    session = a10()
    turn = TakeOpportunity(actor="lio", actions=["Shoot", "Aim", "Shoot"])
    session.do(turn, ScriptedDice([]))
    _shoot(session)
    assert left_to_do(session.encounter) == ["Aim", "Shoot"]
    assert next_place(session.encounter) == (3, 3)
    _shoot(session)
    assert left_to_do(session.encounter) == [] and session.encounter.turn is None

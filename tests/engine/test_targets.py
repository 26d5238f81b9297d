"""Who may be attacked and in which order the attack dialog offers them (A11, A10, R5).

Issue 14: a combatant taken out of the fight (fled) stayed in the target list and
became the default target; the engine then refused its dodge. Targets are those
who can be hit; the first is the attacker's last target, else the other side in
track order.
"""

from __future__ import annotations

import pytest

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.engine.targets import last_target, reacted_to, target_refusal, targets_in_order
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, FightStatus, React, TakeOpportunity
from rules.model.state import Action, Combatant, Encounter, Side, Weapon

KNIFE = Weapon(name="knife", skill="Melee", stat="Dexterity", damage=3, kind="melee")
STATS = dict.fromkeys(("Strength", "Dexterity", "Endurance", "Wits", "Perception", "Tech"), 5)


def being(cid: str, side: Side, ttu: int, wits: int = 5) -> Combatant:
    return Combatant(
        id=cid,
        name=cid.title(),
        side=side,
        stats={**STATS, "Wits": wits},
        skills={"Melee": 5, "Dodge": 3},
        weapons=[KNIFE],
        actions=[
            Action(name="Stab", kind="attack", weapon="knife", cost=3),
            Action(name="Dodge", kind="dodge", cost=2),
        ],
        ttu=ttu,
    )


def fight() -> Session:
    """Kaz (PC) acts at 0; guards at 9 and 4, a merchant, Kaz's ally at 2."""
    people = [
        being("kaz", "PC", 0),
        being("guard", "enemy", 9),
        being("brute", "enemy", 4),
        being("merchant", "neutral", 1),
        being("ally", "ally", 2),
    ]
    enc = Encounter(in_combat=True, time=0, combatants={c.id: c for c in people})
    return Session(enc)


def order(session: Session, first: str | None = None) -> list[str]:
    enc = session.encounter
    return [c.id for c in targets_in_order(enc, enc.combatants["kaz"], first)]


def test_the_other_side_first_in_track_order_then_neutrals_then_friends() -> None:
    assert order(fight()) == ["brute", "guard", "merchant", "ally"]


def test_the_last_target_comes_first() -> None:
    assert order(fight(), "guard") == ["guard", "brute", "merchant", "ally"]


def test_one_out_of_the_fight_is_no_target_and_never_the_default() -> None:
    """Issue 14 item 1 (failed before: the fled brute was the first, default target)."""
    session = fight()
    session.do(FightStatus(target="brute", out=True, reason="fled"), ScriptedDice([]))
    assert order(session) == ["guard", "merchant", "ally"]
    assert order(session, "brute") == ["guard", "merchant", "ally"]  # even as the last target
    enc = session.encounter
    brute = enc.combatants["brute"]
    assert target_refusal(enc.combatants["kaz"], brute) == "Brute is out of the fight"


def test_the_engine_refuses_an_attack_on_one_out_of_the_fight() -> None:
    session = fight()
    session.do(FightStatus(target="brute", out=True), ScriptedDice([]))
    session.do(TakeOpportunity(actor="kaz", actions=["Stab"]), ScriptedDice([]))
    with pytest.raises(CommandError, match="Brute is out of the fight"):
        session.do(Attack(attacker="kaz", target="brute", weapon="knife", goal=3), ScriptedDice([]))


def test_the_dead_are_no_targets() -> None:
    session = fight()
    session.encounter.combatants["guard"].dead = True
    assert order(session) == ["brute", "merchant", "ally"]


def test_one_joining_never_moves_the_others_about() -> None:
    session = fight()
    before = order(session)
    session.encounter.combatants["late"] = being("late", "enemy", 30)
    assert [x for x in order(session) if x != "late"] == before


def test_last_target_reads_the_attacker_s_latest_attack() -> None:
    done = [
        Attack(attacker="kaz", target="guard", weapon="knife", goal=3),
        Attack(attacker="brute", target="kaz", weapon="knife", goal=3),
        Attack(attacker="kaz", target="merchant", weapon="knife", goal=3),
    ]
    assert last_target(done, "kaz") == "merchant"
    assert last_target(done, "brute") == "kaz"
    assert last_target(done, "guard") is None


def test_a_reaction_s_attack_is_at_the_one_reacted_to_A10() -> None:
    session = fight()
    enc = session.encounter
    enc.combatants["guard"].ttu = 4
    enc.combatants["guard"].held_action = "Stab"
    session.do(TakeOpportunity(actor="kaz", actions=["Stab"]), ScriptedDice([]))
    session.do(React(reactor="guard", action="Stab"), ScriptedDice([]))
    assert reacted_to(enc, "guard") == "kaz"
    assert reacted_to(enc, "kaz") is None
    guard = enc.combatants["guard"]
    assert targets_in_order(enc, guard, reacted_to(enc, "guard"))[0].id == "kaz"

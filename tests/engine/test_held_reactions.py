"""A held Opportunity Action and the reactions that may spend it (A8, A10).

A10: "With a held Opportunity Action, the reaction can be any action; without
one, only a defensive action (dodge or parry)." So a plain dodge or parry
needs no held action and leaves it for later; the GM may choose to spend it
(`use_held`). A8: the held action "counts toward the 3" and the penalty falls
on "each" action of its opportunity, so when it is spent its roll carries the
penalty of the opportunity that declared it.
"""

from __future__ import annotations

from typing import Any

from rules.engine.session import Session
from rules.model.commands import Advance, Attack, Dodge, Parry, React, TakeOpportunity
from rules.model.state import Action, Combatant, Encounter, Weapon
from tests.support.engine_steps import do, refused

SWORD = Weapon(name="Sword", skill="Melee", stat="Dexterity", damage=4)


def being(cid: str, ttu: int, **fields: Any) -> Combatant:
    """Dexterity 7, Melee 3, Dodge 3, a sword; Strike (4), Wait (2), Dodge (3), Parry (2)."""
    base: dict[str, Any] = {
        "stats": {"Dexterity": 7, "Endurance": 6, "Wits": 6},
        "skills": {"Melee": 3, "Dodge": 3},
        "weapons": [SWORD],
        "actions": [
            Action(name="Strike", cost=4, kind="attack", weapon="Sword"),
            Action(name="Wait", cost=2),
            Action(name="Dodge", cost=3, kind="dodge"),
            Action(name="Parry", cost=2, kind="parry"),
        ],
        "awareness": "ready",
        "ttu": ttu,
    }
    base.update(fields)
    return Combatant(id=cid, name=cid.capitalize(), **base)


def baron_acts_at_5() -> Session:
    """Track 5: the Baron's opportunity is open; Dinzis is next, at 7."""
    return Session(
        Encounter(
            in_combat=True,
            time=5,
            due=["baron"],
            combatants={"baron": being("baron", 5), "dinzis": being("dinzis", 7)},
        )
    )


def undo_to(s: Session, steps: int, dump: dict[str, Any]) -> None:
    """Undo back to `steps` done: the encounter is exactly `dump` again."""
    while len(s.done) > steps:
        s.undo()
    assert s.encounter.model_dump(mode="json") == dump


def baron_holds() -> Session:
    """Track 5: the Baron declares Strike + Wait (held): -4 to each (A8), next at 9.

    Dinzis (TTU 7) is next; the Baron's Strike is not rolled here (it is spent
    as a plain action through the turn), so only the held Wait is left.
    """
    s = baron_acts_at_5()
    do(s, TakeOpportunity(actor="baron", actions=["Strike", "Wait"], hold="Wait"))
    # 3d10 on Dexterity 7: 1 1 1 → 0 -4 = -4 vs goal 30: a miss (no parry, no damage).
    do(s, Attack(attacker="baron", target="dinzis", weapon="Sword", goal=30), 1, 1, 1)
    do(s, Advance())  # track 7: Dinzis's opportunity
    do(s, TakeOpportunity(actor="dinzis", actions=["Strike"]))
    return s


def test_a_plain_dodge_keeps_the_held_action() -> None:
    """Baron: TTU 9 - Dodge 3 = 6 <= 7 may dodge without spending his held Wait (A10)."""
    s = baron_holds()
    start, steps = s.encounter.model_dump(mode="json"), len(s.done)
    # Baron dodges: 3d10 1 1 1 → 0 vs 4, fails (VS 0); Dinzis 3d10 1 1 1 misses goal 30.
    attack = Attack(
        attacker="dinzis", target="baron", weapon="Sword", goal=30, dodge=Dodge(action="Dodge")
    )
    lines = do(s, attack, 1, 1, 1, 1, 1, 1)
    baron = s.encounter.combatants["baron"]
    assert baron.held_action == "Wait"
    assert baron.held_penalty == -4
    assert baron.ttu == 12  # 9 + the dodge's own cost 3
    assert "Baron reacts with Dodge (reaction, cost 3; keeps its held Wait) → next at 12" in lines
    # No A8 penalty on a plain reaction: 0 VP and no modifier.
    assert any(
        line.startswith("Baron rolls Dodge: 3d10 vs Dexterity 7: 1 1 1 → 0+0+0 = 0 vs goal 4")
        for line in lines
    )
    undo_to(s, steps, start)


def test_a_dodge_may_spend_the_held_action_with_its_penalty() -> None:
    """use_held: the held Wait pays; its opportunity's -4 goes on the dodge roll (A8)."""
    s = baron_holds()
    dodge = Dodge(action="Dodge", use_held=True)
    attack = Attack(attacker="dinzis", target="baron", weapon="Sword", goal=30, dodge=dodge)
    # Dodge 3d10 10 10 10 → 9 -4 = 5 vs 4 → VS 1; Dinzis 1 1 1 misses.
    lines = do(s, attack, 10, 10, 10, 1, 1, 1)
    baron = s.encounter.combatants["baron"]
    assert baron.held_action is None
    assert baron.held_penalty == 0
    assert (
        "Baron reacts with Dodge (spends its held Wait, cost 3, -4 to its roll (A8)) → next at 12"
        in lines
    )
    assert any("= 9 -4 (held action, A8) = 5 vs goal 4 → VS 1" in line for line in lines)


def test_a_plain_parry_keeps_the_held_action_and_use_held_spends_it() -> None:
    s = baron_holds()
    # Dinzis hits: 3d10 10 10 10 → 9 vs 3 → VS 6; the Baron may parry (9 - Melee 3 = 6 <= 7).
    do(s, Attack(attacker="dinzis", target="baron", weapon="Sword", goal=3), 10, 10, 10)
    pending = s.encounter.pending[0]
    assert pending.kind == "parry"
    kept = s.encounter.model_dump(mode="json")
    # Plain parry: 3d10 10 10 10 → 9 vs goal 9: blocked; Wait still held.
    lines = do(s, Parry(pending=pending.id, weapon="Sword", action="Parry"), 10, 10, 10)
    assert s.encounter.combatants["baron"].held_action == "Wait"
    assert "Baron reacts with Parry (reaction, cost 2; keeps its held Wait) → next at 11" in lines
    s.undo()
    assert s.encounter.model_dump(mode="json") == kept
    # Spending it: the -4 of its opportunity makes the same faces fail (9 - 4 = 5 < 9).
    lines = do(
        s, Parry(pending=pending.id, weapon="Sword", action="Parry", use_held=True), 10, 10, 10
    )
    assert s.encounter.combatants["baron"].held_action is None
    assert any("-4 (held action, A8) = 5 vs goal 9 → fails by 4" in line for line in lines)
    assert s.encounter.pending[0].kind == "damage"


def test_an_attack_paid_by_another_action_needs_the_held_action() -> None:
    """Paying a dodge with Strike (not a dodge) is the held action's job; asked plainly, refused."""
    s = baron_holds()
    attack = Attack(
        attacker="dinzis", target="baron", weapon="Sword", goal=30, dodge=Dodge(action="Strike")
    )
    refused(
        s, attack, "Strike is not a dodge: only Baron's held Wait can pay for it", 1, 1, 1, 1, 1, 1
    )


def test_use_held_without_a_held_action_is_refused() -> None:
    s = baron_holds()
    s.encounter.combatants["baron"].held_action = None
    attack = Attack(
        attacker="dinzis", target="baron", weapon="Sword", goal=30, dodge=Dodge(use_held=True)
    )
    refused(s, attack, "Baron holds no action to spend", 1, 1, 1, 1, 1, 1)


def test_the_held_attack_used_later_carries_its_opportunitys_penalty() -> None:
    """A8: Strike + Wait (held) at -4 each; the held action spent on an attack is still -4."""
    s = baron_holds()
    start, steps = s.encounter.model_dump(mode="json"), len(s.done)
    lines = do(s, React(reactor="baron", action="Strike"))
    assert (
        "Baron reacts with Strike (spends its held Wait, cost 4, -4 to its roll (A8)) → next at 13"
        in lines
    )
    turn = s.encounter.turn
    assert turn is not None and turn.actor == "baron" and turn.reaction and turn.penalty == -4
    # 3d10 10 10 10 → 9 -4 = 5 vs goal 30: the -4 is on the roll.
    lines = do(s, Attack(attacker="baron", target="dinzis", weapon="Sword", goal=30), 10, 10, 10)
    assert any("= 9 -4 (actions, A8) = 5 vs goal 30" in line for line in lines)
    undo_to(s, steps, start)


def test_a_react_with_a_dodge_keeps_the_held_action_unless_asked() -> None:
    s = baron_holds()
    do(s, React(reactor="baron", action="Dodge"))
    assert s.encounter.combatants["baron"].held_action == "Wait"
    assert s.encounter.turn is not None and s.encounter.turn.penalty == 0
    s.undo()
    do(s, React(reactor="baron", action="Dodge", use_held=True))
    assert s.encounter.combatants["baron"].held_action is None
    assert s.encounter.turn is not None and s.encounter.turn.penalty == -4


def test_a_lone_held_action_has_no_penalty() -> None:
    """A8: one action (held) is no multi-action: nothing to carry."""
    s = baron_acts_at_5()
    do(s, TakeOpportunity(actor="baron", actions=["Wait"], hold="Wait"))
    assert s.encounter.combatants["baron"].held_penalty == 0

"""Issue 14: a hit's damage is logged once, when it is applied, with every soft-armour face.

Before, each hit was logged twice: "(to confirm)" when the damage was worked out
and "applied" when the GM confirmed it. The pending decision (and its banner)
shows the breakdown meanwhile; the log keeps the one line of what happened.
Undo stays exact: the line goes with the step that wrote it.
"""

from __future__ import annotations

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, ConfirmDamage, TakeOpportunity
from rules.model.state import Armour
from tests.support.attack_fights import fight, fighter, only

# Lio, Dex 7, Shoot 3: 10 10 10 → 3+3+3 = SS 9 vs 3 → VS 6 (+3 damage = 9).
SHOT = Attack(attacker="lio", target="bo", weapon="Pistol", goal=3)
HITS = [10, 10, 10]


def test_the_damage_is_one_line_with_its_soft_faces() -> None:
    """Failed before: a "(to confirm)" line came first, then "applied"."""
    bo = fighter("bo", 20, armour=Armour(rating=5, hard=0, soft=2))
    session = fight(0, fighter("lio", 0), bo)
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    before = session.encounter.model_dump(mode="json")
    session.do(SHOT, ScriptedDice([*HITS, 7, 1]))  # soft 2d10 vs AR 5: 2 + 0 VP
    enc = session.encounter
    assert [e.kind for e in enc.log if e.kind == "damage"] == []  # pending: not yet logged
    session.do(ConfirmDamage(pending=only(session, "damage").id), ScriptedDice([]))
    damage = [e for e in enc.log if e.kind == "damage"]
    assert len(damage) == 1
    assert "to confirm" not in damage[0].text and "applied" in damage[0].text
    assert damage[0].faces == [7, 1]
    session.undo()
    session.undo()
    assert session.encounter.model_dump(mode="json") == before


def test_a_stopped_hit_let_through_shows_the_faces_rolled_then() -> None:
    """A12: a shield stops it; the GM lets it through: the soft dice roll at confirmation."""
    from rules.model.state import Shield

    bo = fighter("bo", 20, armour=Armour(rating=5, hard=0, soft=1), shield=Shield(low=5, high=10))
    session = fight(0, fighter("lio", 0), bo)
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    session.do(SHOT, ScriptedDice(HITS))  # 9 in 5/10: stopped, no soft dice yet
    pending = only(session, "damage")
    session.do(ConfirmDamage(pending=pending.id, after_shield=9), ScriptedDice([1]))
    damage = [e for e in session.encounter.log if e.kind == "damage"]
    assert len(damage) == 1 and damage[0].faces == [1]

"""A16: every fall of effective Endurance is checked at once, and the check says the truth.

A16 calls a demise check "when ... its effective Endurance falls to half its
base Endurance or less" and "falls to 0", whatever lowered it (A9): WP, broken
ribs, an Exhaustion Point from exertion (A5), a desperation drain (R20). And an
open check's text must name the Endurance it will roll on, even after a
breakage roll answered first broke the ribs (A15).
"""

from __future__ import annotations

from typing import Any

from rules.engine.session import Session
from rules.model.commands import ApplyWound, Attack, ResolveCheck, SkillRollCommand, TakeOpportunity
from rules.model.state import Action, Combatant, Encounter, Pending, Weapon, Wound
from tests.support.engine_steps import do, undo_all

KNIFE = Weapon(name="knife", skill="Melee", stat="Dexterity", damage=3)


def kans(wp: int = 0, **fields: Any) -> Combatant:
    """The card game's Kans: Endurance 5, Dexterity 7, Melee 4; `wp` WP already taken."""
    wounds = [Wound(wp=wp, level="Eviscerate", location="head")] if wp else []
    return Combatant(
        id="kans",
        name="Kans",
        side="PC",
        stats={"Dexterity": 7, "Endurance": 5, "Wits": 7, "Tech": 5},
        skills={"Melee": 4, "Tech": 2},
        weapons=[KNIFE],
        actions=[Action(name="Throw", kind="attack", weapon="knife", cost=3)],
        wounds=wounds,
        **fields,
    )


def dinzis() -> Combatant:
    """Unarmed, so Kans's attack leaves no parry to answer."""
    return Combatant(id="dinzis", name="Dinzis", stats={"Endurance": 5, "Wits": 5})


def fight(k: Combatant) -> Session:
    """Kans is due at track 2."""
    return Session(
        Encounter(
            in_combat=True,
            time=2,
            due=["kans"],
            combatants={"kans": k.model_copy(update={"ttu": 2}), "dinzis": dinzis()},
        )
    )


def demise_checks(s: Session) -> list[Pending]:
    return [p for p in s.encounter.pending if p.kind == "demise"]


def test_exerting_on_an_attack_to_half_endurance_calls_the_check_at_once() -> None:
    """The tester's repro: 6 WP → Endurance 3; exerting → 2 ≤ half of 5 (A5, A16.2)."""
    s = fight(kans(wp=6))
    start = s.encounter.model_dump(mode="json")
    assert s.encounter.combatants["kans"].effective("Endurance") == 3
    do(s, TakeOpportunity(actor="kans", actions=["Throw"]))
    # 4d10 on Dexterity 7 (-2 for 6 WP → 5): 1 1 1 1 → 0, exert +5 = 5 vs goal 30: a miss.
    lines = do(
        s, Attack(attacker="kans", target="dinzis", weapon="knife", goal=30, exert=True), 1, 1, 1, 1
    )
    kans_now = s.encounter.combatants["kans"]
    assert kans_now.exhaustion == 1
    assert kans_now.effective("Endurance") == 2
    assert kans_now.half_endurance_checked
    (check,) = demise_checks(s)
    assert check.data.trigger == "half endurance"
    assert "5d10 vs Endurance 2" in check.text
    # The check is logged right after the roll that exerted, before the miss.
    assert any(line.startswith("Demise check for Kans (half endurance") for line in lines)
    # R15: answered like any demise check: 5d10 on row 2, 5 5 5 5 5 → 5 VP... row 2: 4-7 → 1 each.
    do(s, ResolveCheck(pending=check.id), 5, 5, 5, 5, 5)
    assert not s.encounter.combatants["kans"].dead
    undo_all(s, start)


def test_exertion_to_zero_endurance_calls_the_zero_check() -> None:
    """12 WP → Endurance 1 (half already crossed); exerting a skill roll → 0 (A16.3)."""
    s = Session(Encounter(combatants={"kans": kans(wp=12, half_endurance_checked=True)}))
    do(s, SkillRollCommand(actor="kans", skill="Tech", stat="Tech", goal=1, exert=True), 10, 10)
    (check,) = demise_checks(s)
    assert check.data.trigger == "zero endurance"
    assert "vs Endurance 0" in check.text
    assert s.encounter.combatants["kans"].zero_endurance_checked


def test_exertion_above_the_lines_calls_no_check() -> None:
    s = Session(Encounter(combatants={"kans": kans()}))
    do(s, SkillRollCommand(actor="kans", skill="Tech", stat="Tech", goal=1, exert=True), 10, 10)
    assert s.encounter.pending == []


def test_a_desperation_drain_on_endurance_to_zero_calls_the_check() -> None:
    """R19: base 5's line is 1; at Endurance 1 the die's cost (R20) drains it to 0 (A16.3)."""
    s = Session(Encounter(combatants={"kans": kans(wp=12, half_endurance_checked=True)}))
    start = s.encounter.model_dump(mode="json")
    # The desperation d10 2: no change, the cost is paid; then Tech 2d10.
    roll = SkillRollCommand(actor="kans", skill="Tech", stat="Tech", goal=1, special="desperation")
    lines = do(s, roll, 2, 10, 10)
    kans_now = s.encounter.combatants["kans"]
    assert kans_now.drains["Endurance"] == 1  # and Tech: it is at its line too
    (check,) = demise_checks(s)
    assert check.data.trigger == "zero endurance"
    assert "vs Endurance 0" in check.text
    # Logged when the drain is paid, before the roll it was declared for.
    at = next(i for i, line in enumerate(lines) if line.startswith("Demise check"))
    assert "Desperation die" in lines[at - 1]
    undo_all(s, start)


def test_a_refunded_desperation_cost_calls_no_check() -> None:
    """C3: 5-7 refunds the cost: no drain, Endurance stays 1, no check."""
    s = Session(Encounter(combatants={"kans": kans(wp=12, half_endurance_checked=True)}))
    roll = SkillRollCommand(actor="kans", skill="Tech", stat="Tech", goal=1, special="desperation")
    do(s, roll, 6, 10, 10)
    assert s.encounter.combatants["kans"].drains == {}
    assert s.encounter.pending == []


def test_an_open_demise_check_shows_the_endurance_after_the_ribs_break() -> None:
    """A chest Maim (5 WP): breakage (goal 7) and a massive-wound check at Endurance 4.

    The breakage roll fails: broken ribs, Endurance 3 (A15). The open demise
    check must now say 3, the row it rolls on; undo brings back 4 exactly.
    """
    s = Session(Encounter(combatants={"kans": kans()}))
    do(s, ApplyWound(target="kans", wound_points=5, location="chest"))
    breakage = next(p for p in s.encounter.pending if p.kind == "breakage")
    (check,) = demise_checks(s)
    assert "5d10 vs Endurance 4" in check.text
    before = s.encounter.model_dump(mode="json")
    # 5d10 on row 4: 1 1 1 1 1 → 0 VP vs goal 7: the ribs break.
    do(s, ResolveCheck(pending=breakage.id), 1, 1, 1, 1, 1)
    assert s.encounter.combatants["kans"].broken_ribs
    (check,) = demise_checks(s)
    assert "5d10 vs Endurance 3" in check.text
    assert "vs Endurance 4" not in check.text
    # The roll uses what the text says: row 3, faces 4-6 → 1 VP each.
    lines = do(s, ResolveCheck(pending=check.id), 4, 4, 4, 4, 4)
    assert "5d10 vs Endurance 3" in lines[-1]
    s.undo()
    s.undo()
    assert s.encounter.model_dump(mode="json") == before

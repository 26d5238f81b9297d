"""Issue 14, item 7: Part C modifies "whatever attempt was made" (C, R16, A5).

A dodge takes a chance, luck or desperation die and exertion; a breakage or demise
check takes a declared die. The one-kind-a-turn rule (C) holds for each, and a
refused die changes nothing and throws no die.
"""

from __future__ import annotations

from rules.engine.session import Session
from rules.model.commands import ApplyWound, Attack, Dodge, ResolveCheck, TakeOpportunity
from rules.model.state import Combatant, Encounter, Pending
from tests.support.attack_fights import PISTOL, fight, fighter
from tests.support.engine_steps import do, refused, texts


def lio_and_markon(**markon: object) -> Session:
    """A10's seed check: Lio acts at 13; Markon (Dodge 6, Dex 7) at 16 may react."""
    lio = fighter("lio", 13)
    dodger = fighter("markon", 16, skills={"Dodge": 6}, weapons=[PISTOL], **markon)
    session = fight(13, lio, dodger)
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    return session


def strike(dodge: Dodge) -> Attack:
    return Attack(attacker="lio", target="markon", weapon="Sword", dodge=dodge)


def test_a_dodge_takes_a_chance_die_and_exertion() -> None:
    """C1 + A5: d10 7 → +7; 6d10 on Dex 7 all 1s → 0 VP, exert +7 → 14 vs 4 → VS 10."""
    session = lio_and_markon()
    start = session.encounter.model_dump(mode="json")
    dodge = Dodge(goal=4, special="chance-combat", exert=True)
    # the chance d10, the dodge's 6 d10, then Lio's 3 d10 (goal 3 + 10 = 13: a miss)
    lines = do(session, strike(dodge), 7, *[1] * 6, 1, 1, 1)
    markon = session.encounter.combatants["markon"]
    assert markon.special_used == "chance-combat" and markon.exhaustion == 1
    assert "Markon: Combat chance die: d10 7 → +7" in lines[1]
    assert "+7 (combat chance die, C1) +7 (exert, A5) = 14 vs goal 4 → VS 10" in lines[2]
    assert "Lio misses Markon with Sword (SS 0 vs goal 3 + dodge 10 = 13)" in texts(session)
    session.undo()  # exactly undone
    assert session.encounter.model_dump(mode="json") == start


def test_a_dodge_keeps_the_one_kind_a_turn_rule() -> None:
    """C: Markon used luck this turn: a chance die on its dodge is refused, nothing rolled."""
    session = lio_and_markon(special_used="luck", luck=2)
    refused(session, strike(Dodge(goal=4, special="chance-combat")), "do not mix in one turn")
    lines = do(session, strike(Dodge(goal=4, special="luck")), 2, *[1] * 6, 1, 1, 1)
    assert "Positive luck die: d10 2 → no change" in lines[1]
    assert session.encounter.combatants["markon"].luck == 1


def kans(**fields: object) -> Combatant:
    """Endurance 5 (5 dice on the effective row), Dexterity 7, luck pool +1."""
    return Combatant(
        id="kans",
        name="Kans",
        stats={"Dexterity": 7, "Endurance": 5, "Wits": 7},
        luck=1,
        **fields,  # type: ignore[arg-type]
    )


def wounded(kind: str, **fields: object) -> tuple[Session, Pending]:
    """6 WP to the chest: a breakage roll (goal 8) and a demise check (5+ WP, goal 5)."""
    session = Session(Encounter(combatants={"kans": kans(**fields)}))
    do(session, ApplyWound(target="kans", wound_points=6, location="chest"))
    return session, next(p for p in session.encounter.pending if p.kind == kind)


def test_a_demise_check_takes_a_luck_die() -> None:
    """C2: luck d10 8 → bonus 2d10 (6+4 = 10); 5d10 all 1s on Endurance 3 → 0 VP + 10 ≥ 5."""
    session, check = wounded("demise")
    start = session.encounter.model_dump(mode="json")
    lines = do(session, ResolveCheck(pending=check.id, special="luck"), 8, 6, 4, 1, 1, 1, 1, 1)
    kans_now = session.encounter.combatants["kans"]
    assert not kans_now.dead and kans_now.luck == 0
    assert "Kans: Positive luck die: d10 8, bonus 2d10 6+4 = 10 → +10" in lines[0]
    assert lines[1].endswith("+10 (luck die, C2) = 10 vs goal 5 → survives")
    session.undo()  # exactly undone
    assert session.encounter.model_dump(mode="json") == start


def test_a_breakage_check_takes_a_chance_die_out_of_combat_as_roleplay() -> None:
    """C1: out of battle the roleplay chance die; d10 9 → +9 reaches goal 8: the ribs hold."""
    session, check = wounded("breakage")
    lines = do(session, ResolveCheck(pending=check.id, special="chance-roleplay"), 9, *[1] * 5)
    assert "+9 (roleplay chance die, C1) = 9 vs goal 8 → holds" in lines[1]
    assert not session.encounter.combatants["kans"].broken_ribs
    refused(session, ResolveCheck(pending=check.id + 1, special="chance-combat"), "for battle")


def test_a_check_refuses_a_second_kind_in_one_turn() -> None:
    """C: in battle, a being that used luck this turn declares no chance die on its check."""
    session, check = wounded("demise", special_used="luck", ttu=9)
    session.encounter.in_combat = True
    refused(session, ResolveCheck(pending=check.id, special="chance-combat"), "do not mix")

"""A15 and the GM's modifier on the defensive rolls: parry and dodge (A10, A15).

A15: "A broken or shattered limb gives -4 to rolls that use it, and each such
roll adds 1 WP; a severed limb cannot be used." A parry or a dodge is a roll
like any other, so it takes the limb and the GM's modifier as attacks do.
"""

from __future__ import annotations

from typing import Any

from rules.engine.session import Session
from rules.model.commands import Attack, Dodge, Parry, TakeOpportunity
from rules.model.state import Action, Combatant, Encounter, Weapon
from tests.support.engine_steps import do, refused

KNIFE = Weapon(name="knife", skill="Melee", stat="Dexterity", damage=3)


def being(cid: str, ttu: int, **fields: Any) -> Combatant:
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        stats={"Dexterity": 7, "Endurance": 5, "Wits": 7},
        skills={"Melee": 4, "Dodge": 5},
        weapons=[KNIFE],
        actions=[
            Action(name="Stab", kind="attack", weapon="knife", cost=3),
            Action(name="Dodge", kind="dodge", cost=2),
            Action(name="Parry", kind="parry", weapon="knife", cost=2),
        ],
        awareness="ready",
        ttu=ttu,
        **fields,
    )


def dinzis_strikes(arm: str = "broken") -> Session:
    """Track 0: Dinzis stabs at Kans (TTU 2, Melee 4, Dodge 5: may react), right arm `arm`."""
    s = Session(
        Encounter(
            in_combat=True,
            time=0,
            due=["dinzis"],
            combatants={
                "dinzis": being("dinzis", 0),
                "kans": being("kans", 2, limbs={"right arm": arm}),
            },
        )
    )
    do(s, TakeOpportunity(actor="dinzis", actions=["Stab"]))
    return s


def test_a_dodge_with_a_broken_arm_is_at_minus_4_then_costs_1_wp() -> None:
    s = dinzis_strikes()
    dodge = Dodge(action="Dodge", limb="right arm", modifier=2)
    # Kans 5d10 on Dex 7: 10 10 10 10 10 → 15 +2 -4 = 13 vs 4 → VS 9; Dinzis 4d10 1s miss 3 + 9.
    lines = do(
        s,
        Attack(attacker="dinzis", target="kans", weapon="knife", dodge=dodge),
        *[10] * 5,
        1,
        1,
        1,
        1,
    )
    roll = next(line for line in lines if line.startswith("Kans rolls Dodge"))
    assert "= 15 +2 (GM) -4 (broken right arm, A15) = 13 vs goal 4 → VS 9" in roll
    kans = s.encounter.combatants["kans"]
    assert kans.total_wp() == 1
    assert kans.wounds[-1].source == "using a broken right arm (A15)"


def test_a_parry_with_a_broken_arm_and_a_gm_modifier() -> None:
    s = dinzis_strikes()
    # Dinzis 4d10 10s → 12 vs 3 → VS 9: Kans may parry, goal 12.
    do(s, Attack(attacker="dinzis", target="kans", weapon="knife"), 10, 10, 10, 10)
    pending = s.encounter.pending[0]
    assert pending.kind == "parry" and pending.goal == 12
    parry = Parry(pending=pending.id, weapon="knife", action="Parry", limb="right arm", modifier=-1)
    # Kans 4d10 10s → 12 -1 -4 = 7 vs 12: fails by 5; the blow lands, and the arm costs 1 WP.
    lines = do(s, parry, 10, 10, 10, 10)
    roll = next(line for line in lines if line.startswith("Kans rolls Melee"))
    assert "= 12 -1 (GM) -4 (broken right arm, A15) = 7 vs goal 12 → fails by 5" in roll
    assert s.encounter.combatants["kans"].total_wp() == 1
    assert s.encounter.pending[-1].kind == "damage"


def test_a_severed_arm_cannot_parry_and_nothing_changes() -> None:
    s = dinzis_strikes("severed")
    do(s, Attack(attacker="dinzis", target="kans", weapon="knife"), 10, 10, 10, 10)
    pending = s.encounter.pending[0]
    parry = Parry(pending=pending.id, weapon="knife", limb="right arm")
    refused(s, parry, "Kans's right arm is severed: it cannot be used", 10, 10, 10, 10)


def test_a_severed_arm_cannot_dodge_and_nothing_changes() -> None:
    s = dinzis_strikes("severed")
    attack = Attack(attacker="dinzis", target="kans", weapon="knife", dodge=Dodge(limb="right arm"))
    refused(s, attack, "Kans's right arm is severed", *[10] * 9)

"""The Attack, Parry and ConfirmDamage handlers (A8, A10-A13, R10, R11)."""

from __future__ import annotations

import pytest

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, ConfirmDamage, Dodge, Parry, TakeOpportunity
from rules.model.state import Armour, Encounter, Shield
from tests.support.attack_fights import PISTOL, fight, fighter, melee_duel, only
from tests.support.engine_steps import do, texts


def lio_and_markon(dodge: int, awareness: str = "ready") -> Session:
    """A10's seed check: Lio acts at 13; Markon's TTU is 16."""
    lio = fighter("lio", 13)
    markon = fighter("markon", 16, skills={"Dodge": dodge}, weapons=[PISTOL], awareness=awareness)
    return fight(13, lio, markon)


def test_a10_markon_may_dodge_lio_at_13() -> None:
    """Seed: TTU 16 - Dodge 6 = 10 <= 13 → Markon may react; the dodge costs 3 on his track."""
    session = lio_and_markon(dodge=6)
    start = session.encounter.model_dump(mode="json")
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    # Dodge 6d10 vs Dex 7: 8 8 1 1 1 1 → 6 vs 4 → VS 2; Lio needs 3 + 2 = 5.
    # Lio 3d10 vs Dex 7: 10 10 10 → 9 → VS 4; Markon has no melee weapon: no parry.
    dodge = Dodge(goal=4, action="Dodge")
    do(
        session,
        Attack(attacker="lio", target="markon", weapon="Sword", dodge=dodge),
        *[8, 8, 1, 1, 1, 1],
        10,
        10,
        10,
    )
    markon = session.encounter.combatants["markon"]
    assert markon.ttu == 19
    damage = only(session, "damage")
    assert (damage.data.attack_vs, damage.data.damage_vs) == (4, 8)
    assert "Lio hits Markon with Sword (SS 9 vs goal 3 + dodge 2 = 5 → VS 4)" in texts(session)
    while session.can_undo:
        session.undo()
    assert session.encounter.model_dump(mode="json") == start


def test_a10_dodge_refused_when_too_slow_and_nothing_changes() -> None:
    """A10: TTU 16 - Dodge 2 = 14 is after 13: the dodge (and so the attack) is refused."""
    session = lio_and_markon(dodge=2)
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    before = session.encounter.model_dump(mode="json")
    with pytest.raises(CommandError) as error:
        attack = Attack(attacker="lio", target="markon", weapon="Sword", dodge=Dodge())
        session.do(attack, ScriptedDice([1] * 9))
    assert str(error.value) == (
        "Markon cannot react: TTU 16 - skill 2 = 14 is after now (13) (A10)"
    )
    assert session.encounter.model_dump(mode="json") == before


def test_a10_surprised_target_cannot_dodge() -> None:
    session = lio_and_markon(dodge=6, awareness="surprised")
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    with pytest.raises(
        CommandError, match=r"Markon is surprised: unaware, so it cannot react \(A10\)"
    ):
        session.do(
            Attack(attacker="lio", target="markon", weapon="Sword", dodge=Dodge()),
            ScriptedDice([1] * 9),
        )


def test_a10_dodge_vs_can_turn_a_hit_into_a_miss() -> None:
    session = lio_and_markon(dodge=6)
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    # Dodge: 10 10 10 1 1 1 → 9 vs 4 → VS 5 → goal 8; Lio: 8 6 1 → 3+2+0 = 5 → misses.
    attack = Attack(attacker="lio", target="markon", weapon="Sword", dodge=Dodge())
    do(session, attack, 10, 10, 10, 1, 1, 1, 8, 6, 1)
    assert session.encounter.pending == []
    assert "Lio misses Markon with Sword (SS 5 vs goal 3 + dodge 5 = 8)" in texts(session)


def test_a8_two_actions_cost_4_each_and_no_third_attack() -> None:
    lio, bo = fighter("lio", 0), fighter("bo", 20, weapons=[PISTOL])
    session = fight(0, lio, bo)
    do(session, TakeOpportunity(actor="lio", actions=["Strike", "Shoot"]))
    # Melee 3d10 vs Dex 7: 10 10 10 → 9 - 4 = 5 vs 3 → VS 2; + Sword 4 = 6 → Wound.
    do(session, Attack(attacker="lio", target="bo", weapon="Sword"), 10, 10, 10)
    attack_log = [e.text for e in session.encounter.log if e.kind == "attack"]
    assert attack_log[-1].endswith("= 9 -4 (actions, A8) = 5 vs goal 3 → VS 2, Reasonable")
    do(session, ConfirmDamage(pending=only(session, "damage").id))
    # The second declared action, then nothing is left.
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 1, 1, 1)
    assert session.encounter.turn is None
    with pytest.raises(CommandError, match="not Lio's turn"):
        session.do(Attack(attacker="lio", target="bo", weapon="Pistol"), ScriptedDice([1] * 3))


def test_attack_refused_out_of_turn_and_with_unknown_weapon() -> None:
    session = fight(0, fighter("lio", 0), fighter("bo", 5))
    with pytest.raises(CommandError, match="it is not Bo's turn"):
        session.do(Attack(attacker="bo", target="lio", weapon="Sword"), ScriptedDice([1] * 3))
    with pytest.raises(CommandError, match="Lio has no weapon 'Axe'"):
        session.do(Attack(attacker="lio", target="bo", weapon="Axe"), ScriptedDice([]))
    with pytest.raises(CommandError, match="cannot attack itself"):
        session.do(Attack(attacker="lio", target="lio", weapon="Sword"), ScriptedDice([]))


def test_out_of_combat_attack_needs_no_turn() -> None:
    enc = Encounter(combatants={c.id: c for c in (fighter("lio", None), fighter("bo", None))})
    session = Session(enc)
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 10, 10, 10)
    damage = only(session, "damage")
    assert damage.data.wound_points == 4  # VS 6 + 3 = 9 → Gore
    do(session, ConfirmDamage(pending=damage.id))
    assert session.encounter.combatants["bo"].wounds[0].time is None


def test_a10_parry_success_blocks_the_blow() -> None:
    session = melee_duel(bo_ttu=3)  # 3 - Melee 3 = 0 <= 0: may parry
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    # Lio: 8 6 3 → 3+2+1 = 6 vs 3 → VS 3.
    do(session, Attack(attacker="lio", target="bo", weapon="Sword", location="left arm"), 8, 6, 3)
    parry = only(session, "parry")
    assert parry.goal == 6
    assert parry.data.model_dump() == {  # the shape a save keeps (kind stands beside it)
        "attacker": "lio",
        "weapon": "Sword",
        "weapon_damage": 4,
        "attack_vs": 3,
        "location": "left arm",
        "parry_weapon": "Sword",
    }
    # Bo: 8 8 1 → 6 vs 6 → blocked; the Parry action costs 2.
    do(session, Parry(pending=parry.id, weapon="Sword"), 8, 8, 1)
    bo = session.encounter.combatants["bo"]
    assert bo.ttu == 5 and bo.wounds == [] and session.encounter.pending == []


def test_a10_parry_failure_lands_with_full_force() -> None:
    session = melee_duel(bo_ttu=3)
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Sword"), 8, 6, 3)
    parry = only(session, "parry")
    do(session, Parry(pending=parry.id, weapon="Sword"), 8, 1, 1)  # 3 vs 6: fails
    damage = only(session, "damage")
    assert (damage.data.attack_vs, damage.data.damage_vs) == (3, 7)
    assert "Bo's parry fails: the blow of Lio's Sword lands with full force" in texts(session)


def test_a10_parry_declined_goes_straight_to_damage() -> None:
    session = melee_duel(bo_ttu=3)
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Sword"), 8, 6, 3)
    do(session, Parry(pending=only(session, "parry").id))
    assert only(session, "damage").data.wound_points == 3  # VS 7: a Wound
    assert session.encounter.combatants["bo"].ttu == 3  # declining costs nothing


def test_a10_no_parry_when_too_slow_or_against_a_ranged_attack() -> None:
    session = melee_duel(bo_ttu=4)  # 4 - 3 = 1 > 0: not eligible
    do(session, TakeOpportunity(actor="lio", actions=["Strike", "Shoot"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Sword"), 10, 10, 10)
    assert [p.kind for p in session.encounter.pending] == ["damage"]
    do(session, ConfirmDamage(pending=only(session, "damage").id))
    session2 = melee_duel(bo_ttu=3)
    do(session2, TakeOpportunity(actor="lio", actions=["Shoot"]))
    do(session2, Attack(attacker="lio", target="bo", weapon="Pistol"), 10, 10, 10)
    assert [p.kind for p in session2.encounter.pending] == ["damage"]


def test_parry_with_a_ranged_weapon_is_refused() -> None:
    session = melee_duel(bo_ttu=3)
    do(session, TakeOpportunity(actor="lio", actions=["Strike"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Sword"), 8, 6, 3)
    with pytest.raises(CommandError, match="not a melee weapon"):
        session.do(Parry(pending=only(session, "parry").id, weapon="Pistol"), ScriptedDice([]))


def test_a12_shield_below_low_does_not_activate() -> None:
    """A12: damage VS 3 < low 5 passes unchanged (a Graze); no hit is spent (R10)."""
    bo = fighter("bo", 20, shield=Shield(low=5, high=10, hits_left=2))
    session = fight(0, fighter("lio", 0), bo)
    do(session, TakeOpportunity(actor="lio", actions=["Shoot"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 8, 1, 1)  # VS 0 + 3
    damage = only(session, "damage")
    assert (damage.data.after_shield, damage.data.wound_points) == (3, 2)
    do(session, ConfirmDamage(pending=damage.id))
    bo = session.encounter.combatants["bo"]
    assert bo.shield is not None and bo.shield.hits_left == 2
    assert [(w.wp, w.level) for w in bo.wounds] == [(2, "Graze")]


def test_a12_shield_stop_is_confirmed_and_spends_a_hit() -> None:
    """A12: damage VS 5 within 5/10 → stopped; R10: the activation spends one of 2 hits."""
    bo = fighter("bo", 20, shield=Shield(low=5, high=10, hits_left=2))
    session = fight(0, fighter("lio", 0), bo)
    start = session.encounter.model_dump(mode="json")
    do(session, TakeOpportunity(actor="lio", actions=["Shoot"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 10, 6, 1)  # VS 2 + 3
    damage = only(session, "damage")
    assert (damage.data.after_shield, damage.data.wound_points) == (None, 0)
    do(session, ConfirmDamage(pending=damage.id))
    bo = session.encounter.combatants["bo"]
    assert bo.shield is not None and bo.shield.hits_left == 1
    assert bo.wounds == [] and session.encounter.pending == []
    assert texts(session)[-1].endswith("shield 5/10 (2 → 1 hits left) → stopped, no damage")
    while session.can_undo:
        session.undo()
    assert session.encounter.model_dump(mode="json") == start


def test_r10_spent_shield_no_longer_activates() -> None:
    bo = fighter("bo", 20, shield=Shield(low=5, high=10, hits_left=0))
    session = fight(0, fighter("lio", 0), bo)
    do(session, TakeOpportunity(actor="lio", actions=["Shoot"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 10, 6, 1)  # 5
    damage = only(session, "damage")
    assert (damage.data.after_shield, damage.data.wound_points) == (5, 3)


def test_r11_soft_armour_wears_by_what_it_stopped() -> None:
    """R11: H0 S3 AR 5, soft 3 1 1 → 1 VP: 5 → 4 (a Graze); soft loses the 1 it stopped."""
    bo = fighter("bo", 20, armour=Armour(rating=5, hard=0, soft=3))
    session = fight(0, fighter("lio", 0), bo)
    do(session, TakeOpportunity(actor="lio", actions=["Shoot"]))
    # Shoot 3d10 vs Dex 7: 8 6 1 → 5 → VS 2; + Pistol 3 = 5.
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 8, 6, 1, 3, 1, 1)
    damage = only(session, "damage")
    assert damage.data.soft_faces == (3, 1, 1)
    assert (damage.data.after_armour, damage.data.wound_points) == (4, 2)
    do(session, ConfirmDamage(pending=damage.id))
    bo = session.encounter.combatants["bo"]
    assert (bo.armour.hard, bo.armour.soft) == (0, 2)


def test_confirm_damage_gm_overrides_recompute_the_rest() -> None:
    bo = fighter("bo", 20, shield=Shield(low=5, high=10), armour=Armour(rating=5, hard=1, soft=1))
    session = fight(0, fighter("lio", 0), bo)
    do(session, TakeOpportunity(actor="lio", actions=["Shoot"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 10, 6, 1)  # 5: stopped
    damage = only(session, "damage")
    assert damage.data.soft_faces == ()  # the shield stopped it: no soft dice yet
    with pytest.raises(CommandError, match="override after_shield first"):
        session.do(ConfirmDamage(pending=damage.id, wound_points=2), ScriptedDice([]))
    # The GM lets 9 through: hard 1 → 8 → soft 1d10 (now rolled): 9 → 3 VP → 5, a Wound.
    do(session, ConfirmDamage(pending=damage.id, after_shield=9), 9)
    bo = session.encounter.combatants["bo"]
    assert [(w.wp, w.level) for w in bo.wounds] == [(3, "Wound")]
    assert (bo.armour.hard, bo.armour.soft) == (0, 2)  # A13: raw Gore 4 > H1 → H0 S+1
    applied = [e.text for e in session.encounter.log if "applied" in e.text]
    assert applied == [
        "Lio → Bo applied: VS 2 + damage 3 = 5 → shield 5/10 → stopped (GM: 9) → hard 1 → 8"
        " → soft 1d10 vs AR 5 (9: 3 VP) → 5 → Wound, 3 WP; armour H1 S1 → H0 S2 (GM)"
    ]


def test_confirm_damage_wound_points_override_above_six() -> None:
    session = fight(0, fighter("lio", 0), fighter("bo", 20))
    do(session, TakeOpportunity(actor="lio", actions=["Shoot"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 10, 6, 1)
    do(session, ConfirmDamage(pending=only(session, "damage").id, wound_points=8))
    bo = session.encounter.combatants["bo"]
    assert [(w.wp, w.level) for w in bo.wounds] == [(8, "Eviscerate")]
    assert any("(GM: Eviscerate, 8 WP)" in t for t in texts(session))


def test_attack_refused_while_a_decision_is_pending() -> None:
    session = fight(0, fighter("lio", 0), fighter("bo", 20))
    do(session, TakeOpportunity(actor="lio", actions=["Strike", "Shoot"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 10, 10, 10)
    assert [p.kind for p in session.encounter.pending] == ["damage"]
    with pytest.raises(CommandError, match="answer the pending decision first"):
        session.do(Attack(attacker="lio", target="bo", weapon="Sword"), ScriptedDice([1] * 3))

"""Wound consequences and the GM's injury commands (A5, A9, A14-A16, R12-R15, R20)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import wounding
from rules.engine.context import CommandError, Context
from rules.engine.session import Session
from rules.mechanics.dice import RecordingDice, ScriptedDice
from rules.model.commands import (
    Advance,
    ApplyWound,
    Attack,
    ConfirmDamage,
    Heal,
    ResolveCheck,
    Rest,
    SetDemiseGoal,
    Staunch,
    TakeOpportunity,
    TreatCondition,
)
from rules.model.state import Action, Combatant, Encounter, Pending, Weapon, Wound
from tests.support.attack_fights import fight as on_track
from tests.support.engine_steps import do, texts


def person(cid: str, end: int = 6, ttu: int | None = 30, **fields: Any) -> Combatant:
    stats = {"Dexterity": 8, "Endurance": end, "Wits": 6}
    return Combatant(id=cid, name=cid.capitalize(), stats=stats, ttu=ttu, **fields)


def kinds(session: Session) -> list[tuple[str, Any]]:
    """Each pending decision as (kind, its goal, its data)."""
    return [(p.kind, p.goal, p.data.model_dump()) for p in session.encounter.pending]


def pending(session: Session, kind: str, **data: Any) -> Pending:
    found = [
        p
        for p in session.encounter.pending
        if p.kind == kind and all(getattr(p.data, k, None) == v for k, v in data.items())
    ]
    assert len(found) == 1, session.encounter.pending
    return found[0]


# --- R12 / A14 bleeding ---------------------------------------------------------------


def test_r12_a_wound_of_3_wp_bleeds_and_2_does_not() -> None:
    session = on_track(4, person("kans"))
    kans = session.encounter.combatants["kans"]
    do(session, ApplyWound(target="kans", wound_points=2))
    assert (kans.bleed_rate, kans.bleed_anchor, kans.wounds[0].bleeding) == (0, None, False)
    do(session, ApplyWound(target="kans", wound_points=3, location="head"))
    assert (kans.bleed_rate, kans.bleed_anchor) == (1, 4)
    assert kans.wounds[1] == Wound(
        location="head", level="Wound", wp=3, time=4, source="GM", bleeding=True
    )
    assert "Kans bleeds: BLR 1, from 4, next at 14 (R12)" in texts(session)
    assert session.encounter.pending == []  # no breakage for the head (R14), no demise


def test_a14_second_bleeding_wound_raises_blr_and_keeps_the_anchor() -> None:
    """Seed: Wound at 4 → ticks at 14, 24; a second at 9 makes it 2 WP at 14."""
    kans = person(
        "kans",
        end=12,
        wounds=[Wound(wp=3, time=4, level="Wound", bleeding=True)],
        bleed_rate=1,
        bleed_anchor=4,
    )
    session = on_track(9, kans)
    start = session.encounter.model_dump(mode="json")
    kans = session.encounter.combatants["kans"]
    do(session, ApplyWound(target="kans", wound_points=3))
    assert (kans.bleed_rate, kans.bleed_anchor) == (2, 4)
    do(session, Advance())
    assert session.encounter.time == 14
    assert kans.bleed_wp == 2
    assert texts(session)[-1] == "Kans bleeds 2 WP (BLR 2) → total 8 WP"
    do(session, Advance())
    assert session.encounter.time == 24 and kans.bleed_wp == 4
    while session.can_undo:
        session.undo()
    assert session.encounter.model_dump(mode="json") == start


def test_a14_bleeding_never_starts_bleeding_breakage_or_massive_wound() -> None:
    """A 6-WP bleeding tick is not one wound: no massive-wound demise, no breakage."""
    session = on_track(0, person("vorox", end=20, bleed_rate=6, bleed_anchor=0))
    vorox = session.encounter.combatants["vorox"]
    do(session, Advance())
    assert session.encounter.time == 10
    assert (vorox.bleed_wp, vorox.bleed_rate, vorox.wounds) == (6, 6, [])
    assert session.encounter.pending == []


def test_a14_bleeding_counts_toward_the_endurance_lines() -> None:
    """Endurance 4 with 3 WP: a 3-WP tick makes 6 WP → Endurance 2 → half line (A16)."""
    hurt = person("hurt", end=4, wounds=[Wound(wp=3)], bleed_rate=3, bleed_anchor=0)
    session = on_track(0, hurt)
    do(session, Advance())
    assert kinds(session) == [("demise", 5, {"trigger": "half endurance"})]


# --- A15 / A16 --------------------------------------------------------------------------


def test_a15_a16_eviscerate_to_the_chest_by_an_attack() -> None:
    """One Eviscerate to the chest: vital organ, breakage goal 8, massive-wound demise."""
    brute = person(
        "brute",
        ttu=0,
        skills={"Melee": 5},
        weapons=[Weapon(name="Maul", damage=8)],
        actions=[Action(name="Smash", kind="attack", weapon="Maul")],
    )
    session = on_track(0, brute, person("kans", end=6))
    do(session, TakeOpportunity(actor="brute", actions=["Smash"]))
    # 5d10 vs Dex 8: all 10 → 15 vs 3 → VS 12; + Maul 8 = 20 → Eviscerate, 6 WP.
    attack = Attack(attacker="brute", target="kans", weapon="Maul", location="chest")
    do(session, attack, 10, 10, 10, 10, 10)
    damage = pending(session, "damage")
    do(session, ConfirmDamage(pending=damage.id))
    kans = session.encounter.combatants["kans"]
    assert kans.vital_organ and kans.effective("Endurance") == 4  # 8 > 6: no half line
    assert kinds(session) == [
        ("breakage", 8, {"location": "chest", "wp": 6}),
        ("demise", 5, {"trigger": "massive wound"}),
    ]


def test_a16_eviscerate_that_crosses_half_endurance_calls_two_demise_checks() -> None:
    session = on_track(0, person("kans", end=4))
    do(session, ApplyWound(target="kans", wound_points=6, location="chest"))
    kans = session.encounter.combatants["kans"]
    assert kans.vital_organ and kans.half_endurance_checked and not kans.zero_endurance_checked
    assert kinds(session) == [
        ("breakage", 8, {"location": "chest", "wp": 6}),
        ("demise", 5, {"trigger": "massive wound"}),
        ("demise", 5, {"trigger": "half endurance"}),
    ]


def test_a16_half_line_first_time_only_zero_line_at_every_wound_R31() -> None:
    """R31 (was: the second wound called the massive wound's check only): a wound that
    leaves Endurance at 0 or below calls the zero line's check again, and a 5-WP one
    there calls trigger 1's as well, each its own check; the half line stays first-time."""
    session = on_track(0, person("frail", end=2))
    do(session, ApplyWound(target="frail", wound_points=6))
    assert [p.data.trigger for p in session.encounter.pending] == [
        "massive wound",
        "half endurance",
        "zero endurance",
    ]
    for p in list(session.encounter.pending):  # Endurance 0: 2d10, 10 10 → 4 VP (R15)
        do(session, ResolveCheck(pending=p.id, goal=4), 10, 10)
    do(session, ApplyWound(target="frail", wound_points=5))
    assert [p.data.trigger for p in session.encounter.pending] == [
        "massive wound",
        "zero endurance",
    ]
    for p in list(session.encounter.pending):
        do(session, ResolveCheck(pending=p.id, goal=4), 10, 10)
    do(session, ApplyWound(target="frail", wound_points=1))  # a Bruise: still at 0 (R31)
    assert [p.data.trigger for p in session.encounter.pending] == ["zero endurance"]


def test_r15_row_zero_still_scores_and_the_gm_goal_decides() -> None:
    session = on_track(0, person("frail", end=2))
    do(session, ApplyWound(target="frail", wound_points=6))
    massive = pending(session, "demise", trigger="massive wound")
    do(session, ResolveCheck(pending=massive.id, goal=4), 10, 10)  # 2+2 = 4 vs 4
    frail = session.encounter.combatants["frail"]
    assert not frail.dead
    assert texts(session)[-1] == (
        "Frail (massive wound): demise check: 2d10 vs Endurance 0"
        " (10 10: 2+2 = 4 VP) vs goal 4 → survives (GM goal)"
    )


def test_a16_failed_demise_kills_and_drops_the_other_checks() -> None:
    session = on_track(0, person("kans", end=4))
    do(session, ApplyWound(target="kans", wound_points=6, location="chest"))
    massive = pending(session, "demise", trigger="massive wound")
    do(session, ResolveCheck(pending=massive.id), 1, 1, 1, 1)  # 4d10 vs 2: 0 VP vs 5
    kans = session.encounter.combatants["kans"]
    assert kans.dead and kans.ttu is None and session.encounter.pending == []
    assert "Kans dies (failed demise check, massive wound)" in texts(session)
    with pytest.raises(CommandError, match="Kans is dead"):
        session.do(ApplyWound(target="kans", wound_points=1), ScriptedDice([]))


def test_a15_limb_breaks_by_wp_and_never_gets_better_by_a_roll() -> None:
    session = on_track(0, person("kans", end=10))
    do(session, ApplyWound(target="kans", wound_points=5, location="left leg"))
    breakage = pending(session, "breakage")
    assert breakage.goal == 7
    # 10d10 vs Endurance 9 (5 WP): ten 1s → 1 VP each = 10 vs the GM's goal 11 → fails.
    do(session, ResolveCheck(pending=breakage.id, goal=11), *[1] * 10)
    kans = session.encounter.combatants["kans"]
    assert kans.limbs == {"left leg": "shattered"}  # A15: 5 WP shatters
    for p in list(session.encounter.pending):
        do(session, ResolveCheck(pending=p.id), *[10] * 10)
    do(session, ApplyWound(target="kans", wound_points=4, location="left leg"))
    do(session, ResolveCheck(pending=pending(session, "breakage").id, goal=99), *[1] * 10)
    assert kans.limbs == {"left leg": "shattered"}
    assert "Kans's left leg is already shattered" in texts(session)


def test_a15_broken_ribs_can_cross_the_half_line() -> None:
    """Endurance 6, 2 WP + 4 WP chest → 4; broken ribs → 3 → half line (A16)."""
    session = on_track(0, person("kans", end=6, wounds=[Wound(wp=2)]))
    do(session, ApplyWound(target="kans", wound_points=4, location="chest"))
    breakage = pending(session, "breakage")
    assert breakage.goal == 6 and len(session.encounter.pending) == 1
    do(session, ResolveCheck(pending=breakage.id), 1, 1, 1, 1, 1, 1)
    kans = session.encounter.combatants["kans"]
    assert kans.broken_ribs and kans.effective("Endurance") == 3
    assert kinds(session) == [("demise", 5, {"trigger": "half endurance"})]


def test_wound_without_endurance_checks_from_strain() -> None:
    """from_attack=False (e.g. using a broken limb, A15): only the Endurance lines."""
    enc = Encounter(combatants={"kans": person("kans", end=2, ttu=None)})
    ctx = Context(enc, RecordingDice(ScriptedDice()))
    wounding.inflict_wound(ctx, enc.combatants["kans"], 5, "left arm", "Maim", "strain", False)
    kans = enc.combatants["kans"]
    assert kans.bleed_rate == 0 and kans.wounds[0].time is None
    assert [p.data.trigger for p in enc.pending] == ["half endurance"]


def test_bleeding_out_of_combat_anchors_at_zero() -> None:
    session = Session(Encounter(combatants={"kans": person("kans", ttu=None)}))
    do(session, ApplyWound(target="kans", wound_points=3))
    kans = session.encounter.combatants["kans"]
    assert (kans.bleed_rate, kans.bleed_anchor, kans.wounds[0].time) == (1, 0, None)


# --- the GM's commands ------------------------------------------------------------------


def test_r13_staunch_lowers_then_stops_and_clears_the_anchor() -> None:
    session = on_track(7, person("kans", end=12, bleed_rate=2, bleed_anchor=3))
    kans = session.encounter.combatants["kans"]
    do(session, Staunch(target="kans", amount=1))
    assert (kans.bleed_rate, kans.bleed_anchor) == (1, 3)
    do(session, Staunch(target="kans"))
    assert (kans.bleed_rate, kans.bleed_anchor) == (0, None)
    with pytest.raises(CommandError, match="Kans is not bleeding"):
        session.do(Staunch(target="kans"), ScriptedDice([]))
    do(session, ApplyWound(target="kans", wound_points=3))
    assert (kans.bleed_rate, kans.bleed_anchor) == (1, 7)  # R13: a new anchor
    do(session, Advance())
    assert session.encounter.time == 17 and kans.bleed_wp == 1


def test_heal_by_index_newest_first_and_keeps_the_demise_flags() -> None:
    kans = person(
        "kans",
        wounds=[Wound(wp=3), Wound(wp=2), Wound(wp=4)],
        bleed_wp=1,
        half_endurance_checked=True,
    )
    session = on_track(0, kans)
    start = session.encounter.model_dump(mode="json")
    kans = session.encounter.combatants["kans"]
    do(session, Heal(target="kans", wound_points=1, wound=0))
    assert [w.wp for w in kans.wounds] == [2, 2, 4]
    do(session, Heal(target="kans", wound_points=5))  # the 4 goes, then 1 from the 2
    assert [w.wp for w in kans.wounds] == [2, 1] and kans.total_wp() == 4
    do(session, Heal(target="kans", wound_points=4))  # wounds, then the bleeding WP
    assert (kans.wounds, kans.bleed_wp, kans.half_endurance_checked) == ([], 0, True)
    with pytest.raises(CommandError, match="wound_points 1: Kans has only 0 WP"):
        session.do(Heal(target="kans", wound_points=1), ScriptedDice([]))
    with pytest.raises(CommandError, match="wound 0"):
        session.do(Heal(target="kans", wound_points=1, wound=0), ScriptedDice([]))
    while session.can_undo:
        session.undo()
    assert session.encounter.model_dump(mode="json") == start


def test_treat_conditions_and_revive_back_on_the_track() -> None:
    kans = person(
        "kans",
        limbs={"left arm": "broken"},
        broken_ribs=True,
        vital_organ=True,
        drains={"Endurance": 1},
        dead=True,
        ttu=None,
    )
    session = on_track(12, kans, person("bo", ttu=20))
    kans = session.encounter.combatants["kans"]
    with pytest.raises(CommandError, match="Kans is dead and cannot be treated: revive first"):
        session.do(TreatCondition(target="kans", condition="limb"), ScriptedDice([]))
    do(session, TreatCondition(target="kans", condition="revive"))
    assert not kans.dead and kans.ttu == 13
    do(session, TreatCondition(target="kans", condition="limb"))
    do(session, TreatCondition(target="kans", condition="ribs"))
    do(session, TreatCondition(target="kans", condition="vital organ"))
    do(session, TreatCondition(target="kans", condition="drains"))
    assert (kans.limbs, kans.broken_ribs, kans.vital_organ, kans.drains) == ({}, False, False, {})
    do(session, Advance())
    assert (session.encounter.time, session.encounter.due) == (13, ["kans"])
    with pytest.raises(CommandError, match="Kans is not dead"):
        session.do(TreatCondition(target="kans", condition="revive"), ScriptedDice([]))
    with pytest.raises(CommandError, match="location: Kans's right leg is not broken"):
        session.do(
            TreatCondition(target="kans", condition="limb", location="right leg"),
            ScriptedDice([]),
        )


def test_a5_rest_clears_exhaustion() -> None:
    session = on_track(0, person("kans", exhaustion=2))
    do(session, Rest(target="kans"))
    assert session.encounter.combatants["kans"].exhaustion == 0
    with pytest.raises(CommandError, match="no exhaustion"):
        session.do(Rest(target="kans"), ScriptedDice([]))


def test_r15_demise_goal_setting_prefills_new_checks() -> None:
    session = on_track(0, person("kans"))
    do(session, SetDemiseGoal(demise_goal=7))
    assert session.encounter.settings.demise_goal == 7
    do(session, ApplyWound(target="kans", wound_points=5))
    assert kinds(session) == [("demise", 7, {"trigger": "massive wound"})]


def test_check_for_the_dead_is_dropped_not_rolled() -> None:
    dead = person("kans", dead=True, ttu=None)
    enc = Encounter(
        combatants={"kans": dead},
        pending=[
            Pending(
                id=1,
                kind="demise",
                combatant="kans",
                goal=5,
                text="demise",
                data={"trigger": "massive wound"},
            )
        ],
        next_id=2,
    )
    session = Session(enc)
    do(session, ResolveCheck(pending=1))
    assert session.encounter.pending == []
    assert texts(session) == ["Kans is dead: the demise check is dropped"]
    with pytest.raises(CommandError, match="no pending decision 1"):
        session.do(ResolveCheck(pending=1), ScriptedDice([]))

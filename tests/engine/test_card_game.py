"""The seed's card game as a scripted fight: A7 reactions, A10 dodge and parry,
A12 shield, A13 armour wear, A14 bleeding, A15 breakage, A16 demise.

Dinzis (the Ukar) starts it; Kans (Scraver, combat ready, Wits 7) rolls 7 and
Baron Molin Decados (surprised, Wits 5) rolls 10: the track is 0 / 2 / 6.
Every die is scripted and every step is checked; at the end undo-all gives
back the start and a replay from the base gives the final encounter.
"""

from __future__ import annotations

from rules.engine import track_index
from rules.engine.session import Session
from rules.model.commands import (
    Advance,
    Attack,
    ConfirmDamage,
    Dodge,
    Parry,
    ResolveCheck,
    StartCombat,
    TakeOpportunity,
)
from rules.model.pending import DemiseData
from rules.model.state import Action, Armour, Combatant, Encounter, Pending, Shield, Weapon
from tests.support.engine_steps import do, texts


def _stats(dex: int, end: int, wits: int) -> dict[str, int]:
    return {"Strength": 6, "Dexterity": dex, "Endurance": end, "Wits": wits, "Perception": 5}


def card_table() -> Encounter:
    """The three card players with the gear this script needs."""
    dinzis = Combatant(
        id="dinzis",
        name="Dinzis",
        stats=_stats(dex=8, end=6, wits=6),
        skills={"Melee": 5, "Dodge": 2},
        weapons=[
            Weapon(name="Knife", skill="Melee", stat="Dexterity", damage=3),
            Weapon(name="Ukar sword", skill="Melee", stat="Dexterity", damage=6),
        ],
        actions=[
            Action(name="Stab", cost=4, kind="attack", weapon="Knife"),
            Action(name="Cleave", cost=5, kind="attack", weapon="Ukar sword"),
            Action(name="Parry", cost=2, kind="parry"),
            Action(name="Aim", cost=3),
        ],
    )
    kans = Combatant(
        id="kans",
        name="Kans",
        side="PC",
        stats=_stats(dex=7, end=6, wits=7),
        skills={"Shoot": 4, "Dodge": 3},
        weapons=[Weapon(name="Blaster", skill="Shoot", stat="Dexterity", damage=2, kind="ranged")],
        armour=Armour(rating=6, hard=3, soft=1),
        actions=[
            Action(name="Shoot", cost=5, kind="attack", weapon="Blaster"),
            Action(name="Dodge", cost=2, kind="dodge"),
            Action(name="Aim", cost=3),
        ],
    )
    molin = Combatant(
        id="molin",
        name="Baron Molin Decados",
        side="neutral",
        stats=_stats(dex=6, end=5, wits=5),
        skills={"Melee": 6},
        weapons=[Weapon(name="Sword", skill="Melee", stat="Dexterity", damage=4)],
        shield=Shield(low=5, high=10, hits_left=10),
        actions=[
            Action(name="Slash", cost=4, kind="attack", weapon="Sword"),
            Action(name="Aim", cost=3),
        ],
    )
    return Encounter(name="The card game", combatants={c.id: c for c in (dinzis, kans, molin)})


def only(session: Session, kind: str) -> Pending:
    found = [p for p in session.encounter.pending if p.kind == kind]
    assert len(found) == 1, session.encounter.pending
    return found[0]


def test_card_game_scripted_fight() -> None:
    session = Session(card_table())
    start = session.encounter.model_dump(mode="json")
    enc = session.encounter
    dinzis, kans, molin = (enc.combatants[k] for k in ("dinzis", "kans", "molin"))

    # A7: Dinzis starts; Kans (ready, Wits 7) rolls 7 → 2 VP → 2; Molin (surprised) 10 → 6.
    do(
        session,
        StartCombat(initiators=["dinzis"], awareness={"kans": "ready", "molin": "surprised"}),
        7,
        10,
    )
    assert (dinzis.ttu, kans.ttu, molin.ttu) == (0, 2, 6)

    # --- track 0: Dinzis stabs at Kans; Kans dodges (A10: TTU 2 - Dodge 3 <= 0) ---------
    do(session, Advance())
    assert (enc.time, enc.due) == (0, ["dinzis"])
    do(session, TakeOpportunity(actor="dinzis", actions=["Stab"]))
    assert dinzis.ttu == 4
    # Dodge 3d10 vs Dex 7: 8 9 6 → 3+3+2 = 8 vs 4 → VS 4; the attack needs 3 + 4 = 7.
    # Dinzis 5d10 vs Dex 8: 1 2 3 5 6 → 0+1+1+1+2 = 5 → misses.
    attack = Attack(
        attacker="dinzis", target="kans", weapon="Knife", dodge=Dodge(goal=4, action="Dodge")
    )
    do(session, attack, 8, 9, 6, 1, 2, 3, 5, 6)
    assert kans.ttu == 4  # the dodge's cost 2 on Kans's track
    assert enc.pending == [] and kans.wounds == []
    assert "Dinzis misses Kans with Knife (SS 5 vs goal 3 + dodge 4 = 7)" in texts(session)
    assert enc.turn is None

    # --- track 4: Kans (Wits 7) before Dinzis (Wits 6), R5 --------------------------------
    do(session, Advance())
    assert (enc.time, enc.due) == (4, ["kans"])
    assert track_index.tied(enc) == ["kans", "dinzis"]  # they open one at a time
    do(session, TakeOpportunity(actor="kans", actions=["Shoot"]))
    # 4d10 vs Dex 7: 6 7 8 2 → 2+2+3+0 = 7 vs 3 → VS 4; + Blaster 2 = 6 → a Wound, 3 WP.
    do(
        session,
        Attack(attacker="kans", target="dinzis", weapon="Blaster", location="right leg"),
        6,
        7,
        8,
        2,
    )
    damage = only(session, "damage")
    assert (damage.data.damage_vs, damage.data.wound_points) == (6, 3)
    do(session, ConfirmDamage(pending=damage.id))
    # R12 / A14: the Wound at track 4 bleeds from 4: next tick at 14.
    assert [(w.wp, w.time, w.location, w.bleeding) for w in dinzis.wounds] == [
        (3, 4, "right leg", True)
    ]
    assert (dinzis.bleed_rate, dinzis.bleed_anchor) == (1, 4)
    assert (14, "bleed", "dinzis") in track_index.upcoming(enc)
    assert dinzis.effective("Dexterity") == 7  # A9: 3 WP → -1

    do(session, Advance())
    assert (enc.time, enc.due) == (4, ["dinzis"])  # the tie's second, same track time
    # Dinzis stabs the Baron: 5d10 vs Dex 7: 8 9 10 10 7 → 3+3+3+3+2 = 14 → VS 11.
    # A12: VS 11 + Knife 3 = 14 vs shield 5/10 → 4, a Graze (2 WP); R10: 10 → 9 hits.
    do(session, TakeOpportunity(actor="dinzis", actions=["Stab"]))
    assert dinzis.ttu == 8
    do(session, Attack(attacker="dinzis", target="molin", weapon="Knife"), 8, 9, 10, 10, 7)
    damage = only(session, "damage")  # surprised: no parry for the Baron
    assert damage.data.damage_vs == 14
    assert damage.data.after_shield == 4
    assert (damage.data.level, damage.data.wound_points) == ("Graze", 2)
    assert "shield 5/10 (10 → 9 hits left) → 4" in str(damage.data.explanation)
    assert molin.shield is not None and molin.shield.hits_left == 10  # not yet applied
    do(session, ConfirmDamage(pending=damage.id))
    assert molin.shield.hits_left == 9
    assert [(w.wp, w.level, w.bleeding) for w in molin.wounds] == [(2, "Graze", False)]
    assert molin.bleed_rate == 0

    # --- track 6: the Baron slashes at Dinzis, who parries -------------------------------
    do(session, Advance())
    assert (enc.time, enc.due) == (6, ["molin"])
    do(session, TakeOpportunity(actor="molin", actions=["Slash"]))
    # 6d10 vs Dex 6: 3 5 6 9 10 2 → 1+1+2+3+3+0 = 10 vs 3 → VS 7.
    do(session, Attack(attacker="molin", target="dinzis", weapon="Sword"), 3, 5, 6, 9, 10, 2)
    parry = only(session, "parry")  # A10: TTU 8 - Melee 5 = 3 <= 6
    assert parry.goal == 10 and parry.combatant == "dinzis"
    # Parry 5d10 vs Dex 7: 10 10 9 8 1 → 3+3+3+3+0 = 12 vs 10 → blocked.
    do(session, Parry(pending=parry.id, weapon="Knife", action="Parry"), 10, 10, 9, 8, 1)
    assert dinzis.ttu == 10 and enc.pending == []
    assert len(dinzis.wounds) == 1
    assert "Dinzis parries Baron Molin Decados's Sword with Knife: blocked" in texts(session)

    # --- track 9: Kans misses the Baron ------------------------------------------------
    do(session, Advance())
    assert (enc.time, enc.due) == (9, ["kans"])
    do(session, TakeOpportunity(actor="kans", actions=["Shoot"]))
    do(session, Attack(attacker="kans", target="molin", weapon="Blaster"), 1, 1, 2, 2)
    assert enc.pending == [] and len(molin.wounds) == 1

    # --- track 10: Molin and Dinzis (both Wits 5 now): the Baron arrived first, R5 --------
    do(session, Advance())
    assert (enc.time, enc.due) == (10, ["molin"])
    assert track_index.tied(enc) == ["molin", "dinzis"]
    do(session, TakeOpportunity(actor="molin", actions=["Slash"]))
    do(session, Attack(attacker="molin", target="kans", weapon="Sword"), 1, 1, 1, 1, 1, 1)
    do(session, Advance())
    assert (enc.time, enc.due) == (10, ["dinzis"])
    do(session, TakeOpportunity(actor="dinzis", actions=["Cleave"]))
    # 5d10 vs Dex 7: all 10 → 15 → VS 12; + Ukar sword 6 = 18 → hard 3 → 15 →
    # soft 1d10 vs AR 6: 6 → 2 VP → 13, a Maim (5 WP). A13: raw WP 6 > H3 → H0 S+3.
    do(
        session,
        Attack(attacker="dinzis", target="kans", weapon="Ukar sword", location="chest"),
        10,
        10,
        10,
        10,
        10,
        6,
    )
    damage = only(session, "damage")
    assert damage.data.soft_faces == (6,)
    assert (damage.data.after_shield, damage.data.after_armour) == (18, 13)
    assert (damage.data.level, damage.data.wound_points) == ("Maim", 5)
    assert str(damage.data.explanation).endswith("armour H3 S1 → H0 S4")
    assert (kans.armour.hard, kans.armour.soft) == (3, 1)  # pending: not yet worn
    do(session, ConfirmDamage(pending=damage.id))
    assert (kans.armour.hard, kans.armour.soft, kans.armour.rating) == (0, 4, 6)
    assert [(w.wp, w.level, w.location, w.time) for w in kans.wounds] == [(5, "Maim", "chest", 10)]
    assert (kans.bleed_rate, kans.bleed_anchor) == (1, 10)
    # A15: chest, 5 WP → breakage goal 7; A16: 5 WP from one wound → demise (R15 goal 5).
    breakage, demise = enc.pending
    assert (breakage.kind, breakage.goal, breakage.data.model_dump()) == (
        "breakage",
        7,
        {"location": "chest", "wp": 5},
    )
    assert (demise.kind, demise.goal, demise.data) == (
        "demise",
        5,
        DemiseData(trigger="massive wound"),
    )
    assert kans.effective("Endurance") == 5
    # Breakage: 6d10 vs Endurance 5: 1 2 3 4 5 6 → 0+0+1+1+1+1 = 4 vs 7 → broken ribs.
    do(session, ResolveCheck(pending=breakage.id), 1, 2, 3, 4, 5, 6)
    assert kans.broken_ribs and kans.effective("Endurance") == 4
    # Demise: 6d10 vs Endurance 4: 9 9 1 1 1 1 → 3+3 = 6 vs 5 → survives.
    do(session, ResolveCheck(pending=demise.id), 9, 9, 1, 1, 1, 1)
    assert not kans.dead and enc.pending == []
    assert any("demise check: 6d10 vs Endurance 4" in t and "survives" in t for t in texts(session))

    # --- track 14: Dinzis bleeds first (A7), then Kans and the Baron act ------------------
    do(session, Advance())
    assert enc.time == 14
    assert dinzis.bleed_wp == 1 and dinzis.total_wp() == 4
    assert "Dinzis bleeds 1 WP (BLR 1) → total 4 WP" in texts(session)
    assert enc.due == ["kans"] and track_index.tied(enc) == ["kans", "molin"]
    do(session, TakeOpportunity(actor="kans", actions=["Aim"], cost=20))
    do(session, Advance())  # the tie's second: no second bleeding tick at the same time
    assert (enc.time, enc.due, dinzis.bleed_wp) == (14, ["molin"], 1)
    do(session, TakeOpportunity(actor="molin", actions=["Aim"], cost=20))
    do(session, Advance())
    assert (enc.time, enc.due) == (15, ["dinzis"])
    do(session, TakeOpportunity(actor="dinzis", actions=["Aim"], cost=20))

    # --- track 20: Kans bleeds (anchor 10): 6 WP → Endurance 6 - 2 - 1 = 3 → half line --
    do(session, Advance())
    assert enc.time == 20 and enc.due == []
    assert kans.total_wp() == 6 and kans.effective("Endurance") == 3
    demise = only(session, "demise")  # A14: bleeding counts toward the lines, never massive
    assert demise.data.model_dump() == {"trigger": "half endurance"} and kans.half_endurance_checked
    # 6d10 vs Endurance 3: 10 10 5 1 1 1 → 3+3+1 = 7 vs 5 → survives.
    do(session, ResolveCheck(pending=demise.id), 10, 10, 5, 1, 1, 1)
    assert not kans.dead

    # --- track 24: Dinzis's second tick (A14: wounded at 4 → 14, 24) ---------------------
    do(session, Advance())
    assert enc.time == 24
    assert dinzis.bleed_wp == 2 and dinzis.total_wp() == 5
    bleeds = [(e.time, e.text) for e in enc.log if e.kind == "bleed"]
    assert bleeds == [
        (14, "Dinzis bleeds 1 WP (BLR 1) → total 4 WP"),
        (20, "Kans bleeds 1 WP (BLR 1) → total 6 WP"),
        (24, "Dinzis bleeds 1 WP (BLR 1) → total 5 WP"),
    ]
    assert (dinzis.ttu, kans.ttu, molin.ttu) == (35, 34, 34)

    # Replay from the base gives the same encounter; undo-all gives the start back.
    final = enc.model_dump(mode="json")
    assert session.replay().model_dump(mode="json") == final
    while session.can_undo:
        session.undo()
    assert session.encounter.model_dump(mode="json") == start

"""Adding, editing, duplicating and removing combatants (R8; undo stays exact)."""

from __future__ import annotations

from typing import Any

from rules.model.commands import (
    AddCombatant,
    Advance,
    DuplicateCombatant,
    EditCombatant,
    FightStatus,
    RemoveCombatant,
    StartCombat,
    TakeOpportunity,
)
from rules.model.state import (
    Action,
    ChanceDice,
    Combatant,
    ExtendedAction,
    Opposed,
    Pending,
    Turn,
    Weapon,
    Wound,
)
from tests.support.engine_steps import do, refused, session, undo_all
from tests.support.pending_samples import DEMISE, parry_data


def being(cid: str, name: str, **fields: Any) -> Combatant:
    sheet: dict[str, Any] = {
        "stats": {"Wits": 7, "Dexterity": 6, "Endurance": 6},
        "skills": {"Melee": 4},
        "actions": [Action(name="Strike", cost=5, kind="attack", weapon="Sword")],
        "weapons": [Weapon(name="Sword")],
    }
    sheet.update(fields)
    return Combatant(id=cid, name=name, **sheet)


# --- add ------------------------------------------------------------------------------


def test_add_copies_the_command_and_gives_a_taken_id_a_new_one() -> None:
    """Engine rule 2: the state never holds the command's object (redo re-applies it)."""
    s = session(being("k", "Kans"))
    start = s.encounter.model_dump(mode="json")
    newcomer = being("k", "Molin")
    cmd = AddCombatant(combatant=newcomer, awareness="ready")
    assert do(s, cmd)[0] == "Molin (enemy) enters the encounter"
    added = s.encounter.combatants["c1"]
    assert added.name == "Molin" and added.awareness == "ready" and added.ttu is None
    assert added is not cmd.combatant and added.stats is not cmd.combatant.stats
    assert s.encounter.combatants["k"].name == "Kans"
    undo_all(s, start)
    s.redo()
    assert s.encounter.combatants["c1"].name == "Molin"


def test_late_join_rolls_reaction_and_lands_at_now_plus_time() -> None:
    """R8: Molin joins at track 5, Ready, Wits 7, rolls 7 → 2 VP → time 2 → TTU 7."""
    s = session(being("k", "Kans"))
    start = s.encounter.model_dump(mode="json")
    do(s, StartCombat(initiators=["k"]))
    do(s, Advance())
    do(s, TakeOpportunity(actor="k", actions=["Strike"]))  # Kans next at 5
    do(s, Advance())
    assert s.encounter.time == 5
    lines = do(s, AddCombatant(combatant=being("m", "Molin"), awareness="ready"), 7)
    assert "Molin (ready) reacts: d10 7 vs Wits 7 → 2 VP → TTU 7" in lines[1]  # now 5 + 2
    assert "first opportunity at 7 (R8)" in lines[2]
    assert s.encounter.combatants["m"].ttu == 7
    do(s, TakeOpportunity(actor="k", actions=["Strike"]))  # Kans next at 10
    do(s, Advance())
    assert (s.encounter.time, s.encounter.due) == (7, ["m"])
    undo_all(s, start)


def test_late_joiner_gets_a_combat_chance_die_freed_by_the_battle() -> None:
    """C1: for the newcomer a battle has started: a roleplay lock on its combat die lifts."""
    s = session(being("k", "Kans"))
    do(s, StartCombat(initiators=["k"]))
    tired = being("m", "Molin", chance=ChanceDice(combat="locked", roleplay="used"))
    do(s, AddCombatant(combatant=tired), 10)
    assert s.encounter.combatants["m"].chance.combat == "available"


def test_late_joiner_needs_wits() -> None:
    s = session(being("k", "Kans"))
    do(s, StartCombat(initiators=["k"]))
    witless = being("m", "Blob", stats={"Strength": 9})
    witless = witless.model_copy(update={"actions": [], "weapons": []})
    refused(s, AddCombatant(combatant=witless), "Blob has no Wits stat")


# --- edit -----------------------------------------------------------------------------


def test_edit_replaces_the_sheet_and_keeps_what_combat_did() -> None:
    wounds = [Wound(location="chest", level="Wound", wp=3, time=4, bleeding=True)]
    s = session(being("k", "Kans", wounds=wounds, bleed_rate=1, bleed_anchor=4, luck=2))
    start = s.encounter.model_dump(mode="json")
    sheet = being(
        "k", "Kans the Bold", stats={"Wits": 8, "Dexterity": 7, "Endurance": 6}, skills={"Melee": 5}
    )
    lines = do(s, EditCombatant(combatant=sheet))
    assert lines == ["GM edits Kans (now Kans the Bold): name, stats, skills"]
    kans = s.encounter.combatants["k"]
    assert kans.stats == {"Wits": 8, "Dexterity": 7, "Endurance": 6}
    assert kans.wounds == wounds and kans.bleed_rate == 1 and kans.luck == 2
    assert kans.effective("Wits") == 7  # 3 WP still cost a point (A9)
    assert kans.stats is not sheet.stats
    undo_all(s, start)


def test_edit_refuses_to_break_references() -> None:
    """A drain names a stat (R20), a held action, the current turn's actions."""
    kans = being(
        "k",
        "Kans",
        drains={"Dexterity": 1},
        held_action="Strike",
        extended=ExtendedAction(skill="Search", stat="Endurance", total=4, rolls=[4]),
    )
    s = session(kans)
    no_dex = being("k", "Kans", stats={"Wits": 7}, actions=[])
    refused(
        s,
        EditCombatant(combatant=no_dex),
        "would break what combat still uses: a desperation drain names 'Dexterity'.*"
        "extended Search roll uses 'Endurance'.*held action 'Strike'",
    )
    refused(s, EditCombatant(combatant=being("k", "Kans")), "changes nothing on Kans")
    refused(s, EditCombatant(combatant=being("zz", "Who")), "no combatant with id 'zz'")


# --- duplicate -----------------------------------------------------------------------


def test_duplicate_is_a_fresh_copy_of_the_sheet() -> None:
    hurt = being(
        "k",
        "Kans",
        wounds=[Wound(wp=4)],
        luck=3,
        exhaustion=1,
        broken_ribs=True,
        chance=ChanceDice(combat="used", roleplay="locked"),
        notes="scar",
    )
    s = session(hurt)
    start = s.encounter.model_dump(mode="json")
    assert "Kans 2 enters as a copy of Kans's sheet" in do(s, DuplicateCombatant(id="k"))[0]
    copy = s.encounter.combatants["c1"]
    assert copy.name == "Kans 2" and copy.stats == hurt.stats and copy.notes == "scar"
    assert copy.wounds == [] and copy.luck == 0 and copy.exhaustion == 0
    assert not copy.broken_ribs and copy.chance == ChanceDice()
    assert copy.weapons == hurt.weapons and copy.weapons[0] is not hurt.weapons[0]
    do(s, DuplicateCombatant(id="k"))
    assert s.encounter.combatants["c2"].name == "Kans 3"
    do(s, DuplicateCombatant(id="k", name="Guard"))
    assert s.encounter.combatants["c3"].name == "Guard"
    undo_all(s, start)


def test_duplicate_joins_a_running_combat() -> None:
    """R8 for a copy: it keeps the source's awareness (Kans started: active, base 3);
    a d10 of 1 against Wits 7 is 0 VP → time 3 → TTU 0 + 3."""
    s = session(being("k", "Kans"))
    do(s, StartCombat(initiators=["k"]))
    do(s, DuplicateCombatant(id="k"), 1)
    copy = s.encounter.combatants["c1"]
    assert (copy.awareness, copy.ttu) == ("active", 3)


# --- remove ---------------------------------------------------------------------------


def test_remove_mid_combat_clears_every_reference_and_undoes_exactly() -> None:
    """Out of due, turn (and the turn it interrupted), pending decisions, opposed contest."""
    a, b, c = being("a", "Ann", ttu=9), being("b", "Bel", ttu=5), being("c", "Cid", ttu=5)
    turn = Turn(
        actor="b",
        actions=["Strike"],
        reaction=True,
        interrupted=Turn(actor="a", actions=["Strike", "Strike"], penalty=-4),
    )
    pending = [
        Pending(id=1, kind="parry", combatant="a", text="Ann parries?", data=parry_data("b")),
        Pending(id=2, kind="demise", combatant="b", text="Bel demise", data=DEMISE),
        Pending(id=3, kind="demise", combatant="c", text="Cid demise", data=DEMISE),
    ]
    opposed = Opposed(a="b", a_skill="Melee", a_stat="Wits", b="c", b_skill="Melee", b_stat="Wits")
    s = session(
        a, b, c, in_combat=True, time=5, due=["b", "c"], turn=turn, pending=pending, opposed=opposed
    )
    start = s.encounter.model_dump(mode="json")
    lines = do(s, RemoveCombatant(id="b"))
    assert lines == [
        "Bel leaves the encounter; 2 pending decisions dropped;"
        " its opposed contest with Cid ends undecided (margin 0)"
    ]
    enc = s.encounter
    assert list(enc.combatants) == ["a", "c"]
    assert enc.due == ["c"]
    assert enc.turn is not None and enc.turn.actor == "a" and enc.turn.penalty == -4
    assert [p.id for p in enc.pending] == [3]
    assert enc.opposed is None
    undo_all(s, start)
    assert list(s.encounter.combatants) == ["a", "b", "c"]  # key order restored too


def test_remove_unknown_is_refused() -> None:
    s = session(being("k", "Kans"))
    refused(s, RemoveCombatant(id="nope"), "no combatant with id 'nope'")


# --- out of the fight and back ---------------------------------------------------------


def test_out_of_the_fight_leaves_the_track_and_back_in_rolls_a_reaction_r8() -> None:
    s = session(being("k", "Kans"), being("d", "Dinzis"))
    start = s.encounter.model_dump(mode="json")
    do(s, StartCombat(initiators=["d"], awareness={"k": "ready"}), 7)
    lines = do(s, FightStatus(target="k", reason="flees"))
    assert lines == ["Kans is out of the fight (flees)"]
    kans = s.encounter.combatants["k"]
    assert kans.out_of_fight and kans.ttu is None and not kans.active
    refused(s, FightStatus(target="k"), "already out of the fight")
    do(s, Advance())
    lines = do(s, FightStatus(target="k", out=False), 7)  # ready, Wits 7, face 7 → 2 VP
    assert lines[0] == "Kans is back in the fight"
    assert kans.ttu == 2 and kans.active
    undo_all(s, start)

"""What the players' view kept from the GM's secrets once tried closely (issue 25): each
case as a watching player met it, with the encounter's own commands."""

from __future__ import annotations

from rules.engine.public_view import PublicView, public_view
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import (
    AddCombatant,
    Advance,
    ApplyWound,
    Attack,
    ConfirmDamage,
    FightStatus,
    Parry,
    RemoveCombatant,
    TakeOpportunity,
)
from rules.model.effect_commands import AddEffect, AddReminder
from rules.model.effects import Duration
from rules.model.state import Combatant, Encounter
from rules.model.visibility_commands import SetFoeTicks, SetHidden, SetOpenRolls, SetReveal
from tests.support.random_fights import fighter

TENS = ScriptedDice([10] * 60)


def table(due: str = "c0", time: int = 5, **ttus: int) -> Session:
    """Dinzis (PC) against Molin (an unrevealed foe) and Zed (a foe), all in combat; the
    one `due` acts at `time`; the others' TTUs as given (default 9 and 12)."""
    cast = [("c0", "Dinzis", "PC"), ("c1", "Molin", "enemy"), ("c2", "Zed", "enemy")]
    combatants = {}
    for cid, name, side in cast:
        ttu = time if cid == due else ttus.get(cid, {"c0": 7, "c1": 9, "c2": 12}[cid])
        combatants[cid] = fighter(cid, name, 6).model_copy(update={"side": side, "ttu": ttu})
    enc = Encounter(name="Inn", in_combat=True, time=time, due=[due], combatants=combatants)
    return Session(enc)


def foe(cid: str, name: str) -> Combatant:
    return fighter(cid, name, 5).model_copy(update={"side": "enemy"})


def strike(s: Session, attacker: str, target: str) -> None:
    """`attacker`'s Knife (damage 4) on `target`, every die a 10, no parry, the damage
    confirmed."""
    s.do(TakeOpportunity(actor=attacker, actions=["Attack"]), TENS)
    s.do(Attack(attacker=attacker, target=target, weapon="Knife", goal=0), TENS)
    for p in [p for p in s.encounter.pending if p.kind == "parry"]:
        s.do(Parry(pending=p.id, weapon=None), TENS)  # the target lets it through
    for p in [p for p in s.encounter.pending if p.kind == "damage"]:
        s.do(ConfirmDamage(pending=p.id), TENS)


def view(s: Session) -> PublicView:
    return public_view(s.encounter)


def test_a_hidden_ambushers_turn_shows_no_time_and_no_empty_now() -> None:
    s = table(c1=30)  # Dinzis at 5, Zed (hidden) at 12, Molin far off at 30
    s.do(SetHidden(id="c2", hidden=True), TENS)
    while s.encounter.due != ["c2"]:  # Dinzis dodges (3 TU) at 5, 8 and 11, then Zed
        s.do(TakeOpportunity(actor="c0", actions=["Dodge"]), TENS)
        s.do(Advance(), TENS)
    assert s.encounter.time == 12
    seen = view(s)
    assert seen.now == () and seen.time == 11  # the last time the players saw anything at


def test_no_countdown_runs_to_a_hidden_or_unseen_foes_opportunity() -> None:
    s = table()
    blinded = AddEffect(targets=["c0"], name="Blinded", duration=Duration(kind="next", whose="c2"))
    s.do(blinded, TENS)
    assert "Blinded (7 TU left)" in view(s).party[0].conditions  # Zed's 12, shown: public
    s.do(SetFoeTicks(foe_ticks="acting"), TENS)
    assert view(s).party[0].conditions == ("Blinded",)  # Zed's ticks show only as he acts
    s.do(SetFoeTicks(foe_ticks="always"), TENS)
    s.do(SetHidden(id="c2", hidden=True), TENS)
    assert view(s).party[0].conditions == ("Blinded",)  # hidden Zed's time is his own


def test_an_unrevealed_attackers_vs_and_damage_stay_out_of_the_partys_lines() -> None:
    s = table(due="c1")
    strike(s, "c1", "c0")
    damage = next(e for e in s.encounter.log if e.kind == "damage")
    assert "damage 4" in damage.text  # the GM's line: Molin's knife
    text = view(s).text()
    assert "Dinzis takes" in text and "Unknown A" in text
    assert "damage 4" not in text and "VS " not in text


def test_a_hidden_attackers_weapon_and_numbers_stay_out_too() -> None:
    s = table(due="c2")
    s.do(SetHidden(id="c2", hidden=True), TENS)
    strike(s, "c2", "c0")
    text = view(s).text()
    assert "Dinzis takes" in text and "someone unseen" in text
    assert "Knife" not in text and "knife" not in text and "damage 4" not in text


def test_open_rolls_show_a_foes_dice_never_its_stat_values() -> None:
    s = table(due="c1")
    s.do(SetOpenRolls(open_rolls=True), TENS)
    strike(s, "c1", "c0")
    gm = [e.text for e in s.encounter.log if e.actor == "c1" and "Dexterity 6" in e.text]
    assert gm  # the GM's roll line: 5d10 vs Dexterity 6
    lines = [line for line in view(s).log if "Unknown A" in line.text and line.faces]
    assert lines and all("Dexterity 6" not in line.text for line in lines)
    assert any("vs Dexterity" in line.text for line in lines)


def test_a_foe_shown_again_brings_none_of_its_hidden_lines() -> None:
    s = table()
    s.do(SetHidden(id="c2", hidden=True), TENS)
    s.do(ApplyWound(target="c2", wound_points=4, location="chest"), TENS)
    s.do(SetHidden(id="c2", hidden=False), TENS)
    text = view(s).text()
    assert "Unknown B" in text  # Zed is on screen again
    assert "Unknown B is wounded" not in text and "Unknown B bleeds" not in text


def test_a_hidden_foe_removed_keeps_its_lines_the_gms() -> None:
    s = table()
    s.do(SetHidden(id="c2", hidden=True), TENS)
    s.do(ApplyWound(target="c2", wound_points=4, location="chest"), TENS)
    s.do(RemoveCombatant(id="c2"), TENS)
    assert "Zed (hidden from the players) leaves the encounter" in s.encounter.log[-1].text
    text = view(s).text()
    assert "Zed" not in text and "Unknown B" not in text and "leaves" not in text


def test_a_fled_foe_is_out_of_the_fight_and_its_bleeding_leaves_the_track() -> None:
    s = table()
    s.do(ApplyWound(target="c1", wound_points=4, location="chest"), TENS)  # R12: it bleeds
    assert any(m.kind == "bleed" and m.who == "Unknown A" for m in view(s).track)
    s.do(FightStatus(target="c1", out=True), TENS)
    seen = view(s)
    assert seen.foes[0].level == "out of the fight"
    assert not any(m.who == "Unknown A" for m in seen.track)


def test_letters_never_move_and_are_never_given_twice() -> None:
    """Hiding Molin turned Unknown B into A, and an unhidden foe took a revealed one's
    letter: each foe now keeps the letter it was first seen with (kept in the save)."""
    s = table()
    s.do(
        AddCombatant(combatant=fighter("c3", "Ulla", 5).model_copy(update={"side": "enemy"})), TENS
    )
    first = {f.name for f in view(s).foes}
    assert first == {"Unknown A", "Unknown B", "Unknown C"}  # Molin, Zed, Ulla by roster
    s.do(SetHidden(id="c1", hidden=True), TENS)  # Molin leaves the players' sight
    assert [f.name for f in view(s).foes] == ["Unknown B", "Unknown C"]
    s.do(SetReveal(id="c2", reveal="name"), TENS)  # Zed named: his B is not given again
    s.do(AddCombatant(combatant=foe("c4", "Vex")), TENS)
    s.do(SetHidden(id="c1", hidden=False), TENS)
    assert [f.name for f in view(s).foes] == ["Unknown A", "Zed", "Unknown C", "Unknown D"]
    assert s.encounter.combatants["c4"].letter == "D" and s.encounter.letters == 4


def waited(s: Session, cost: int) -> None:
    """Dinzis waits `cost` TU; the GM advances the track to its next stop."""
    s.do(TakeOpportunity(actor="c0", actions=["Wait"], cost=cost), TENS)
    s.do(Advance(), TENS)


def test_a_hidden_ones_bleeding_stops_the_track_at_no_time_of_the_players() -> None:
    """The hunt's case: the track stopped at 10 for hidden Zed's bleeding alone, no one
    acting, and the screen said "time 10", a time only his. It says 5, the last time the
    players saw anything at (Dinzis waiting)."""
    s = table(c1=30, c2=40)
    zed = s.encounter.combatants["c2"]
    zed.bleed_rate, zed.bleed_anchor = 1, 0  # A14: ticks at 10, 20, ...
    s.do(SetHidden(id="c2", hidden=True), TENS)
    waited(s, 9)  # Dinzis next at 14
    assert (s.encounter.time, s.encounter.due, zed.bleed_wp) == (10, [], 1)
    seen = view(s)
    assert seen.time == 5 and seen.now == ()


def test_a_gm_reminder_stops_the_track_at_no_time_of_the_players() -> None:
    """A reminder is the GM's alone: the track stopping at 7 for it said "time 7"."""
    s = table(c1=30, c2=40)
    s.do(AddReminder(text="the sniper on the roof fires", at=7), TENS)
    waited(s, 9)
    assert (s.encounter.time, s.encounter.due) == (7, [])
    assert view(s).time == 5


def test_a_countdown_counts_from_the_time_shown_not_the_hidden_ones() -> None:
    """At hidden Zed's turn (5) the screen shows time 0, and Dinzis's 20-TU stun begun at
    0 said "15 TU left": the players could tell the time was 5. It says 20, as at 0."""
    s = table(time=0, c1=30, c2=5)
    s.do(SetHidden(id="c2", hidden=True), TENS)
    s.do(AddEffect(targets=["c0"], name="Stunned", duration=Duration(kind="tu", amount=20)), TENS)
    waited(s, 9)
    assert (s.encounter.time, s.encounter.due) == (5, ["c2"])
    seen = view(s)
    assert seen.time == 0 and seen.party[0].conditions == ("Stunned (20 TU left)",)
    s.do(TakeOpportunity(actor="c2", actions=["Wait"], cost=20), TENS)
    s.do(Advance(), TENS)  # Dinzis at 9: the players' time again
    assert view(s).party[0].conditions == ("Stunned (11 TU left)",)

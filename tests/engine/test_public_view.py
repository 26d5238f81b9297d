"""What the players' view shows of a known fight: each GM setting does what it says."""

from __future__ import annotations

from rules.engine.public_view import public_view, wound_level
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import ApplyWound, StartCombat
from rules.model.state import Encounter
from rules.model.visibility_commands import SetFoeTicks, SetHidden, SetOpenRolls, SetReveal
from tests.support.random_fights import fighter


def fight() -> Session:
    enc = Encounter(name="Ambush")
    cast = [("c0", "Dinzis", "PC"), ("c1", "Molin", "enemy"), ("c2", "Zorvax", "enemy")]
    for cid, name, side in cast:
        enc.combatants[cid] = fighter(cid, name, 6).model_copy(update={"side": side})
    session = Session(enc)
    session.do(StartCombat(initiators=["c0"]), SeededDice(1))
    return session


def test_foes_are_unknown_until_revealed_and_hidden_ones_absent() -> None:
    session = fight()
    session.do(SetHidden(id="c2", hidden=True), ScriptedDice())
    view = public_view(session.encounter)
    assert [f.name for f in view.foes] == ["Unknown A"]
    assert "Zorvax" not in view.text() and "Molin" not in view.text()
    assert {m.who for m in view.track} <= {"Dinzis", "Unknown A"}
    session.do(SetReveal(id="c1", reveal="name"), ScriptedDice())
    view = public_view(session.encounter)
    assert [f.name for f in view.foes] == ["Molin"] and view.foes[0].figures is None


def test_numbers_show_only_once_revealed() -> None:
    session = fight()
    session.do(ApplyWound(target="c1", wound_points=4, location="chest"), SeededDice(2))
    view = public_view(session.encounter)
    assert view.foes[0].level in {"bleeding", "badly hurt"} and view.foes[0].figures is None
    assert "4 WP" not in view.text()
    session.do(SetReveal(id="c1", reveal="numbers"), ScriptedDice())
    figures = public_view(session.encounter).foes[0].figures
    assert figures is not None and figures.wp == 4 and figures.luck is None


def test_open_rolls_show_the_foes_dice() -> None:
    session = fight()
    foe_roll = [e for e in session.encounter.log if e.actor in {"c1", "c2"} and e.faces]
    assert foe_roll  # their reaction rolls (A7)
    closed = {line.seq: line for line in public_view(session.encounter).log}
    assert all(closed[e.seq].faces == () for e in foe_roll if e.seq in closed)
    session.do(SetOpenRolls(open_rolls=True), ScriptedDice())
    opened = {line.seq: line for line in public_view(session.encounter).log}
    assert any(opened[e.seq].faces == tuple(e.faces) for e in foe_roll)


def test_foe_ticks_only_when_acting() -> None:
    session = fight()
    session.do(SetFoeTicks(foe_ticks="acting"), ScriptedDice())
    view = public_view(session.encounter)
    assert all(m.party or m.now for m in view.track)
    assert any(m.party for m in view.track)


def test_wound_levels_in_words() -> None:
    c = fighter("c9", "X", 6)
    assert wound_level(c) == "unhurt"
    c.bleed_wp = 1
    assert wound_level(c) == "bruised"
    c.bleed_rate = 1
    assert wound_level(c) == "bleeding"
    c.bleed_wp = 9  # A16.2: Endurance 6 - 3 = 3, half its base
    assert wound_level(c) == "badly hurt"
    c.out_of_fight = True  # fled or surrendered: players see it go, not fall (issue 25)
    assert wound_level(c) == "out of the fight"
    c.dead = True
    assert wound_level(c) == "down"


def test_a_hidden_attacker_is_someone_unseen_in_the_partys_lines() -> None:
    session = fight()
    session.do(SetHidden(id="c2", hidden=True), ScriptedDice())
    source = "Zorvax's knife"
    session.do(
        ApplyWound(target="c0", wound_points=2, location="head", source=source), SeededDice(3)
    )
    view = public_view(session.encounter)
    assert "Zorvax" not in view.text()
    assert any("Dinzis takes" in line.text and "someone unseen" in line.text for line in view.log)

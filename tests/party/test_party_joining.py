"""A PC added to a party's encounter joins the party at the write-back (issue 27: it was
never written back, and adding it on the party's screen made the write-back conflict)."""

from __future__ import annotations

import pytest

from rules.engine.questions import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import AddCombatant, RemoveCombatant
from rules.model.party_commands import JoinParty
from rules.model.state import Encounter, Side
from rules.party.conflict import aside
from rules.party.encounters import summary_lines, write_back
from tests.support.party_steps import company, do, fight_from, pc


def added(s: Session, cid: str = "c9", name: str = "Sir Ulric", side: Side = "PC") -> Session:
    c = pc(cid, name, 5).model_copy(update={"side": side})
    do(s, AddCombatant(combatant=c))
    return s


def test_a_joining_pc_is_written_into_the_party_and_stays_a_member() -> None:
    party = company()
    s = added(fight_from(party, "Ambush"))
    assert write_back(party, s.encounter).party.characters.keys() == {"c1", "c2"}  # not asked
    lines = do(s, JoinParty(id="c9"))
    assert lines == ["Sir Ulric joins the party Company at its write-back"]
    assert any("(joins the party)" in line for line in summary_lines(party, s.encounter))
    first = write_back(party, s.encounter)
    assert set(first.party.characters) == {"c1", "c2", "c9"}
    assert first.party.characters["c9"].name == "Sir Ulric"
    assert "c9" in first.touched
    again = write_back(first.party, s.encounter)  # a second write-back: a member now
    assert set(again.party.characters) == {"c1", "c2", "c9"}


def test_joining_is_undone_and_refused_where_it_makes_no_sense() -> None:
    party = company()
    s = added(added(fight_from(party, "Ambush")), "c10", "Bandit", "enemy")
    with pytest.raises(CommandError, match="only a PC joins"):
        s.do(JoinParty(id="c10"), ScriptedDice([]))
    do(s, JoinParty(id="c9"))
    with pytest.raises(CommandError, match="already joins"):
        s.do(JoinParty(id="c9"), ScriptedDice([]))
    s.undo()
    assert s.encounter.party is not None and s.encounter.party.joining == []
    lone = Encounter(combatants={"c1": pc("c1", "Kans", 7)}, next_id=2)
    with pytest.raises(CommandError, match="not made from a party"):
        Session(lone).do(JoinParty(id="c1"), ScriptedDice([]))


def test_a_joiner_who_left_the_encounter_is_not_written_back_and_aside_carries_one() -> None:
    party = company()
    s = added(fight_from(party, "Ambush"))
    do(s, JoinParty(id="c9"))
    assert "c9" in aside(party, s.encounter).characters
    do(s, RemoveCombatant(id="c9"))
    assert set(write_back(party, s.encounter).party.characters) == {"c1", "c2"}


def test_a_save_with_joiners_reads_back() -> None:
    party = company()
    s = added(fight_from(party, "Ambush"))
    do(s, JoinParty(id="c9"))
    again = Encounter.model_validate_json(s.encounter.model_dump_json())
    assert again.party is not None and again.party.joining == ["c9"]

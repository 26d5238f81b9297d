"""A PC added to a party's encounter joins the party at the write-back (issue 27: it was
never written back, and adding it on the party's screen made the write-back conflict)."""

from __future__ import annotations

import pytest

from rules.engine.questions import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import AddCombatant, Luck, RemoveCombatant
from rules.model.party_commands import JoinParty
from rules.model.state import Encounter, Side
from rules.party.conflict import aside, conflict_of, merge
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


def test_two_encounters_from_one_revision_each_add_a_pc_both_join() -> None:
    """Two fights made from one revision number their new PCs alike (both c9). Morning's
    Sir Ulric joined first; Evening's Vera was then taken for him: the merge gave his
    sheet her luck and lost her (the hunt's case). She joins under an id of her own,
    the same at a second write-back, and Sir Ulric keeps his state."""
    party = company()
    morning = added(fight_from(party, "Morning", token="morning"))
    evening = added(fight_from(party, "Evening", token="evening"), name="Vera")
    for s, luck in ((morning, 3), (evening, -2)):
        do(s, JoinParty(id="c9"))
        do(s, Luck(target="c9", amount=luck))
    first = write_back(party, morning.encounter).party
    found = conflict_of(first, evening.encounter)
    assert found is not None and found.touched == []  # Sir Ulric is not Evening's
    second = merge(first, evening.encounter, {}).party
    names = {cid: (c.name, c.luck) for cid, c in second.characters.items()}
    assert names == {
        "c1": ("Kans", 0),
        "c2": ("Molin", 0),
        "c9": ("Sir Ulric", 3),
        "c9-evenin": ("Vera", -2),
    }
    lines = summary_lines(first, evening.encounter)
    assert any(line.startswith("Vera") and "(joins the party)" in line for line in lines)
    assert "Sir Ulric: not in this encounter, keeps the party's state" in lines
    again = write_back(second, evening.encounter).party  # a member now, under her own id
    assert set(again.characters) == set(second.characters)
    assert set(aside(first, evening.encounter).characters) == set(names)

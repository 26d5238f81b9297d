"""Two encounters on one party never silently overwrite each other's write-back.

A write-back built on an older revision than the party's is refused (PartyConflict)
with the characters changed there named; the merge by character takes this
encounter's state for the others and the GM's pick for those; save aside makes a
new party and leaves the old one as it is. Undo takes back the last write-backs.
"""

from __future__ import annotations

import pytest

from rules.model.commands import ApplyWound, Heal, Luck, Staunch
from rules.model.party import Party
from rules.model.state import Encounter
from rules.party.between import care, new_day, rest
from rules.party.conflict import aside, conflict_of, merge
from rules.party.encounters import new_encounter, write_back
from rules.party.errors import PartyConflict, PartyError
from rules.party.history import undo, undoable
from tests.support.party_steps import FILE, company, do, fight_from


def two_fights() -> tuple[Party, Encounter, Encounter]:
    """Two encounters from revision 1: A wounds Kans, B wounds Kans and Molin."""
    party = company()
    a, b = fight_from(party, "A", token="encA"), fight_from(party, "B", token="encB")
    do(a, ApplyWound(target="c1", wound_points=2, location="head"))
    do(b, ApplyWound(target="c1", wound_points=1, location="left leg"))
    do(b, ApplyWound(target="c2", wound_points=2, location="chest"))
    return party, a.encounter, b.encounter


def test_the_second_write_back_is_refused_naming_who_changed() -> None:
    party, a, b = two_fights()
    after_a = write_back(party, a).party
    with pytest.raises(PartyConflict, match=r"revision 1 → 2.*characters changed there: Kans") as e:
        write_back(after_a, b)
    assert (e.value.touched, e.value.free) == (["c1"], ["c2"])
    assert conflict_of(after_a, b) is not None and conflict_of(after_a, a) is None


def test_merge_by_character_keeps_the_pick_and_takes_the_untouched() -> None:
    party, a, b = two_fights()
    after_a = write_back(party, a).party
    with pytest.raises(PartyError, match="pick encounter or party for Kans"):
        merge(after_a, b, {})
    merged = merge(after_a, b, {"c1": "party"})
    assert merged.lines[0] == "Kans: keeps the party's state (merge)"
    assert merged.lines[1].startswith("Molin: 2 WP")
    kept = merged.party
    assert [w.location for w in kept.get("c1").wounds] == ["head"]  # A's, as picked
    assert [w.location for w in kept.get("c2").wounds] == ["chest"]  # B's: A never touched Molin
    taken = merge(after_a, b, {"c1": "encounter"}).party
    assert [w.location for w in taken.get("c1").wounds] == ["left leg"]
    assert taken.history[-1].kind == "merge"


def test_save_aside_makes_a_new_party_and_leaves_the_file_party_alone() -> None:
    party, a, b = two_fights()
    after_a = write_back(party, a).party
    before = after_a.model_dump(mode="json")
    other = aside(after_a, b, uid="aside1")
    assert after_a.model_dump(mode="json") == before
    assert (other.uid, other.name, other.revision) == ("aside1", "Company (aside)", 1)
    assert [w.location for w in other.get("c1").wounds] == ["left leg"]


def test_one_encounter_writes_back_twice_without_conflict() -> None:
    party = company()
    s = fight_from(party, "A", token="encA")
    do(s, ApplyWound(target="c1", wound_points=1))
    first = write_back(party, s.encounter).party
    do(s, ApplyWound(target="c2", wound_points=1))
    second = write_back(first, s.encounter).party  # builds on its own first write-back
    assert second.revision == 3 and second.get("c2").total_wp() == 1


def test_a_new_day_since_the_encounter_is_a_conflict_too() -> None:
    """C1: a new day renews everyone's dice, so an encounter of the day before that used
    Kans's die conflicts on Kans; Molin, unchanged by the encounter, keeps the new day."""
    party = company()
    s = fight_from(party, "A", token="encA")
    do(s, ApplyWound(target="c1", wound_points=1))
    tomorrow = new_day(party)
    with pytest.raises(
        PartyConflict, match=r"changed there: Kans \(a merge keeps the party.s Molin\)\."
    ) as refused:
        write_back(tomorrow, s.encounter)
    assert (refused.value.touched, refused.value.kept, refused.value.free) == (["c1"], ["c2"], [])
    merged = merge(tomorrow, s.encounter, {"c1": "encounter"}).party
    assert merged.day == 2 and merged.get("c1").total_wp() == 1


def test_another_party_or_no_party_is_refused() -> None:
    party, a, _ = two_fights()
    stranger = company().model_copy(update={"uid": "stranger"})
    with pytest.raises(PartyError, match="not from Company"):
        write_back(stranger, a)
    with pytest.raises(PartyError, match="not made from a party"):
        write_back(party, Encounter(name="Loose"))


def test_undo_takes_back_the_last_write_backs_in_order() -> None:
    party, a, _ = two_fights()
    after_a = write_back(party, a).party
    healed = care(after_a, Heal(target="c1", wound_points=1))
    assert [e.kind for e in undoable(healed)][:2] == ["care", "write-back"]
    back = undo(healed, 2)
    assert back.characters == party.characters and back.revision == 5
    assert [e.kind for e in back.history[-2:]] == ["undo", "undo"]
    with pytest.raises(PartyError, match="can be undone"):
        undo(back, 2)  # only "created" is left, and it replaced nothing


def test_care_between_fights_uses_the_encounter_rules() -> None:
    party = company()
    with pytest.raises(PartyError, match="has exhaustion to rest off"):
        rest(party)
    with pytest.raises(PartyError, match="Kans is not bleeding"):  # the engine's own refusal
        care(party, Staunch(target="c1"))
    with pytest.raises(PartyError, match="no character 'c9'"):
        care(party, Luck(target="c9", amount=1))
    lucky = care(party, Luck(target="c1", amount=2, reason="saved the child"))
    assert lucky.get("c1").luck == 2 and "saved the child" in lucky.history[-1].text
    enc = new_encounter(lucky, FILE, "x")
    assert enc.combatants["c1"].luck == 2

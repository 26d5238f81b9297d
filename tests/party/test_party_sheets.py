"""What a party character is made of: every Combatant field is its sheet, its lasting
state or fight-only (one list each), a template is the sheet alone, the GM's summary."""

from __future__ import annotations

import json

import pytest

from rules.engine.handlers.roster import SHEET_FIELDS
from rules.model.party import FIGHT_FIELDS, LASTING_FIELDS, WORN_GEAR, Party
from rules.model.state import ChanceDice, Combatant, Wound
from rules.party.between import add_character, from_encounter
from rules.party.encounters import new_encounter, summary_lines
from rules.party.errors import PartyError
from rules.party.lasting import summary
from tests.support.party_steps import FILE, company, pc
from tracker.files.template_file import template_text


def test_every_combatant_field_is_sheet_lasting_or_fight_only() -> None:
    """A new Combatant field (issue 15's effects) must say whether it outlasts a fight;
    the gear a fight wears (WORN_GEAR) is the one part of the sheet that does."""
    lasting = set(LASTING_FIELDS) - set(WORN_GEAR)
    assert set(WORN_GEAR) <= set(SHEET_FIELDS) & set(LASTING_FIELDS)
    groups = [{"id"}, set(SHEET_FIELDS), lasting, set(FIGHT_FIELDS)]
    named = [name for group in groups for name in group]
    assert len(named) == len(set(named)), "a field is in two groups"
    assert set(named) == set(Combatant.model_fields)


def test_a_template_of_a_party_character_has_no_lasting_state() -> None:
    party = company()
    kans = party.get("c1").model_copy(
        update={"wounds": [Wound(wp=3, location="chest")], "luck": 3, "exhaustion": 2}
    )
    party = party.model_copy(update={"characters": {**party.characters, "c1": kans}})
    sheet = json.loads(template_text(party.get("c1")))  # what the party screen's T writes
    assert set(sheet) == set(SHEET_FIELDS)
    fresh = Combatant.model_validate({"id": "t", **sheet})
    assert (fresh.wounds, fresh.luck, fresh.exhaustion) == ([], 0, 0)
    assert fresh.weapons == kans.weapons and fresh.stats == kans.stats


def test_the_summary_names_what_lasts() -> None:
    kans = pc("c1", "Kans", 7).model_copy(
        update={
            "wounds": [Wound(wp=4, location="right arm"), Wound(wp=3, location="chest")],
            "bleed_rate": 1,
            "bleed_anchor": -4,
            "limbs": {"right arm": "broken"},
            "chance": ChanceDice(combat="used", roleplay="locked"),
            "luck": 2,
            "drains": {"Wits": 1},
        }
    )
    assert summary(kans) == (
        "Kans: 7 WP, bleeding 1, right arm broken, Wits -1 drained, combat chance die used,"
        " roleplay chance die locked, LP +2"
    )
    assert summary(kans, pc("c1", "Kans", 7)).endswith("LP +2 (was +0)")


def test_a_character_missing_from_the_encounter_keeps_its_party_state() -> None:
    party = company()
    encounter = new_encounter(party, FILE, "Solo")
    del encounter.combatants["c2"]
    assert summary_lines(party, encounter)[1] == (
        "Molin: not in this encounter, keeps the party's state"
    )


def test_a_party_forms_from_an_encounter_s_pcs_and_takes_newcomers() -> None:
    encounter = new_encounter(company(), FILE, "x")
    encounter.combatants["c3"] = pc("c3", "Foe", 4).model_copy(update={"side": "enemy"})
    party = from_encounter(encounter, "New company", uid="new")
    assert sorted(party.characters) == ["c1", "c2"]
    grown = add_character(party, pc("c4", "Ada", 6).model_copy(update={"ttu": 5}))
    assert grown.get("c4").ttu is None  # fight-only fields are fresh in a party
    with pytest.raises(PartyError, match="already has a character"):
        add_character(grown, pc("c4", "Ada", 6))


def test_a_party_file_refuses_fight_state_and_a_stray_anchor() -> None:
    data = company().model_dump()
    data["characters"]["c1"]["bleed_anchor"] = 3
    with pytest.raises(ValueError, match="bleed_anchor: set with BLR 0"):
        Party.model_validate(data)

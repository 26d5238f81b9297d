"""Effect, reminder and decision ids come from one counter (issue 15), so an id names one
thing: a sheet that joins with effects, or a party's characters, never bring a taken id."""

from __future__ import annotations

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import AddCombatant
from rules.model.effect_commands import AddEffect
from rules.model.effects import Duration, Effect
from rules.model.state import Combatant
from rules.party.between import add_character
from rules.party.encounters import new_encounter
from tests.support.engine_steps import session
from tests.support.party_steps import FILE, company


def _ids(enc) -> list[int]:  # type: ignore[no-untyped-def]
    return [e.id for c in enc.combatants.values() for e in c.effects]


def test_copies_of_a_sheet_with_an_effect_get_ids_of_their_own() -> None:
    s = session(Combatant(id="kans", name="Kans"))
    s.do(AddEffect(targets=["kans"], name="Blessed", duration=Duration()), ScriptedDice())
    guard = Combatant(id="g", name="Guard", effects=[Effect(id=1, name="Prone")])
    s.do(AddCombatant(combatant=guard, count=2), ScriptedDice())
    ids = _ids(s.encounter)
    assert len(ids) == 3 and len(set(ids)) == 3


def test_an_encounter_from_a_party_counts_past_the_effects_it_carries() -> None:
    kans = (
        company().characters["c1"].model_copy(update={"effects": [Effect(id=40, name="Blessed")]})
    )
    party = add_character(company().model_copy(update={"characters": {}}), kans)
    enc = new_encounter(party, FILE, "Afternoon", token="t")
    assert enc.next_id > 40

"""Issue 15's effects between fights: what outlasts the fight goes to the party, its TU
left kept; what ends with the fight (until the end of combat) does not."""

from __future__ import annotations

from rules.engine.effects_ahead import active_effects
from rules.model.commands import Advance, StartCombat, TakeOpportunity
from rules.model.effect_commands import AddEffect
from rules.model.effects import Duration, EffectModifier
from rules.party.encounters import new_encounter, write_back
from tests.support.party_steps import FILE, company, do, fight_from


def test_an_effect_keeps_its_tu_left_and_one_until_the_end_of_combat_stays_behind() -> None:
    session = fight_from(company(), "Morning")
    blessed = EffectModifier(target="all", amount=1)
    do(
        session,
        AddEffect(
            targets=["c1"],
            name="Blessed",
            modifier=blessed,
            duration=Duration(kind="tu", amount=30),
        ),
    )
    do(session, AddEffect(targets=["c1"], name="Prone", duration=Duration(kind="end")))
    do(session, StartCombat(initiators=["c1"]), 5)
    enc = session.encounter
    while enc.time < 12:
        for cid in list(enc.due):
            do(session, TakeOpportunity(actor=cid, actions=["Wait"]))
        do(session, Advance())
    now = enc.time
    blessing = next(e for e in enc.combatants["c1"].effects if e.name == "Blessed")
    left = blessing.ends - now
    party = write_back(company(), enc).party
    carried = party.characters["c1"].effects
    assert [e.name for e in carried] == ["Blessed"]  # Prone ends with this fight
    afternoon = new_encounter(party, FILE, "Afternoon", token="enc2")
    kans = afternoon.combatants["c1"]
    assert kans.effects[0].ends - afternoon.time == left
    assert [a.name for a in active_effects(afternoon, kans) if a.effect_id is not None] == [
        "Blessed"
    ]

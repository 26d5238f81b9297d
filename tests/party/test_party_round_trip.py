"""Property (issue 17): write-back then a new encounter reproduces each lasting state exactly.

Whatever a fight left on the party's characters (wounds with locations, ticks'
counts, bleeding and its anchor at any track time, limbs, ribs, vital organ, exhaustion A5,
drains R20, luck R17, chance dice C1, worn armour and shield hits A13/R10), the next
encounter from the party starts with the same lasting state, JSON-equal field by field
(the anchor measured from each track's own time, A14/R13), and writing that back
changes nothing.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.model.party import LASTING_FIELDS
from rules.model.state import Combatant, Wound
from rules.party.encounters import new_encounter, write_back
from rules.party.lasting import lasting_state
from tests.support.party_steps import FILE, company
from tests.support.soak import examples

LOCATIONS = ["head", "chest", "left arm", "right arm", "left leg", "right leg", "unspecified"]
CHANCE = st.sampled_from(["available", "used", "locked"])
STATS = ["Strength", "Dexterity", "Endurance", "Wits", "Perception", "Tech"]

wounds = st.lists(
    st.builds(
        Wound,
        location=st.sampled_from(LOCATIONS),
        wp=st.integers(1, 6),
        time=st.none() | st.integers(0, 200),
        source=st.sampled_from(["GM", "Knife", "Pistol"]),
        bleeding=st.booleans(),
    ),
    max_size=4,
)

tick_counts = st.builds(dict, wp=st.integers(1, 9_000), ticks=st.integers(1, 9_000))
armour = st.builds(dict, rating=st.integers(0, 8), hard=st.integers(0, 4), soft=st.integers(0, 6))
shield = st.none() | st.integers(0, 6).flatmap(
    lambda low: st.builds(
        dict,
        low=st.just(low),
        high=st.integers(low, 12),
        hits_left=st.none() | st.integers(0, 12),
    )
)


@st.composite
def effect(draw: st.DrawFn, eid: int) -> dict[str, Any]:
    """Issue 15's effects: those that end with the fight (end; someone else's next) stay."""
    kind = draw(st.sampled_from(["tu", "until", "removed", "end", "next"]))
    start = draw(st.integers(-20, 200))
    amount = draw(st.integers(1, 60)) if kind in ("tu", "until") else None
    ends = None if amount is None else start + amount
    duration: dict[str, Any] = {"kind": kind, "amount": amount}
    if kind == "next":
        duration["whose"] = draw(st.sampled_from(["c1", "c2"]))
    tick = draw(st.none() | st.builds(dict, every=st.integers(1, 10), wp=st.integers(1, 3)))
    return {
        "id": eid,
        "name": draw(st.sampled_from(["Blessed", "On fire"])),
        "start": start,
        "ends": ends,
        "duration": duration,
        "tick": tick,
    }


@st.composite
def lasting(draw: st.DrawFn) -> dict[str, Any]:
    rate = draw(st.integers(0, 3))
    return {
        "wounds": draw(wounds),
        "bleed_wp": draw(st.integers(0, 5)),
        "tick_wp": draw(st.dictionaries(st.sampled_from(["On fire", "Poison"]), tick_counts)),
        "bleed_rate": rate,
        "bleed_anchor": draw(st.integers(-50, 150)) if rate else None,
        "limbs": draw(
            st.dictionaries(
                st.sampled_from(LOCATIONS[2:]),
                st.sampled_from(["broken", "shattered", "severed"]),
                max_size=2,
            )
        ),
        "broken_ribs": draw(st.booleans()),
        "vital_organ": draw(st.booleans()),
        "half_endurance_checked": draw(st.booleans()),
        "zero_endurance_checked": draw(st.booleans()),
        "dead": draw(st.booleans()),
        "exhaustion": draw(st.integers(0, 4)),
        "drains": draw(st.dictionaries(st.sampled_from(STATS), st.integers(0, 3), max_size=3)),
        "luck": draw(st.integers(-5, 5)),
        "chance": {"combat": draw(CHANCE), "roleplay": draw(CHANCE)},
        "effects": [draw(effect(100 + k)) for k in range(draw(st.integers(0, 3)))],
        "armour": draw(armour),  # A13/R11: worn in the fight, worn after it
        "shield": draw(shield),  # R10: hits spent stay spent
    }


@settings(max_examples=examples(5))
@given(state=lasting())
def test_the_generator_covers_every_lasting_field(state: dict[str, Any]) -> None:
    assert set(state) == set(LASTING_FIELDS)


@settings(max_examples=examples(150), deadline=None)
@given(kans=lasting(), molin=lasting(), time=st.integers(0, 300), fight=st.booleans())
def test_write_back_then_a_new_encounter_reproduces_the_lasting_state(
    kans: dict[str, Any], molin: dict[str, Any], time: int, fight: bool
) -> None:
    party = company()
    encounter = new_encounter(party, FILE, "Morning", token="enc1")
    for cid, state in (("c1", kans), ("c2", molin)):
        c = encounter.combatants[cid]
        encounter.combatants[cid] = Combatant.model_validate({**c.model_dump(), **state})
        if fight and not state["dead"]:
            encounter.combatants[cid].ttu = time + 3  # mid-fight: fight-only fields don't carry
            encounter.combatants[cid].special_used = "luck"
    encounter.time = time
    encounter.in_combat = fight
    written = write_back(party, encounter)
    after = new_encounter(written.party, FILE, "Afternoon", token="enc2")
    for cid in ("c1", "c2"):
        old = lasting_state(encounter.combatants[cid], encounter.time)
        assert lasting_state(after.combatants[cid], after.time) == old
        assert after.combatants[cid].ttu is None and after.combatants[cid].special_used is None
    again = write_back(written.party, after)
    assert again.touched == []  # nothing lasting changed: the second write-back touches no one
    assert again.party.characters == written.party.characters

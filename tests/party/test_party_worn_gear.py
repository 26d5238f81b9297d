"""Gear that wears carries from fight to fight (issue 17: A13/R11 armour wear, R10 shield hits).

A morning fight wears Kans's armour (hard becomes soft, A13) and spends a
shield hit (R10); the afternoon encounter from the party starts with them worn,
not with the party's old sheet. A template of a party character is its sheet as
it stands: the worn gear (`tracker.files.template_file` says why).
"""

from __future__ import annotations

import json

from rules.engine.session import Session
from rules.model.commands import Attack, ConfirmDamage, TakeOpportunity
from rules.model.party import Party
from rules.model.state import Armour, Shield
from rules.party.encounters import new_encounter, summary_lines, write_back
from tests.support.attack_fights import fighter, only
from tests.support.party_steps import FILE, company, do
from tracker.files.template_file import template_text

GEAR = {"armour": Armour(rating=5, hard=1, soft=1), "shield": Shield(low=5, high=10, hits_left=10)}


def armoured() -> Party:
    party = company()
    kans = party.get("c1").model_copy(update=GEAR)
    return party.model_copy(update={"characters": {**party.characters, "c1": kans}})


def morning(party: Party) -> Session:
    """Lio shoots Kans at track 0: VS 5 in the shield's 5/10 (a hit spent, R10); the GM lets
    9 through: hard 1 → 8, soft 1d10 (9: 3 VP) → 5, a Wound; raw Gore 4 > H1 → H0 S2 (A13)."""
    enc = new_encounter(party, FILE, "Morning", token="enc1")
    enc.combatants["lio"] = fighter("lio", 0, side="enemy")
    enc.combatants["c1"].ttu = 20
    enc.in_combat, enc.due = True, ["lio"]
    s = Session(enc)
    do(s, TakeOpportunity(actor="lio", actions=["Shoot"]))
    do(s, Attack(attacker="lio", target="c1", weapon="Pistol"), 10, 6, 1)
    do(s, ConfirmDamage(pending=only(s, "damage").id, after_shield=9), 9)
    return s


def test_the_afternoon_starts_with_worn_armour_and_the_shield_hit_spent() -> None:
    party = armoured()
    s = morning(party)
    kans = s.encounter.get("c1")
    assert (kans.armour.hard, kans.armour.soft) == (0, 2)
    assert kans.shield is not None and kans.shield.hits_left == 9
    written = write_back(party, s.encounter)
    afternoon = new_encounter(written.party, FILE, "Afternoon", token="enc2")
    kans = afternoon.get("c1")
    assert (kans.armour.rating, kans.armour.hard, kans.armour.soft) == (5, 0, 2)
    assert kans.shield is not None and (kans.shield.low, kans.shield.hits_left) == (5, 9)


def test_the_summary_says_what_wore() -> None:
    party = armoured()
    s = morning(party)
    line = summary_lines(party, s.encounter)[0]
    assert "armour H0 S2 (was H1 S1)" in line and "shield 9 hits left (was 10)" in line


def test_a_template_keeps_the_gear_as_worn() -> None:
    party = armoured()
    written = write_back(party, morning(party).encounter).party
    sheet = json.loads(template_text(written.get("c1")))  # the party screen's T
    assert sheet["armour"] == {"rating": 5, "hard": 0, "soft": 2}
    assert sheet["shield"]["hits_left"] == 9

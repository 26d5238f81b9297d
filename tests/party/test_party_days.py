"""Issue 17's engine tests: a day of two fights from one party (C1, A14, R12, R13).

The morning fight burns Kans's combat chance die and wounds him; the afternoon
encounter from the same party starts with the die used and the wound on; a new
day restores the dice and not the wound. C1's lockout (a roleplay die used →
combat die locked until a battle starts) holds from one encounter into the next.
"""

from __future__ import annotations

import pytest

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import (
    ApplyWound,
    EndCombat,
    NewDay,
    RemoveCombatant,
    SkillRollCommand,
    StartCombat,
    Staunch,
)
from rules.model.party import Party
from rules.party.between import care, new_day, rest
from rules.party.conflict import aside
from rules.party.encounters import summary_lines, write_back
from rules.party.lasting import lasting_state
from tests.support.party_steps import company, do, fight_from

MELEE = {"skill": "Melee", "stat": "Dexterity"}


def morning() -> tuple[Party, Session]:
    """Kans starts the ambush, burns his combat die on a blow (C1), takes a Wound (R12)."""
    party = company()
    s = fight_from(party, "Morning ambush")
    do(s, StartCombat(initiators=["c1"]), 4)  # Molin's reaction die (A7)
    lines = do(s, SkillRollCommand(actor="c1", special="chance-combat", **MELEE), 3, 1, 2, 3, 4, 5)
    assert "Combat chance die" in lines[0]
    do(s, ApplyWound(target="c1", wound_points=3, location="right arm"))
    do(s, EndCombat(outcome="victory"))
    return party, s


def test_the_morning_fight_burns_the_die_and_wounds_kans() -> None:
    party, s = morning()
    kans = s.encounter.get("c1")
    assert kans.chance.combat == "used" and kans.chance.roleplay == "available"  # C1: freed at end
    assert [(w.location, w.wp, w.bleeding) for w in kans.wounds] == [("right arm", 3, True)]
    lines = summary_lines(party, s.encounter)
    assert lines[0] == "Kans: 3 WP, bleeding 1, combat chance die used, LP +0"
    assert lines[1] == "Molin: no wounds, LP +0"


def test_the_afternoon_encounter_starts_with_the_die_used_and_the_wound_on() -> None:
    party, s = morning()
    written = write_back(party, s.encounter)
    assert written.touched == ["c1"]  # Molin came through unchanged
    afternoon = fight_from(written.party, "Afternoon duel", token="enc2")
    kans = afternoon.encounter.get("c1")
    assert kans.chance.combat == "used"
    assert [(w.location, w.wp) for w in kans.wounds] == [("right arm", 3)]
    assert kans.bleed_rate == 1 and kans.total_wp() == 3
    do(afternoon, StartCombat(initiators=["c2"]), 6)  # Kans's reaction die
    with pytest.raises(CommandError, match="combat chance die is already used today"):
        afternoon.do(SkillRollCommand(actor="c1", special="chance-combat", **MELEE), ScriptedDice())


def test_a_new_day_restores_the_dice_and_not_the_wound() -> None:
    party, s = morning()
    written = write_back(party, s.encounter)
    tomorrow = new_day(written.party)
    assert tomorrow.day == 2
    kans = tomorrow.get("c1")
    assert (kans.chance.combat, kans.chance.roleplay) == ("available", "available")
    assert [(w.location, w.wp) for w in kans.wounds] == [("right arm", 3)]
    assert kans.bleed_rate == 1
    assert "Day 2 begins" in tomorrow.history[-1].text
    assert "Kans (roleplay)" in tomorrow.history[-1].text  # C1: the unused die is logged
    next_fight = fight_from(tomorrow, "Day 2", token="enc3")
    assert next_fight.encounter.day == 2
    assert next_fight.encounter.get("c1").chance.combat == "available"


def test_a_new_day_in_an_encounter_renews_the_dice_of_those_not_in_it_C1() -> None:
    """Kans burnt his combat die in the morning, then sat out the next fight, in which a
    new day began. The write-back moved the party to day 2 but left Kans yesterday's used
    die: no new day for the party would come to give it back. Those not carried (and
    the aside's) get day 2's fresh dice, and the summary says so."""
    party, s = morning()
    written = write_back(party, s.encounter).party
    later = fight_from(written, "Night watch", token="enc2")
    do(later, RemoveCombatant(id="c1"))
    do(later, NewDay())
    after = write_back(written, later.encounter)
    assert after.party.day == 2
    kans = after.party.get("c1")
    assert (kans.chance.combat, kans.chance.roleplay) == ("available", "available")
    assert [(w.location, w.wp) for w in kans.wounds] == [("right arm", 3)]  # only the dice
    assert "c1" in after.touched
    line = "Kans: not in this encounter, keeps the party's state; fresh chance dice for day 2 (C1)"
    assert line in after.lines
    kept = aside(written, later.encounter).get("c1")
    assert (kept.chance.combat, kept.chance.roleplay) == ("available", "available")


def test_a_roleplay_die_locks_the_combat_die_until_the_next_encounter_s_battle() -> None:
    """C1: Molin's roleplay die after the morning fight locks his combat die; the lock
    survives the write-back and the new encounter, and lifts when the battle starts."""
    party, s = morning()
    do(s, SkillRollCommand(actor="c2", special="chance-roleplay", **MELEE), 5, 1, 2, 3, 4, 5)
    assert s.encounter.get("c2").chance.combat == "locked"
    written = write_back(party, s.encounter)
    assert written.party.get("c2").chance.combat == "locked"
    assert "combat chance die locked" in written.lines[1]
    afternoon = fight_from(written.party, "Afternoon duel", token="enc2")
    molin = afternoon.encounter.get("c2")
    assert (molin.chance.combat, molin.chance.roleplay) == ("locked", "used")
    do(afternoon, StartCombat(initiators=["c2"]), 6)  # Kans's reaction die
    assert afternoon.encounter.get("c2").chance.combat == "available"  # a battle started
    do(afternoon, SkillRollCommand(actor="c2", special="chance-combat", **MELEE), 2, 1, 2, 3, 4, 5)
    assert afternoon.encounter.get("c2").chance.combat == "used"


def test_bleeding_carries_its_time_since_to_the_next_track() -> None:
    """A14/R13: the party keeps how long the bleeding ran when the track stopped."""
    party, s = morning()
    s.encounter.time = 7  # as if the fight had run to track 7 before it ended
    written = write_back(party, s.encounter)
    assert written.party.get("c1").bleed_anchor == -7  # bleeding since 7 TU before a track's 0
    afternoon = fight_from(written.party, "Afternoon duel", token="enc2")
    kans = afternoon.encounter.get("c1")
    assert lasting_state(kans, afternoon.encounter.time) == lasting_state(
        s.encounter.get("c1"), s.encounter.time
    )


def test_staunching_and_rest_between_fights_follow_the_encounter_rules() -> None:
    """R13: staunched to BLR 0 clears the anchor; A5: rest clears exhaustion; both logged."""
    party, s = morning()
    s.encounter.get("c1").exhaustion = 2
    written = write_back(party, s.encounter).party
    staunched = care(written, Staunch(target="c1"))
    kans = staunched.get("c1")
    assert (kans.bleed_rate, kans.bleed_anchor, kans.total_wp()) == (0, None, 3)
    assert "bleeding stops (BLR 1 → 0, R13)" in staunched.history[-1].text
    rested = rest(staunched)
    assert rested.get("c1").exhaustion == 0 and "exhaustion 2 → 0 (A5)" in rested.history[-1].text
    assert [(w.location, w.wp) for w in rested.get("c1").wounds] == [("right arm", 3)]

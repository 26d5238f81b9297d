"""After time passed outside combat the headline gave the clock's time as the end of combat
("Combat over: victory at track 32" for a fight that ended at 7): it now says the clock."""

from __future__ import annotations

from rules.model.commands import EndCombat
from rules.model.effect_commands import PassTime
from tests.support.attack_fights import fight, fighter
from tests.support.engine_steps import do
from tracker.widgets.time_track import TimeTrack


def test_the_headline_says_the_clock_not_a_wrong_end_time() -> None:
    s = fight(7, fighter("lio", 9), fighter("bo", 8))
    do(s, EndCombat(outcome="victory"))
    do(s, PassTime(amount=25))
    line = TimeTrack().headline(s.encounter).plain
    assert line.startswith("Combat over: victory · track 32 · b begins another fight")
    assert "at track 32" not in line

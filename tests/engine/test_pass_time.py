"""Time outside combat: PassTime runs the clock (issue 15; A14 bleeding, A16 demise checks).

Before it, a GM found that after combat ended a bleeding PC never lost another WP.
"""

from __future__ import annotations

from rules.model.commands import ApplyWound, EndCombat, ResolveCheck, StartCombat
from rules.model.effect_commands import SECONDS_PER_TU, AddReminder, PassTime
from rules.model.effects import Duration
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import on_fire, stunned
from tests.support.engine_steps import do, refused, session


def _after_combat(**bo: object):  # type: ignore[no-untyped-def]
    """Combat ran to track 7 and ended; Bo bleeds (BLR 1, anchored at 0: ticks at 10, 20 ...)."""
    s = fight(7, fighter("lio", 9), fighter("bo", 8, bleed_rate=1, bleed_anchor=0, **bo))
    do(s, EndCombat(outcome="victory"))
    return s


def test_bleeding_goes_on_after_combat_when_time_passes() -> None:
    s = _after_combat()
    start = s.encounter.model_dump(mode="json")
    assert do(s, PassTime(amount=25)) == [  # at 10, 20, 30 (A14): one line (issue 23)
        "Bo bled 3 WP in 3 ticks (track 10 → 30, BLR 1, A14) → total 3 WP, stats -1 (A9)",
        "Time passes: 25 TU, track 7 → 32",
    ]
    s.undo()
    assert s.encounter.model_dump(mode="json") == start
    s.redo()
    assert s.encounter.combatants["bo"].bleed_wp == 3


def test_effects_tick_and_expire_outside_combat_in_the_track_order() -> None:
    s = _after_combat()
    do(s, on_fire("lio", every=3, tu=6))  # from 7: ticks at 10 and 13, ends at 13
    do(s, stunned("bo", duration=Duration(kind="tu", amount=3)))  # ends at 10
    assert do(s, PassTime(amount=6)) == [  # what ticked so far comes before each end
        "Bo bled 1 WP in 1 tick (track 10, BLR 1, A14) → total 1 WP",
        "Lio: On fire dealt 1 WP in 1 tick (track 10) → total 1 WP",
        "Bo: Stunned ends (3 TU from 7)",
        "Lio: On fire dealt 1 WP in 1 tick (track 13) → total 2 WP",
        "Lio: On fire ends (6 TU from 7)",
        "Time passes: 6 TU, track 7 → 13",
    ]


def test_a_demise_check_stops_the_clock_and_the_rest_passes_after() -> None:
    s = _after_combat(wounds=[], bleed_wp=8)  # Endurance 6, 8 WP: one more and it is at half
    lines = do(s, PassTime(amount=1, unit="minutes"))
    assert lines[-1].startswith("Time stops at track 10 (57 TU not passed: Demise check for Bo")
    refused(s, PassTime(amount=5), "answer the pending decision first")
    do(s, ResolveCheck(pending=s.encounter.pending[0].id), *[10] * 6)
    assert do(s, PassTime(amount=5))[-1] == "Time passes: 5 TU, track 10 → 15"


def test_minutes_and_hours_run_by_seconds_per_tu() -> None:
    s = session(fighter("lio", None))
    assert do(s, PassTime(amount=2, unit="minutes")) == [
        f"Time passes: {120 // SECONDS_PER_TU} TU (2 minutes, {SECONDS_PER_TU} s a TU),"
        f" track 0 → {120 // SECONDS_PER_TU}"
    ]


def test_a_reminder_stops_passing_time() -> None:
    s = session(fighter("lio", None))
    do(s, AddReminder(text="The shuttle lands", in_tu=30))
    assert do(s, PassTime(amount=100)) == [
        "Reminder: The shuttle lands (track 30)",
        "Time stops at track 30 (70 TU not passed: Reminder: The shuttle lands)",
    ]


def test_in_combat_the_track_moves_by_advance_only() -> None:
    s = fight(0, fighter("lio", 0))
    refused(s, PassTime(amount=5), "combat is running")


def test_a_fight_begun_and_ended_at_once_keeps_the_bleeding_rhythm_R29() -> None:
    """Bo's ticks fall at clock 10, 20 (anchor 0); a fight begun at clock 7 puts the new
    track's 0 there, so the next tick is at track 3 (clock 10). Was: re-anchored at the
    new 0, the tick at track 10 (clock 17), 7 TU of bleeding lost."""
    s = _after_combat()
    do(s, StartCombat(initiators=["lio"]), 1)
    do(s, EndCombat(outcome="truce"))
    assert s.encounter.combatants["bo"].bleed_anchor == -7 and s.encounter.time == 0
    assert do(s, PassTime(amount=10))[0] == (
        "Bo bled 1 WP in 1 tick (track 3, BLR 1, A14) → total 1 WP"
    )


def test_a_wound_taken_after_combat_bleeds_from_when_it_was_taken() -> None:
    """A14: the anchor is the time bleeding starts; outside combat the clock still runs."""
    s = fight(57, fighter("lio", 60), fighter("bo", 58))
    do(s, EndCombat(outcome="victory"))
    do(s, ApplyWound(target="bo", wound_points=3))  # R12: bleeds
    assert s.encounter.combatants["bo"].bleed_anchor == 57
    assert do(s, PassTime(amount=9)) == ["Time passes: 9 TU, track 57 → 66"]
    assert do(s, PassTime(amount=1))[0].startswith("Bo bled 1 WP in 1 tick (track 67,")

"""Time outside combat is on the clock: PassTime's log lines carry the time each happened.

Before, every line a PassTime wrote had no time (Context.emit stamps the track's time only
in combat), so the log's gutter and its Markdown export were blank and the GM could not
tell when Bo bled or the fire went out. Out of combat, the GM's own setup stays untimed.
"""

from __future__ import annotations

from rules.model.commands import EndCombat, ResolveCheck
from rules.model.effect_commands import AddReminder, DismissReminder, PassTime
from rules.model.effects import Duration
from rules.model.state import TickWP
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import on_fire, stunned
from tests.support.engine_steps import do


def _after_combat(**bo: object):  # type: ignore[no-untyped-def]
    """Combat ran to track 7 and ended; Bo bleeds (BLR 1, anchored at 0: ticks at 10, 20 ...)."""
    s = fight(7, fighter("lio", 9), fighter("bo", 8, bleed_rate=1, bleed_anchor=0, **bo))
    do(s, EndCombat(outcome="victory"))
    return s


def _timed(s, n: int) -> list[tuple[int | None, str]]:  # type: ignore[no-untyped-def]
    return [(e.time, e.text) for e in s.encounter.log[-n:]]


def test_each_line_of_passing_time_has_the_clock_time_it_happened_at() -> None:
    s = _after_combat()
    do(s, on_fire("lio", every=3, tu=6))  # from 7: ticks at 10 and 13, ends at 13
    do(s, stunned("bo", duration=Duration(kind="tu", amount=3)))  # ends at 10
    assert s.encounter.log[-1].time is None  # the GM's setup between fights: no clock time
    lines = do(s, PassTime(amount=6))
    assert [t for t, _ in _timed(s, len(lines))] == [10, 10, 10, 13, 13, 13]
    lio = s.encounter.combatants["lio"]
    assert lio.tick_wp == {"On fire": TickWP(wp=2, ticks=2)}  # counted, the log says when


def test_a_stop_at_a_decision_and_its_answer_are_at_the_time_the_clock_stopped() -> None:
    s = _after_combat(wounds=[], bleed_wp=8)  # one more WP and Bo is at half Endurance
    do(s, PassTime(amount=1, unit="minutes"))
    assert {e.time for e in s.encounter.log[-3:]} == {10}  # bleed, check due, time stops
    do(s, ResolveCheck(pending=s.encounter.pending[0].id), *[10] * 6)
    assert s.encounter.log[-1].time == 10  # answered while the clock stands at 10
    do(s, PassTime(amount=5))
    assert (s.encounter.log[-1].time, s.encounter.log[-1].text) == (
        15,
        "Time passes: 5 TU, track 10 → 15",
    )


def test_a_reminder_fires_and_is_seen_on_the_clock() -> None:
    s = _after_combat()
    do(s, AddReminder(text="the guards return", in_tu=2))
    assert s.encounter.log[-1].time is None  # set by the GM between fights
    do(s, PassTime(amount=5))
    assert (s.encounter.log[-1].time, s.encounter.log[-1].text) == (
        9,
        "Time stops at track 9 (3 TU not passed: Reminder: the guards return)",
    )
    do(s, DismissReminder(id=s.encounter.pending[0].id))
    assert s.encounter.log[-1].time == 9

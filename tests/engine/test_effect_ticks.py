"""A ticking effect wounds on the track like bleeding (A14), in a defined order (issue 15).

At one time: bleeding first (A14), then effect ticks (by the effect's id), then ends, reminders,
and last the opportunities (A7). A tick is no "one wound" (R12, A15, A16) unless the GM says so.
"""

from __future__ import annotations

from rules.model.commands import Advance, ResolveCheck
from rules.model.state import TickWP
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import on_fire
from tests.support.engine_steps import do, undo_all


def _waiting():  # type: ignore[no-untyped-def]
    """Nobody due at 0; Bo (bleeding BLR 1 from 0: ticks at 10, 20) acts at 10, Lio at 12."""
    return fight(0, fighter("lio", 12), fighter("bo", 10, bleed_rate=1, bleed_anchor=0))


def test_ticks_land_every_n_tu_from_the_start_and_bleeding_goes_first() -> None:
    s = _waiting()
    start = s.encounter.model_dump(mode="json")
    do(s, on_fire("bo", every=5))
    assert do(s, Advance()) == ["Bo: On fire deals 1 WP → total 1 WP"]  # no wound (issue 23)
    assert s.encounter.time == 5
    assert do(s, Advance()) == [
        "Bo bleeds 1 WP (BLR 1) → total 2 WP",
        "Bo: On fire deals 1 WP → total 3 WP, stats -1 (A9)",
        "Track 10: Action Opportunity for Bo",
    ]
    undo_all(s, start)


def test_two_ticking_effects_at_one_time_land_in_the_order_they_were_put_on() -> None:
    s = _waiting()
    do(s, on_fire("bo", every=5))
    acid = on_fire("bo", every=5).model_copy(update={"name": "Acid"})
    do(s, acid)
    lines = do(s, Advance())
    assert [line for line in lines if "deals" in line] == [
        "Bo: On fire deals 1 WP → total 1 WP",
        "Bo: Acid deals 1 WP → total 2 WP",
    ]


def test_the_tick_at_its_end_lands_then_it_ends() -> None:
    s = _waiting()
    do(s, on_fire("bo", every=5, tu=5))
    assert do(s, Advance())[-1] == "Bo: On fire ends (5 TU from 0)"
    bo = s.encounter.combatants["bo"]
    assert bo.tick_wp == {"On fire": TickWP(wp=1, ticks=1)} and bo.wounds == []  # issue 23


def test_a_tick_is_not_one_wound_unless_the_gm_says_so() -> None:
    plain = fight(0, fighter("lio", 12), fighter("bo", 10))
    do(plain, on_fire("bo", every=5, wp=3))
    do(plain, Advance())
    assert plain.encounter.combatants["bo"].bleed_rate == 0  # R12 needs one wound of 3 WP
    counted = fight(0, fighter("lio", 12), fighter("bo", 10))
    do(counted, on_fire("bo", every=5, wp=3, one_wound=True))
    assert "Bo bleeds: BLR 1, from 5, next at 15 (R12)" in do(counted, Advance())


def test_a_demise_check_from_a_tick_stops_the_track_before_the_opportunity() -> None:
    s = fight(0, fighter("lio", 12), fighter("bo", 5))
    do(s, on_fire("bo", every=5, wp=9))  # Endurance 6 → 3: half (A16)
    lines = do(s, Advance())
    assert lines[-1].startswith("Demise check for Bo (half endurance")
    assert s.encounter.due == [] and s.encounter.time == 5
    do(s, ResolveCheck(pending=s.encounter.pending[0].id), *[10] * 6)
    assert do(s, Advance()) == ["Track 5: Action Opportunity for Bo"]


def test_the_dead_stop_ticking() -> None:
    s = fight(0, fighter("lio", 12), fighter("bo", 10))
    do(s, on_fire("bo", every=5))
    bo = s.encounter.combatants["bo"]
    bo.dead, bo.ttu = True, None  # as A16 leaves it (track_index.kill)
    assert do(s, Advance()) == ["Track 12: Action Opportunity for Lio"]

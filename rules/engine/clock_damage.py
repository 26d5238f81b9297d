"""What the clock does to one being's Endurance as time passes, in the track's order (A14,
A16, R31, issue 15): at each time, the damage its bleeding and its effects' ticks deal,
the demise checks each damage calls, and the row and modifier those checks are read with.

Why apart: the death forecast must meet every damage the engine will deal, not only the
bleeding (a poisoned bleeder at 0 faces a check at each of the poison's ticks too). At one
time the track lands bleeding first, then effect ticks by effect id, then effect ends
(`rules.engine.track_index`), and only then stops for the checks: each damage calls its
own (`demise_triggers` from the Endurance before and after it), but all are read on the
row left once that time's damage is dealt, with the effects still standing after that
time's ends (`called_check_plan`), as `ResolveCheck` reads them. A tick that is
one wound (`Tick.one_wound`) is left out and named: it can start bleeding (R12), break a
bone (A15) and call a massive-wound check (A16), so what follows it is no certainty; each
of those only hurts, so the forecast without them is an upper bound. Pure reads.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from rules.engine.roll_plan import called_check_plan
from rules.engine.track_index import BLEED, TICK
from rules.mechanics.wounds import (
    BLEED_INTERVAL,
    ENDURANCE,
    HALF_ENDURANCE,
    ZERO_ENDURANCE,
    demise_triggers,
    next_bleed_tick,
)
from rules.model.effects import Effect
from rules.model.state import Combatant

__all__ = ["BLEEDING", "Hurt", "hurts", "left_out", "settled_checks", "sources"]

BLEEDING = "bleeding"  # the name of bleeding among the sources

_Due = tuple[int, int, int, int]  # (time, kind, effect id, WP): the track's order


@dataclass(frozen=True)
class Hurt:
    """A time the clock deals damage: when, the effective Endurance once all of it is dealt
    (A9, unclamped: the checks' row), the demise checks it calls (A16, R31) and their
    modifier (`called_check_plan` with the effects standing after that time's ends).
    `settled`: from here on nothing but the modifier changes (`settled_checks`)."""

    time: int
    endurance: int
    triggers: tuple[str, ...]
    modifier: int
    settled: bool = False  # at 0 or below, half line crossed: each later damage is one check


def _counted(e: Effect) -> bool:
    return e.tick is not None and not e.tick.one_wound


def _bleeding(c: Combatant, now: int, until: int) -> Iterator[_Due]:
    anchor = c.bleed_anchor
    if c.bleed_rate <= 0 or anchor is None:
        return
    time = next_bleed_tick(anchor, now)
    while time <= until:
        yield (time, BLEED, 0, c.bleed_rate)
        time += BLEED_INTERVAL


def _ticking(e: Effect, now: int, until: int) -> Iterator[_Due]:
    assert e.tick is not None  # `_counted` let it through
    time = e.next_tick(now)
    while time is not None and time <= until:
        yield (time, TICK, e.id, e.tick.wp)
        time = e.next_tick(time)


def sources(c: Combatant) -> tuple[str, ...]:
    """What hurts `c` as time passes and is counted: bleeding, then each ticking effect."""
    found = [BLEEDING] if c.bleed_rate > 0 and c.bleed_anchor is not None else []
    return (*found, *(e.name for e in c.effects if _counted(e)))


def left_out(c: Combatant, now: int, until: int) -> tuple[str, ...]:
    """The effects whose ticks are one wound and fall after `now` up to `until`: not counted."""
    return tuple(
        e.name
        for e in c.effects
        if e.tick is not None and e.tick.one_wound and (t := e.next_tick(now)) and t <= until
    )


class _Modifiers:
    """`called_check_plan`'s total with the effects standing once a time's ends have landed,
    kept per set of effects: it changes only where one ends."""

    def __init__(self, c: Combatant) -> None:
        self.c = c
        self.ends = sorted({e.ends for e in c.effects if e.ends is not None})
        self.kept: dict[int, int] = {}

    def at(self, time: int) -> int:
        ended = bisect_right(self.ends, time)  # the ends landed by then
        if ended not in self.kept:
            standing = [e for e in self.c.effects if e.ends is None or e.ends > time]
            plan = called_check_plan(self.c.model_copy(update={"effects": standing}))
            self.kept[ended] = plan.total
        return self.kept[ended]


def hurts(c: Combatant, now: int, until: int) -> Iterator[Hurt]:
    """Each time after `now` up to `until` (inclusive, as the clock lands on its target)
    that counted damage falls, in order, with the checks it calls and the flags kept as
    `check_demise` keeps them. A being without Endurance calls no check: nothing."""
    if ENDURANCE not in c.stats:
        return
    streams = [
        _bleeding(c, now, until),
        *(_ticking(e, now, until) for e in c.effects if _counted(e)),
    ]
    base = c.stats[ENDURANCE]
    half, zero = c.half_endurance_checked, c.zero_endurance_checked
    total = c.total_wp()
    before = c.effective(ENDURANCE, total)
    modifiers = _Modifiers(c)
    for time, dealt in groupby(heapq.merge(*streams), key=itemgetter(0)):
        called: list[str] = []
        for _time, _kind, _id, wp in dealt:
            total += wp
            after = c.effective(ENDURANCE, total)
            triggers = demise_triggers(None, base, before, after, half, zero, damage=True)
            half = half or HALF_ENDURANCE in triggers
            zero = zero or ZERO_ENDURANCE in triggers
            called += triggers
            before = after
        settled = before <= 0 and half
        yield Hurt(time, before, tuple(called), modifiers.at(time) if called else 0, settled)


def _dealt_by(c: Combatant, time: int) -> int:
    """How many counted damages fall after the being's anchor and starts, up to `time`."""
    count = 0
    anchor = c.bleed_anchor
    if c.bleed_rate > 0 and anchor is not None and time > anchor:
        count += (time - anchor) // BLEED_INTERVAL
    for e in c.effects:
        if _counted(e):
            assert e.tick is not None  # `_counted`
            last = time if e.ends is None else min(time, e.ends)
            if last > e.start:
                count += (last - e.start) // e.tick.every
    return count


def settled_checks(c: Combatant, after: int, until: int) -> Iterator[tuple[int, int, int]]:
    """Once `hurts` says `settled` at `after`: (modifier, how many, how many at its first
    damage time) of the demise checks the damage after it up to `until` calls, a triple
    per stretch of one modifier. Each such damage calls exactly one (R31: at 0 or below;
    the half line is behind it) on row 0 (R1), so a day of 1-TU ticks is counted, not
    walked. A check the being cannot survive ends it with every check of that time:
    bleeding and a tick that fall together call two (A16)."""
    modifiers = _Modifiers(c)
    # the modifier holds from one end time up to the next (an end lands after that
    # time's damage, so a check at an end time already goes without it)
    cuts = [end - 1 for end in modifiers.ends if after < end - 1 < until]
    start = after
    for stop in [*cuts, until]:
        count = _dealt_by(c, stop) - _dealt_by(c, start)
        if count:
            yield modifiers.at(stop), count, _dealt_at_first(c, start, stop)
        start = stop


def _dealt_at_first(c: Combatant, after: int, until: int) -> int:
    """How many counted damages fall at the first time after `after` (up to `until`) that
    deals any."""
    firsts = [next(_bleeding(c, after, until), None)]
    firsts += [next(_ticking(e, after, until), None) for e in c.effects if _counted(e)]
    times = [due[0] for due in firsts if due is not None]
    if not times:
        return 0
    first = min(times)
    return _dealt_by(c, first) - _dealt_by(c, first - 1)

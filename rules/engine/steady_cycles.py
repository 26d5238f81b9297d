"""Steady cycles of a passage of time, skipped exactly (issue 23, as rules.party.steady).

A day of a 1-TU poison on six combatants is 518,400 ticks: tick by tick a day takes
tens of seconds. Once nothing but ticks and bleeding can happen for a stretch (out
of combat, no decision open, no effect end or reminder in it, every ticking effect
"not one wound" and every bleeder or ticker past the point where damage can call a
demise check: A14, A16, `wounding.damage_calls_no_check`), each `period` TU (the
least common multiple of bleeding's BLEED_INTERVAL and the effects' tick intervals)
repeat the one before but for the times: the same wounds, the same bleeding WP.

The clock (rules.engine.effect_track) runs one cycle through the engine, and `measure`
checks it was steady (only wounds were added, each in the cycle's span; only bleed
WP changed; nothing was logged); `skip` then adds the cycles after it: the measured
wounds again at each later cycle's times, the bleed WP, the tallies of the passage's
log. The numbers are the engine's, measured, never computed here; that the result is
the tick-by-tick one, state and log, is a property test
(tests/engine/test_steady_cycles.py).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from math import lcm
from typing import Any

from rules.engine import track_index, wounding
from rules.engine.context import Context
from rules.engine.passage import Passage
from rules.mechanics.wounds import BLEED_INTERVAL
from rules.model.state import Combatant, Encounter, Wound

__all__ = ["MAX_PERIOD", "Cycle", "Mark", "mark", "measure", "skip", "span"]

MAX_PERIOD = 3_600  # longer cycles (ticks every 997 and 991 TU) are not worth measuring


def _hurts(c: Combatant) -> bool:
    """Damage can reach `c` in a passage: it bleeds or an effect of its ticks (alive)."""
    if c.dead:
        return False
    return (c.bleed_rate > 0 and c.bleed_anchor is not None) or any(
        e.tick is not None for e in c.effects
    )


def span(enc: Encounter, target: int) -> tuple[int, int] | None:
    """(period, horizon): the stretch up to `horizon` (at most `target`) is steady in
    cycles of `period` TU from now, and long enough to skip in (three cycles); else None."""
    if enc.in_combat or enc.pending:
        return None
    now, horizon, period = enc.time, target, 1
    for r in enc.reminders:
        if r.at is not None and r.at > now:
            horizon = min(horizon, r.at - 1)
    for c in enc.combatants.values():
        for e in c.effects:
            if e.ends is not None and e.ends > now:
                horizon = min(horizon, e.ends - 1)
        if not _hurts(c):
            continue
        if not wounding.damage_calls_no_check(c):
            return None
        for e in c.effects:
            if e.tick is not None:
                if e.tick.one_wound or now < e.start:
                    return None
                period = lcm(period, e.tick.every)
        anchor = c.bleed_anchor
        if c.bleed_rate > 0 and anchor is not None:
            if now < anchor:
                return None
            period = lcm(period, BLEED_INTERVAL)
    if period > MAX_PERIOD or horizon - now < 3 * period:
        return None
    return period, horizon


Sheet = tuple[dict[str, Any], int, int]  # everything but wounds and bleed WP, wounds, bleed WP


@dataclass(frozen=True)
class Mark:
    """The encounter and the passage's tallies as a cycle begins."""

    time: int
    log: int
    next_id: int
    sheets: dict[str, Sheet]
    tallies: dict[tuple[str, int], tuple[int, int]]
    bleeds: dict[str, int]
    hurts: dict[tuple[str, str], int]


def _sheet(c: Combatant) -> Sheet:
    return c.model_dump(exclude={"wounds", "bleed_wp"}), len(c.wounds), c.bleed_wp


def mark(enc: Encounter, passage: Passage) -> Mark:
    return Mark(
        enc.time,
        len(enc.log),
        enc.next_id,
        {cid: _sheet(c) for cid, c in enc.combatants.items() if _hurts(c)},
        {key: (t.ticks, t.wp) for key, t in passage.tallies.items()},
        dict(passage.bleed_ticks),
        dict(passage.effect_ticks),
    )


@dataclass(frozen=True)
class Cycle:
    """One steady cycle as the engine ran it."""

    period: int
    wounds: dict[str, list[Wound]]  # the wounds it added, in order
    bled: dict[str, int]  # the bleed WP it took
    tallies: dict[tuple[str, int], tuple[int, int]]  # the ticks and WP it tallied
    bleeds: dict[str, int]
    hurts: dict[tuple[str, str], int]


def measure(before: Mark, enc: Encounter, passage: Passage, period: int) -> Cycle | None:
    """The cycle just run (`period` TU), if steady (see the module's words); else None."""
    start = before.time
    if enc.time != start + period or len(enc.log) != before.log or enc.pending:
        return None
    if enc.next_id != before.next_id or not before.tallies.keys() <= passage.tallies.keys():
        return None
    wounds: dict[str, list[Wound]] = {}
    bled: dict[str, int] = {}
    for cid, c in enc.combatants.items():
        sheet = before.sheets.get(cid)
        if sheet is None:
            if _hurts(c):
                return None
            continue
        dump, count, bleed_wp = sheet
        added = c.wounds[count:]
        if len(c.wounds) < count or c.model_dump(exclude={"wounds", "bleed_wp"}) != dump:
            return None
        if any(w.time is None or not start < w.time <= start + period for w in added):
            return None
        wounds[cid], bled[cid] = added, c.bleed_wp - bleed_wp
    tallies = {}
    for key, tally in passage.tallies.items():
        ticks, wp = before.tallies.get(key, (0, 0))
        tallies[key] = (tally.ticks - ticks, tally.wp - wp)
    return Cycle(
        period,
        wounds,
        bled,
        tallies,
        {k: n - before.bleeds.get(k, 0) for k, n in passage.bleed_ticks.items()},
        {k: n - before.hurts.get(k, 0) for k, n in passage.effect_ticks.items()},
    )


def skip(ctx: Context, passage: Passage, cycle: Cycle, count: int) -> None:
    """`count` more cycles as measured: journaled (undo is exact), the track's time on."""
    enc, period = ctx.enc, cycle.period
    for cid, added in cycle.wounds.items():
        c = enc.combatants[cid]
        if added:
            passage.total(c)  # current before, so it can take the new ones unread
            ctx.append_all(c.wounds, _later(added, period, count))
            passage.appended(c, count * len(added), count * sum(w.wp for w in added))
        ctx.add(c, "bleed_wp", count * cycle.bled[cid])
    for key, (ticks, wp) in cycle.tallies.items():
        tally = passage.tallies[key]
        if ticks:
            tally.ticks += count * ticks
            tally.wp += count * wp
            tally.last += count * period
    for cid, n in cycle.bleeds.items():
        passage.bleed_ticks[cid] += count * n
    for hurt, n in cycle.hurts.items():
        passage.effect_ticks[hurt] += count * n
    ctx.put(enc.__dict__, "time", enc.time + count * period)
    track_index.invalidate_track(enc)  # every next tick is found again from the new time
    track_index.keys_may_have_moved(enc)


def _later(added: list[Wound], period: int, count: int) -> list[Wound]:
    """The cycle's wounds again in each of `count` later cycles: the same fields, each
    `period` TU later. Built as `rules.model.base.built` does (the values are the engine's
    own, valid), with the collector paused: a day of 1-TU ticks makes half a million, and
    each collection would walk all those made before (3.5 s against 2.1 s, measured)."""
    new, put = Wound.__new__, object.__setattr__
    fields_set = set(Wound.model_fields)  # every field is given: shared, never changed
    made: list[Wound] = []
    paused = gc.isenabled()
    gc.disable()
    try:
        for k in range(1, count + 1):
            shift = k * period
            for w in added:
                values = w.__dict__.copy()
                values["time"] += shift
                wound = new(Wound)
                put(wound, "__dict__", values)
                put(wound, "__pydantic_fields_set__", fields_set)
                put(wound, "__pydantic_extra__", None)
                put(wound, "__pydantic_private__", None)
                made.append(wound)
    finally:
        if paused:
            gc.enable()
    return made

"""Steady cycles of a passage of time, skipped exactly (issue 23, as rules.party.steady).

A day of a 1-TU poison on six combatants is 518,400 ticks: tick by tick a day takes
tens of seconds. Once nothing but ticks and bleeding can happen for a stretch (out
of combat, no decision open, no effect end or reminder in it, every ticking effect
"not one wound" and no bleeder or ticker where its next damage may call a demise
check: A14, A16, R31, `wounding.wp_before_a_check`), each `period` TU (the
least common multiple of bleeding's BLEED_INTERVAL and the effects' tick intervals)
repeat the one before but for the times: the same ticks, the same bleeding WP.

The clock (rules.engine.effect_track) runs one cycle through the engine, and `measure`
checks it was steady (no wound was added; only bleed WP and the ticks' running
counts changed, `Combatant.tick_wp`; nothing was logged); `skip` then adds the cycles
after it: the bleed WP, the ticks' WP and counts, the tallies of the passage's log.
The numbers are the engine's, measured, never computed here; that the result is the
tick-by-tick one, state and log, is a property test (tests/engine/test_steady_cycles.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm
from typing import Any

from rules.engine import track_index, wounding
from rules.engine.context import Context
from rules.engine.passage import Passage
from rules.mechanics.wounds import BLEED_INTERVAL
from rules.model.state import Combatant, Encounter

__all__ = [
    "MAX_PERIOD",
    "Cycle",
    "Mark",
    "cycles_without_a_check",
    "mark",
    "measure",
    "skip",
    "span",
]

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
        if wounding.wp_before_a_check(c) == 0:
            return None  # the next tick may call a demise check (A16, R31)
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


_SKIPPED = {"wounds", "bleed_wp", "tick_wp"}  # what a steady cycle may change (a wound: no)
Counts = dict[str, tuple[int, int]]  # a source's ticks: (WP, ticks)
Sheet = tuple[dict[str, Any], int, int, Counts]  # the rest, wounds, bleed WP, tick counts


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


def _counts(c: Combatant) -> Counts:
    return {name: (t.wp, t.ticks) for name, t in c.tick_wp.items()}


def _sheet(c: Combatant) -> Sheet:
    return c.model_dump(exclude=_SKIPPED), len(c.wounds), c.bleed_wp, _counts(c)


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
    bled: dict[str, int]  # the bleed WP it took
    ticked: dict[str, Counts]  # each source's WP and ticks it added (`Combatant.tick_wp`)
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
    bled: dict[str, int] = {}
    ticked: dict[str, Counts] = {}
    for cid, c in enc.combatants.items():
        sheet = before.sheets.get(cid)
        if sheet is None:
            if _hurts(c):
                return None
            continue
        dump, count, bleed_wp, counts = sheet
        if len(c.wounds) != count or c.model_dump(exclude=_SKIPPED) != dump:
            return None  # a wound in a steady cycle: not steady (a tick is no wound)
        now = _counts(c)
        if not counts.keys() <= now.keys():
            return None
        bled[cid] = c.bleed_wp - bleed_wp
        ticked[cid] = {
            name: (wp - counts.get(name, (0, 0))[0], n - counts.get(name, (0, 0))[1])
            for name, (wp, n) in now.items()
        }
    tallies = {}
    for key, tally in passage.tallies.items():
        ticks, wp = before.tallies.get(key, (0, 0))
        tallies[key] = (tally.ticks - ticks, tally.wp - wp)
    return Cycle(
        period,
        bled,
        ticked,
        tallies,
        {k: n - before.bleeds.get(k, 0) for k, n in passage.bleed_ticks.items()},
        {k: n - before.hurts.get(k, 0) for k, n in passage.effect_ticks.items()},
    )


def cycles_without_a_check(enc: Encounter, passage: Passage, cycle: Cycle) -> int | None:
    """How many more cycles as measured leave every bleeder and ticker short of a demise
    check (A16, R31: at Endurance 0 every tick calls one; the half line while open):
    None, no limit. The cycles after them run tick by tick, their checks as they come."""
    most: int | None = None
    for cid, bled in cycle.bled.items():
        c = enc.combatants[cid]
        wp = bled + sum(wp for wp, _ticks in cycle.ticked[cid].values())
        margin = wounding.wp_before_a_check(c, passage.total(c))
        if wp > 0 and margin is not None:
            most = margin // wp if most is None else min(most, margin // wp)
    return most


def skip(ctx: Context, passage: Passage, cycle: Cycle, count: int) -> None:
    """`count` more cycles as measured: journaled (undo is exact), the track's time on."""
    enc, period = ctx.enc, cycle.period
    for cid, bled in cycle.bled.items():
        c = enc.combatants[cid]
        ctx.add(c, "bleed_wp", count * bled)
        for name, (wp, ticks) in cycle.ticked[cid].items():
            if ticks:
                d = c.tick_wp[name].__dict__
                ctx.put(d, "wp", d["wp"] + count * wp)
                ctx.put(d, "ticks", d["ticks"] + count * ticks)
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

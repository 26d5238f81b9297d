"""Effects and reminders on the Time Track as it moves, in combat and out (issue 15).

The track (an Advance, the standing orders' run, PassTime) pops what is due at a
time from the heap (rules.engine.track_index: bleeding first, A14, then effect
ticks, effect ends and reminders, by id) and `land`s the effects' share here. A
tick is a wound of W WP, like bleeding never "one wound" (no R12, A15, A16
massive wound: only the Endurance lines) unless the GM said so. Outside combat
`pass_time` runs the same clock; `rebase` keeps effects' times when a new track
starts at 0 (A7), and `end_of_combat` ends the "until the end of combat" ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import steady_cycles, track_index, wounding
from rules.engine.context import Context
from rules.engine.fx_schedule import end_effect, fire_reminder, schedule_tick
from rules.engine.passage import Passage
from rules.engine.track_index import END, REMIND, TICK, FxDue, peek, pop_next
from rules.model.effects import Effect
from rules.model.state import Combatant

__all__ = ["SKIP_STEADY", "end_of_combat", "land", "pass_time", "rebase"]

SKIP_STEADY = True  # False: every tick through the engine (the reference the tests compare)


def _effect(c: Combatant, fx_id: int) -> Effect | None:
    for e in c.effects:
        if e.id == fx_id:
            return e
    return None


def _why_it_ends(e: Effect) -> str:
    if e.duration.kind == "tu":
        return f"{e.duration.amount} TU from {e.start}"
    return f"track {e.ends}"


def land(ctx: Context, due: Sequence[FxDue]) -> None:
    """The effects' ticks, ends and reminders due at the track's (new) time, in heap order."""
    enc = ctx.enc
    for kind, cid, fx_id in due:
        if kind == REMIND:
            for r in [r for r in enc.reminders if r.id == fx_id]:
                fire_reminder(ctx, r, f"track {enc.time}")
            continue
        c = enc.combatants.get(cid)
        e = None if c is None else _effect(c, fx_id)
        if c is None or e is None:
            continue  # gone earlier at this same time (the GM cannot act in between)
        if kind == TICK:
            _tick(ctx, c, e)
        elif kind == END:
            end_effect(ctx, c, e, _why_it_ends(e))


def _tick(ctx: Context, c: Combatant, e: Effect) -> None:
    tick = e.tick
    if tick is None or c.dead:
        return
    passage = wounding.passage_of(ctx)
    if passage is not None:
        passage.ticked(c, e, tick.wp, ctx.enc.time)  # one line for all its ticks (issue 23)
    if tick.one_wound:
        if passage is None:
            ctx.emit("effect-tick", f"{c.name}: {e.name} deals {tick.wp} WP", actor=c.id)
        level = wounding.level_for(tick.wp)
        wounding.inflict_wound(ctx, c, tick.wp, tick.location, level, e.name, True, passage is None)
    else:  # not one wound: a running count, as bleeding's (issue 23)
        wounding.tick_damage(ctx, c, tick.wp, e.name, passage is None)
    track_index.keys_may_have_moved(ctx.enc)  # A9: more WP, maybe less Wits (R5)
    schedule_tick(ctx.enc, c, e)


def end_of_combat(ctx: Context) -> None:
    """EndCombat: every effect "until the end of combat" ends (logged)."""
    for c in ctx.enc.combatants.values():
        for e in [e for e in c.effects if e.duration.kind == "end"]:
            end_effect(ctx, c, e, "the combat ended")


def rebase(ctx: Context, shift: int) -> None:
    """A new track starts at 0 (A7): every effect's and reminder's times move by `shift`
    (minus the old time), so each keeps the TU it had left and its ticks their rhythm."""
    if not shift:
        return
    j = ctx.j
    for c in ctx.enc.combatants.values():
        for e in c.effects:
            j.set(e, "start", e.start + shift)
            if e.ends is not None:
                j.set(e, "ends", e.ends + shift)
    for r in ctx.enc.reminders:
        if r.at is not None:
            j.set(r, "at", r.at + shift)


def pass_time(ctx: Context, tu: int) -> str | None:
    """Run the clock `tu` TU outside combat: bleeding (A14), ticks, ends and reminders land
    in the track's order; it stops early at a decision (a demise check, A16; a reminder).
    Returns None when all of it passed, else why it stopped (for the log line).
    Its ticks are tallied, one line a source (rules.engine.passage): `ctx.passage`."""
    passage = ctx.passage = Passage()
    try:
        stopped = _run_clock(ctx, tu)
        passage.flush(ctx)  # what ticked since the last line, before the passage's own
        return stopped
    finally:
        passage.end()


def _run_clock(ctx: Context, tu: int) -> str | None:
    """The clock `tu` TU on: steady stretches a cycle run and the rest skipped, else tick
    by tick (rules.engine.steady_cycles)."""
    enc = ctx.enc
    target = enc.time + tu
    passage = ctx.passage
    assert isinstance(passage, Passage)  # set by `pass_time`
    while True:
        found = steady_cycles.span(enc, target) if SKIP_STEADY else None
        if found is None:
            return _steps(ctx, target, target)
        period, horizon = found
        before = steady_cycles.mark(enc, passage)
        stopped = _steps(ctx, enc.time + period, target)
        if stopped is not None:
            return stopped
        cycle = steady_cycles.measure(before, enc, passage, period)
        if cycle is None:  # not steady after all: the rest tick by tick
            return _steps(ctx, target, target)
        count = (horizon - enc.time) // period
        most = steady_cycles.cycles_without_a_check(enc, passage, cycle)
        if most is not None and most < count:  # R31: a bleeder nears a demise check
            steady_cycles.skip(ctx, passage, cycle, most)
            return _steps(ctx, target, target)
        steady_cycles.skip(ctx, passage, cycle, count)


def _steps(ctx: Context, until: int, target: int) -> str | None:
    """What is due up to `until`, in the track's order; the clock stops at a decision
    (None, or why it stopped: the TU of `target` not passed)."""
    enc = ctx.enc
    while True:
        top = peek(enc)
        if top is None or top[1] > until:
            break
        found = pop_next(enc)
        if found is None:  # (peek found one: never)
            break
        time, bleeding, _, due = found
        ctx.put(enc.__dict__, "time", time)
        for cid in bleeding:
            wounding.bleed_tick(ctx, enc.combatants[cid])
        land(ctx, due)
        if enc.pending:
            return f"{target - time} TU not passed: {enc.pending[0].text}"
    ctx.put(enc.__dict__, "time", until)
    return None

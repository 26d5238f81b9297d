"""Standing orders: the track runs on its own until the GM is needed (A7, A8).

A GM with a crowd of extras (guards on watch, a mob shoving forward, cultists
chanting) gives them standing orders, plain actions that need no roll, and
lets the track run: bleeding ticks resolve as usual (A14), every ordered
combatant takes its next order at each opportunity, and the run stops at
`until`, at the first opportunity of someone without orders (it opens, as on
an Advance), or as soon as a decision is pending (a demise check).

The loop is the engine's hot path (the `bulk` figure): it keeps each touched
field once in the journal and then writes it directly, so undo is exact and a
run costs O(opportunities) with small constants. The log gets one summary
line (the opportunities taken, the bleeding ticks and their count), plus what
needs the GM's eye on the way: lapsed held actions, surprise ending, demise
checks, and the opportunity it stops at.
"""

from __future__ import annotations

import heapq
import itertools
from typing import Any

from rules.engine import effect_track, wounding
from rules.engine.context import Context, handles
from rules.engine.fx_schedule import at_opening, watched
from rules.engine.handlers.track import open_opportunity, ready_to_advance
from rules.engine.track_index import (
    ACT,
    BLEED,
    BLEED_BASE,
    TIME_SHIFT,
    act_entry,
    heap_of,
    is_current,
    key_epoch,
    keys_may_have_moved,
    order_base,
    peek,
    pop_next,
    tie_key_parts,
)
from rules.mechanics.wounds import BLEED_INTERVAL
from rules.model.commands import FastForward
from rules.model.effects import MAX_TU
from rules.model.state import Action, Combatant, Encounter


def is_plain(action: Action) -> bool:
    """An action that needs no roll: what standing orders may take (A8)."""
    return action.kind == "other" and action.skill is None and action.weapon is None


def _plans(ctx: Context, cmd: FastForward) -> dict[str, list[int]]:
    """Each ordered combatant's costs, in turn; only plain actions (no roll) qualify."""
    plans: dict[str, list[int]] = {}
    for cid, names in cmd.orders.items():
        c = ctx.living(cid)
        costs = []
        for name in names:
            try:
                action = c.action(name)
            except ValueError as error:
                ctx.fail(f"orders for {c.name}: {error}")
            if not is_plain(action):
                ctx.fail(
                    f"orders for {c.name}: {name} needs a roll; standing orders take plain"
                    " actions only (act for it yourself)"
                )
            costs.append(action.cost)
        plans[cid] = costs
    return plans


@handles(FastForward)
def fast_forward(ctx: Context, cmd: FastForward) -> None:
    """Run the track as Advance and TakeOpportunity would, one heap entry at a time.

    Entries from before the run (or stale ones) take the slow path: checked like
    `timetrack.peek`, and an ordered combatant's first turn sets up its run.
    After that its entries are the loop's own, so only its cached Wits is checked.
    """
    enc = ctx.enc
    ready_to_advance(ctx)
    if cmd.until < enc.time:
        ctx.fail(f"until: the track is already at {enc.time}, past {cmd.until}")
    if cmd.until - enc.time > MAX_TU:
        ctx.fail(f"until: at most {MAX_TU} TU ahead of the track ({enc.time})")
    plans = _plans(ctx, cmd)
    j = ctx.j
    start = enc.time
    if enc.turn is not None:
        j.set(enc, "turn", None)
    enc_d = j.keep(enc, "time")
    j.keep(enc, "arrivals")
    first_arrival = arrivals = enc.arrivals
    heap = heap_of(enc)
    combatants = enc.combatants
    until = cmd.until
    now = enc.time
    # Per ordered combatant, from its first opportunity in this run on:
    # [next cost, -Wits, name key, order base, its __dict__] (R5 key parts cached:
    # only a bleeding tick can change them while the track runs).
    runs: dict[str, list[Any]] = {}
    ticks = 0
    bled: set[str] = set()
    reason = f"track {until} reached"
    heappop, heapreplace, runs_get, shift = heapq.heappop, heapq.heapreplace, runs.get, TIME_SHIFT
    epoch = key_epoch(enc)  # the run's keys are kept current, so never older than this
    watch = watched(enc)  # issue 15: openings an effect or a reminder waits for
    while True:
        if not heap:
            reason = "no one is left on the time track"
            break
        order, time, kind, wits, arrival, name, cid, _, _ = heap[0]
        if kind != ACT:
            if peek(enc) is None:  # drops stale entries on the way
                reason = "no one is left on the time track"
                break
            order, time, kind, wits, arrival, name, cid, _, _ = heap[0]
        if kind == ACT:
            run = runs_get(cid)
            if not is_current(heap[0][8], time, arrival):
                # stale: it moved, died, left the fight or the encounter. Dropped before the
                # `until` check, so the run stops for the reason a fresh heap would give.
                # The run's own entries too: an effect's tick (issue 15) can kill, or move a
                # Wits so that a second entry is pushed for the same opening.
                heappop(heap)
                continue
        if time > until:
            break
        if kind != ACT:  # A7: the bleeding due at this time comes first
            enc_d["time"], enc_d["arrivals"] = now, arrivals
            popped = pop_next(enc)  # the top is a bleeding entry due at `time`: never None
            bleeding, due = (popped[1], popped[3]) if popped is not None else ((), ())
            enc_d["time"] = now = time
            for bleeder in bleeding:
                _bleed(ctx, combatants[bleeder], runs_get(bleeder), bled)
            if due:  # issue 15: effect ticks, ends and reminders, after the bleeding
                effect_track.land(ctx, due)
                for _, bearer, _ in due:
                    if (ticked := runs_get(bearer)) is not None:
                        _rekey(enc, ticked, combatants[bearer])  # A9: a tick's WP
                watch = watched(enc)
            keys_may_have_moved(enc)  # A9: outside this run, re-check keys pushed before
            ticks += len(bleeding)
            if enc.pending:
                reason = "a decision is pending"
                break
            continue
        if run is None or arrival < first_arrival:  # an entry from before this run
            c = combatants[cid]  # current (checked above), so still in the encounter
            key = tie_key_parts(c) if run is None else (run[1], run[2])
            if key != (wits, name):
                heapreplace(heap, act_entry(enc, c))  # its R5 place moved
                continue
            now = enc_d["time"] = time  # the rules below may log at this time
            enc_d["arrivals"] = arrivals
            if run is None:
                if cid not in plans:  # the GM's to play: open it, as an Advance would
                    heappop(heap)
                    j.set(enc, "due", [cid])
                    open_opportunity(ctx, c)
                    reason = f"{c.name} has no orders"
                    break
                run = runs[cid] = _first_turn(ctx, c, plans[cid], key)
                watch = watched(enc)
                if enc.pending:  # a reminder at its opportunity (issue 15): the GM's turn
                    heappop(heap)
                    j.set(enc, "due", [cid])
                    reason = "a reminder is due"
                    break
        elif run[1] != wits:
            heappop(heap)  # stale: bleeding moved its R5 place, a fresh entry waits
            continue
        if cid in watch:  # issue 15: this opening ends an effect or fires a reminder
            now = enc_d["time"] = time
            enc_d["arrivals"] = arrivals
            at_opening(ctx, cid)  # (a first turn's opening did: cid left the set)
            watch = watched(enc)
            if enc.pending:
                heappop(heap)
                j.set(enc, "due", [cid])
                reason = "a reminder is due"
                break
        now = time  # written to the encounter when a rule needs it, and at the end
        ttu = time + run[0]()
        d = run[4]
        d["ttu"] = ttu
        d["arrival"] = arrivals
        # the entry heap_entry() would make, inlined: this is the hot path
        entry = ((ttu << shift) + run[3] + arrivals, ttu, ACT, wits, arrivals, name, cid, epoch, d)
        heapreplace(heap, entry)
        arrivals += 1
    enc_d["time"], enc_d["arrivals"] = now, arrivals
    _log(ctx, start, arrivals - first_arrival, len(runs), ticks, len(bled), reason)


def _bleed(ctx: Context, c: Combatant, run: list[Any] | None, bled: set[str]) -> None:
    """A14 as on an Advance, summed in the log line; A9: its R5 place may move.

    A tick that can call no demise check (A16, R31: `wounding.damage_calls_no_check`) is
    `bleed_wp += BLR` and the next tick, as in `wounding.bleed_tick`, with the field
    kept once in the journal and then written directly (thousands of ticks a run).
    """
    d = c.__dict__
    rate = d["bleed_rate"]
    if d["dead"] or rate <= 0:
        return
    before = c.total_wp()
    if wounding.damage_calls_no_check(c, rate, before):
        if c.id not in bled:  # its first tick this run: undo goes back to this value
            ctx.j.keep(c, "bleed_wp")
        d["bleed_wp"] += rate
        tick = ctx.enc.time + BLEED_INTERVAL  # this tick was on its anchor's grid (A14)
        entry = ((tick << TIME_SHIFT) + BLEED_BASE, tick, BLEED, 0, 0, "", c.id, -1, d)
        heapq.heappush(heap_of(ctx.enc), entry)  # = schedule_bleeding, inlined
    else:
        wounding.bleed_tick(ctx, c, log=False)  # journals its own change
    bled.add(c.id)
    if run is not None and (before + rate) // 3 != before // 3:
        _rekey(ctx.enc, run, c)


def _first_turn(ctx: Context, c: Combatant, costs: list[int], key: tuple[int, str]) -> list[Any]:
    """Its first opportunity in this run: A8's resets (logged as usual), keep what changes."""
    open_opportunity(ctx, c, announce=False)
    d = ctx.j.keep(c, "ttu")
    ctx.j.keep(c, "arrival")
    neg_wits, lower = key
    return [itertools.cycle(costs).__next__, neg_wits, lower, order_base(ACT, neg_wits), d]


def _rekey(enc: Encounter, run: list[Any], c: Combatant) -> None:
    """A9: more WP may lower its Wits, and with it its R5 place: a fresh heap entry
    (the old one is dropped when it reaches the top, its Wits no longer the run's)."""
    ttu = c.ttu
    if ttu is None or not c.active:  # (active implies a TTU; the test says so to the checker)
        return
    neg_wits, lower = tie_key_parts(c)
    if neg_wits != run[1]:
        run[1], run[3] = neg_wits, order_base(ACT, neg_wits)
        arrival = c.arrival
        entry = (
            (ttu << TIME_SHIFT) + run[3] + arrival,
            ttu,
            ACT,
            neg_wits,
            arrival,
            lower,
            c.id,
            -1,
            c.__dict__,
        )
        heapq.heappush(heap_of(enc), entry)


def _log(
    ctx: Context, start: int, taken: int, who: int, ticks: int, bleeders: int, reason: str
) -> None:
    """One line for the whole run; deaths, checks and lapses have their own lines."""
    bleeding = f", {ticks:,} bleeding ticks on {bleeders} (A14)" if ticks else ""
    ctx.emit(
        "orders",
        f"Standing orders run the track {start} → {ctx.enc.time}: {taken:,} opportunit"
        f"{'y' if taken == 1 else 'ies'} taken by {who} combatant{'s' * (who != 1)}"
        f"{bleeding}; stopped: {reason}",
    )

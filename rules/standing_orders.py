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
line, plus whatever the rules log on the way (bleeding, deaths, lapses).
"""

from __future__ import annotations

import heapq

from rules import injury
from rules.commands import FastForward
from rules.context import Context, handles
from rules.timetrack import ACT, act_entry, heap_of, peek, pop_next, tie_key_parts
from rules.track import open_opportunity, ready_to_advance

RollKinds = ("attack", "dodge", "parry")


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
            if action.kind in RollKinds or action.skill or action.weapon:
                ctx.fail(
                    f"orders for {c.name}: {name} needs a roll; standing orders take plain"
                    " actions only (act for it yourself)"
                )
            costs.append(action.cost)
        plans[cid] = costs
    return plans


@handles(FastForward)
def fast_forward(ctx: Context, cmd: FastForward) -> None:
    enc = ctx.enc
    ready_to_advance(ctx)
    if cmd.until < enc.time:
        ctx.fail(f"until: the track is already at {enc.time}, past {cmd.until}")
    plans = {cid: [costs, 0] for cid, costs in _plans(ctx, cmd).items()}  # costs, turns taken
    j = ctx.j
    start = enc.time
    if enc.turn is not None:
        j.set(enc, "turn", None)
    enc_d = j.keep(enc, "time")
    j.keep(enc, "arrivals")
    arrivals = enc.arrivals
    heap = heap_of(enc)
    combatants = enc.combatants
    until = cmd.until
    keys: dict[str, tuple[int, str]] = {}  # R5 key parts; only bleeding changes them here
    taken = ticks = 0
    bled: set[str] = set()
    reason = f"track {until} reached"
    while True:
        entry = heap[0] if heap and heap[0][1] == ACT else peek(enc)
        if entry is None:
            reason = "no one is left on the time track"
            break
        time = entry[0]
        if time > until:
            break
        if entry[1] != ACT:  # A7: bleeding at this time first
            enc_d["arrivals"] = arrivals
            _, bleeding, _ = pop_next(enc)  # type: ignore[misc]
            enc_d["time"] = time
            for cid in bleeding:
                injury.bleed_tick(ctx, combatants[cid], log=False)
                keys.pop(cid, None)
                bled.add(cid)
            ticks += len(bleeding)
            arrivals = enc.arrivals
            if enc.pending:
                reason = "a decision is pending"
                break
            continue
        _, _, wits, arrival, name, cid = entry
        c = combatants[cid]
        d = c.__dict__
        if d["ttu"] != time or d["arrival"] != arrival or d["dead"] or d["out_of_fight"]:
            heapq.heappop(heap)  # stale: it moved, died or left
            continue
        key = keys.get(cid)
        if key is None:
            key = keys[cid] = tie_key_parts(c)
        if key[0] != wits or key[1] != name:
            heapq.heapreplace(heap, act_entry(c))  # its R5 place moved
            continue
        enc_d["time"] = time
        plan = plans.get(cid)
        if plan is None:  # the GM's to play: open it, as an Advance would, and stop
            enc_d["arrivals"] = arrivals
            heapq.heappop(heap)
            j.set(enc, "due", [cid])
            open_opportunity(ctx, c)
            ctx.emit("opportunity", f"Track {time}: Action Opportunity for {c.name}", actor=cid)
            reason = f"{c.name} has no orders"
            break
        if (
            d["held_action"] is not None
            or d["special_used"] is not None
            or d["turn_bonus"]
            or d["awareness"] == "surprised"
        ):
            enc_d["arrivals"] = arrivals
            open_opportunity(ctx, c)  # A8: lapses and resets, logged as usual
        costs, turn = plan
        if not turn:
            j.keep(c, "ttu")
            j.keep(c, "arrival")
        plan[1] = turn + 1
        ttu = time + costs[turn % len(costs)]
        d["ttu"] = ttu
        d["arrival"] = arrivals
        heapq.heapreplace(heap, (ttu, ACT, wits, arrivals, name, cid))
        arrivals += 1
        taken += 1
    enc_d["arrivals"] = arrivals
    who = sum(1 for plan in plans.values() if plan[1])
    _log(ctx, start, taken, who, ticks, len(bled), reason)


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

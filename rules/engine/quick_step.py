"""The track's common step in one piece: an Advance that opens a plain opportunity.

Nearly every Advance is the same few moves (A7, R5): the heap's top is a
current opportunity, its combatant has nothing to reset (A8: no held action to
lapse, no special or bonus to clear, not surprised), so the step is one pop,
the time and the turn and the due list journaled, one log line. The Advance
handler (`rules.engine.handlers.track.advance`) tries this first: in one function it costs about
two thirds of the general way through timetrack's pop and `open_opportunity`,
which is what issue 3's step figure (`engine_step_us_c1000`, ≤ 5 µs) measures.
Anything else (bleeding first, a stale or re-keyed entry, a reset to make, a
refusal to explain) changes nothing and the handler goes the general way.
tests/engine/test_quick_step.py checks both give the same encounter, log and
undo, step for step.
"""

from __future__ import annotations

import heapq

from rules.engine.context import Context
from rules.engine.journal import undo_append, undo_set
from rules.engine.track_index import ACT, TrackCache, is_current
from rules.model.event import Event


def quick_advance(ctx: Context) -> bool:
    """Apply the Advance if it is the common step; False (nothing changed) if not."""
    enc = ctx.enc
    ed = enc.__dict__  # plain reads: pydantic's attribute hook costs three of them
    if not ed["in_combat"] or ed["pending"] or ed["due"]:
        return False
    cache: TrackCache = enc.__pydantic_private__["_cache"]  # type: ignore[index]  # pydantic: Optional
    heap = cache.get("heap")
    if not heap:
        return False
    _, time, kind, _, arrival, _, cid, stamped, d = heap[0]
    if (
        kind != ACT  # bleeding comes first (A7)
        or stamped != cache.get("epoch", 0)  # its R5 key may have moved (A9)
        or not is_current(d, time, arrival)  # stale: moved, died, left the fight or encounter
        or d["held_action"] is not None  # A8: lapses, logged
        or d["special_used"] is not None
        or d["turn_bonus"]
        or d["awareness"] == "surprised"  # A7/A10: ends now, logged
    ):
        return False
    heapq.heappop(heap)
    ops = ctx.ops  # what Journal.put and Context.emit record, written out
    if time != ed["time"]:
        ops.append((undo_set, ed, "time", ed["time"]))
        ed["time"] = time
    turn = ed["turn"]
    if turn is not None:
        ops.append((undo_set, ed, "turn", turn))
        ed["turn"] = None
    ops.append((undo_set, ed, "due", ed["due"]))
    ed["due"] = [cid]
    log = ed["log"]
    text = f"Track {time}: Action Opportunity for {d['name']}"  # = open_opportunity's
    event = Event(len(log) + 1, time, "opportunity", text, [], cid)
    ops.append((undo_append, log))
    log.append(event)
    ctx.events.append(event)
    return True

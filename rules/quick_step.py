"""The track's common step in one piece: an Advance that opens a plain opportunity.

Nearly every Advance is the same few moves (A7, R5): the heap's top is a
current opportunity, its combatant has nothing to reset (A8: no held action to
lapse, no special or bonus to clear, not surprised), so the step is one pop,
the time and the turn and the due list journaled, one log line. Done here in
one function, it costs about two thirds of the general path (`rules.track.advance`
through `rules.engine.apply`), which is what issue 3's step figure
(`engine_step_us_c1000`, ≤ 5 µs) measures. Anything else (bleeding first, a stale
or re-keyed entry, a reset to make, a refusal to explain) returns None and the
general path runs. tests/engine/test_quick_step.py checks that both give the
same encounter, log, journal and undo, step for step.
"""

from __future__ import annotations

import heapq

from rules.commands import Advance
from rules.context import Context
from rules.dice import DiceSource
from rules.journal import undo_append, undo_set
from rules.state import Encounter, Event
from rules.timetrack import ACT


def quick_advance(enc: Encounter, command: Advance, dice: DiceSource) -> Context | None:
    """The Advance applied, if it is the common step; None (nothing changed) if not."""
    ed = enc.__dict__  # plain reads: pydantic's attribute hook costs three of them
    if not ed["in_combat"] or ed["pending"] or ed["due"]:
        return None
    cache = enc.__pydantic_private__["_cache"]  # type: ignore[index]
    heap = cache.get("heap")
    if not heap:
        return None
    _, time, kind, _, arrival, _, cid, stamped, d = heap[0]
    if (
        kind != ACT  # bleeding comes first (A7)
        or stamped != cache.get("epoch", 0)  # its R5 key may have moved (A9)
        or d["ttu"] != time  # stale: moved, died, or left the fight
        or d["arrival"] != arrival
        or d["dead"]
        or d["out_of_fight"]
        or d["held_action"] is not None  # A8: lapses, logged
        or d["special_used"] is not None
        or d["turn_bonus"]
        or d["awareness"] == "surprised"  # A7/A10: ends now, logged
    ):
        return None
    heapq.heappop(heap)
    ctx = Context(enc, dice, command)
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
    return ctx

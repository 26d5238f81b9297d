"""The track's common step: an Advance whose next event is a current opportunity.

Nearly every Advance is the same few moves (A7, R5): the heap's top is a
current opportunity, so the step is one pop, the time, the turn and the due
list journaled, and the opening. The Advance handler is this step first
(`quick_first` wraps the general way, `rules.engine.handlers.track.advance`): it
skips the general way's refusal checks and timetrack's pop, which is what issue 3's step figure
(`engine_step_us_c1000`, ≤ 5 µs) measures. What the step resets and logs is not
its own: the turn closes by `ENCOUNTER_PER_TURN` and the opportunity opens with
`opening`, as on the general way (`rules.engine.opportunity`, issue 13). Anything
else (bleeding first, a stale or re-keyed entry, a refusal to explain, an effect
or reminder waiting for an opening: rules.engine.fx_schedule) changes
nothing and the handler goes the general way. tests/engine/test_quick_step.py
checks both give the same encounter, log and undo, step for step.
"""

from __future__ import annotations

from heapq import heappop
from typing import Any, Final

from rules.engine.context import Context, Handler
from rules.engine.opportunity import ENCOUNTER_PER_TURN, opening
from rules.engine.track_index import ACT, TrackCache, is_current
from rules.model.commands import Advance

# The watch set not yet built (`rules.engine.fx_schedule.watched`): truthy, so the step
# declines, as it does while any opening is watched; the general way builds the set.
_UNKNOWN: Final = frozenset({None})
# The encounter's one per-turn field (the Turn under way, `ENCOUNTER_PER_TURN`) and its
# fresh value. The step journals it beside the time and the due list as one entry, so a
# second field added to that table must be added here too: refused at import until it is.
if len(ENCOUNTER_PER_TURN) != 1:
    raise RuntimeError("quick_step journals one per-turn encounter field: add the new one")
((_TURN, _NO_TURN),) = ENCOUNTER_PER_TURN


def _undo_step(ed: dict[str, Any], time: int, turn: Any, due: list[str]) -> None:
    """The step's journal entry undone: the time, the turn and the due list as they were."""
    ed["time"], ed[_TURN], ed["due"] = time, turn, due


def quick_first(general: Handler) -> Handler:
    """The Advance handler: the common step when the track's next event is one, else
    `general` (the general way, `rules.engine.handlers.track.advance`), which gets the
    command untouched. One function, not a call to a check: every call costs a tenth
    of the step's µs."""

    def advance(ctx: Context, cmd: Advance) -> None:
        enc = ctx.enc
        ed = enc.__dict__  # plain reads: pydantic's attribute hook costs three of them
        if not ed["in_combat"] or ed["pending"] or ed["due"]:
            return general(ctx, cmd)
        cache: TrackCache = enc.__pydantic_private__["_cache"]  # type: ignore[index]  # pydantic: Optional
        heap = cache.get("heap")
        if not heap:
            return general(ctx, cmd)
        _, time, kind, _, arrival, _, cid, stamped, d = heap[0]
        if (
            kind != ACT  # bleeding comes first (A7)
            or stamped != cache.get("epoch", 0)  # its R5 key may have moved (A9)
            or not is_current(d, time, arrival)  # stale: moved, died, left the fight or encounter
            or cache.get("watch", _UNKNOWN)  # an opening is watched (issue 15), or may be
        ):
            return general(ctx, cmd)
        heappop(heap)
        # One journal entry for the three fields the step moves, not one each: 0.1 µs of
        # the step's 2.6 (make bench). The turn closes as `close_turn` closes it.
        ctx.ops.append((_undo_step, ed, ed["time"], ed[_TURN], ed["due"]))
        ed["time"] = time
        ed[_TURN] = _NO_TURN
        ed["due"] = [cid]
        opening(ctx, ed, d)  # = open_opportunity(ctx, c), as the general way
        return None

    return advance

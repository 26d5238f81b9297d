"""The Time Track's index: a heap of who acts (and who bleeds) next (A7, A14).

The heap is a cache derived from the encounter, never saved: entries are
checked against the state when they reach the top (stale ones are dropped),
and the whole heap is rebuilt after undo, redo or load. Finding the next
event is O(log n) however many combatants there are.
"""

from __future__ import annotations

import heapq

from rules.context import Context
from rules.state import Combatant, Encounter

BLEED_INTERVAL = 10  # A14: every 10 TU from the bleed anchor
_BLEED, _ACT = 0, 1  # bleeding ticks resolve before opportunities at the same time (A7)

Entry = tuple[int, int, int, str]


def invalidate_track(enc: Encounter) -> None:
    enc.cache.pop("heap", None)


def next_bleed_tick(anchor: int, now: int) -> int:
    """A14: the first tick strictly after `now` at anchor + 10k (k >= 1)."""
    if now < anchor:
        return anchor + BLEED_INTERVAL
    return anchor + ((now - anchor) // BLEED_INTERVAL + 1) * BLEED_INTERVAL


def _heap(enc: Encounter) -> list[Entry]:
    heap = enc.cache.get("heap")
    if heap is None:
        heap = []
        due = set(enc.due)
        for c in enc.combatants.values():
            if c.active and c.id not in due:
                heap.append((c.ttu, _ACT, c.arrival, c.id))  # type: ignore[arg-type]
            if _bleeds(c):
                heap.append((next_bleed_tick(c.bleed_anchor, enc.time), _BLEED, 0, c.id))  # type: ignore[arg-type]
        heapq.heapify(heap)
        enc.cache["heap"] = heap
    return heap  # type: ignore[return-value]


def _bleeds(c: Combatant) -> bool:
    return c.bleed_rate > 0 and c.bleed_anchor is not None and not c.dead


def _valid(enc: Encounter, entry: Entry) -> bool:
    time, kind, arrival, cid = entry
    c = enc.combatants.get(cid)
    if c is None:
        return False
    if kind == _ACT:
        return c.active and c.ttu == time and c.arrival == arrival and cid not in enc.due
    return (
        _bleeds(c)
        and time > enc.time
        and (time - c.bleed_anchor) % BLEED_INTERVAL == 0  # type: ignore[operator]
        and time > c.bleed_anchor  # type: ignore[operator]
    )


def peek(enc: Encounter) -> Entry | None:
    """The next valid entry, dropping stale ones on the way."""
    heap = _heap(enc)
    while heap:
        if _valid(enc, heap[0]):
            return heap[0]
        heapq.heappop(heap)
    return None


def pop_due(enc: Encounter) -> tuple[int, list[str], list[str]] | None:
    """Take every valid entry at the next time: (time, bleeding ids, acting ids).

    Called before the track's time moves, so validity is judged against the
    old time; duplicate entries (a BLR raised twice) count once.
    """
    first = peek(enc)
    if first is None:
        return None
    time = first[0]
    heap = _heap(enc)
    bleeding: list[str] = []
    acting: list[str] = []
    while heap and heap[0][0] == time:
        entry = heapq.heappop(heap)
        if not _valid(enc, entry):
            continue
        bucket = bleeding if entry[1] == _BLEED else acting
        if entry[3] not in bucket:
            bucket.append(entry[3])
    return time, bleeding, acting


def next_time(enc: Encounter) -> int | None:
    entry = peek(enc)
    return None if entry is None else entry[0]


def set_ttu(ctx: Context, c: Combatant, ttu: int | None) -> None:
    """Move a combatant on the track; R5 records its arrival order at that TTU."""
    enc = ctx.enc
    ctx.j.set(c, "ttu", ttu)
    if ttu is None:
        return
    ctx.j.set(c, "arrival", enc.arrivals)
    ctx.j.set(enc, "arrivals", enc.arrivals + 1)
    if "heap" in enc.cache and c.active:
        heapq.heappush(enc.cache["heap"], (ttu, _ACT, c.arrival, c.id))  # type: ignore[arg-type]


def schedule_bleeding(enc: Encounter, c: Combatant) -> None:
    """Put a combatant's next bleeding tick on the heap (after its anchor or BLR changed)."""
    if "heap" in enc.cache and _bleeds(c) and enc.in_combat:
        tick = next_bleed_tick(c.bleed_anchor, enc.time)  # type: ignore[arg-type]
        heapq.heappush(enc.cache["heap"], (tick, _BLEED, 0, c.id))  # type: ignore[arg-type]


def leave_track(ctx: Context, c: Combatant) -> None:
    """Dead or out of the fight: off the track and out of the due list."""
    if c.id in ctx.enc.due:
        ctx.j.remove(ctx.enc.due, c.id)
    ctx.j.set(c, "ttu", None)


def tie_order(enc: Encounter, ids: list[str]) -> list[str]:
    """R5: higher effective Wits first, then earlier arrival, then name."""

    def key(cid: str) -> tuple[int, int, str]:
        c = enc.combatants[cid]
        wits = c.effective("Wits") if "Wits" in c.stats else 0
        return (-wits, c.arrival, c.name.lower())

    return sorted(ids, key=key)


def upcoming(enc: Encounter, limit: int = 50) -> list[tuple[int, str, str]]:
    """The next events in order, for the track view: (time, "act"/"bleed", id)."""
    events: list[tuple[int, int, int, str]] = []
    for cid in enc.due:
        events.append((enc.time, _ACT, -1, cid))
    for c in enc.combatants.values():
        if c.active and c.id not in enc.due:
            events.append((c.ttu, _ACT, c.arrival, c.id))  # type: ignore[arg-type]
        if _bleeds(c) and enc.in_combat:
            events.append((next_bleed_tick(c.bleed_anchor, enc.time), _BLEED, 0, c.id))  # type: ignore[arg-type]
    events.sort()
    return [(t, "bleed" if k == _BLEED else "act", cid) for t, k, _, cid in events[:limit]]


def kill(ctx: Context, c: Combatant, reason: str) -> None:
    """A16: the dead leave the track but stay in the encounter."""
    ctx.j.set(c, "dead", True)
    leave_track(ctx, c)
    ctx.emit("death", f"{c.name} dies ({reason})", actor=c.id)

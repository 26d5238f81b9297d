"""The Time Track's index: a heap of who acts (and who bleeds, ticks or is reminded) next (A7, A14).

The heap is a cache derived from the encounter, never saved: entries are
checked against the state when they reach the top (stale ones are dropped),
and the whole heap is rebuilt after undo, redo or load. Finding the next
event is O(log n) however many combatants there are.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import Any, TypedDict

from rules.engine.context import Context
from rules.mechanics.wounds import BLEED_INTERVAL, next_bleed_tick
from rules.model.state import Combatant, Encounter

# At one time, in this order: bleeding ticks (A14), effect ticks, effect ends and reminders
# (issue 15), then opportunities (A7). An effect's tick at its end time lands before it ends.
BLEED, TICK, END, REMIND, ACT = 0, 1, 2, 3, 4
FX_KINDS = (TICK, END, REMIND)

# (order, time, kind, -effective Wits, arrival, name, id): the heap's order *is* R5's
# order, so the next opportunity is one pop however many combatants share its time.
# `order` packs time, kind, Wits and arrival into one int, so the heap compares one
# number (arrival is unique per move; name and id only break ties in hand-made data).
# Then the key epoch (below): while it is current the R5 key is too. Last, the
# combatant's own `__dict__`, read directly when the entry reaches the top (no lookup
# by id: a combatant is never replaced, only edited in place; a removed one has left
# the track, so its entries are stale; undo, redo and load rebuild the heap).
Entry = tuple[int, int, int, int, int, str, str, int, dict[str, Any]]
_VALID, _STALE, _RESTAMP = 0, 1, 2
_WITS_BITS, _ARRIVAL_BITS = 8, 32  # small: a 2-digit int compares fast
_KIND_SHIFT = _WITS_BITS + _ARRIVAL_BITS
TIME_SHIFT = _KIND_SHIFT + 3  # 3 bits of kind


class TrackCache(TypedDict, total=False):
    """`Encounter.cache`: derived from the encounter, never saved, rebuilt when missing."""

    heap: list[Entry]
    epoch: int  # the key epoch (`keys_may_have_moved`)
    watch: frozenset[str]  # whose next opportunity ends an effect or fires a reminder


def order_base(kind: int, neg_wits: int) -> int:
    """The kind and Wits part of an entry's `order` (add time << TIME_SHIFT and arrival)."""
    wits_field = neg_wits + (1 << (_WITS_BITS - 1))
    if not 0 <= wits_field < 1 << _WITS_BITS:  # beyond any sheet: keep the fields apart
        wits_field = 0 if wits_field < 0 else (1 << _WITS_BITS) - 1
    return (kind << _KIND_SHIFT) + (wits_field << _ARRIVAL_BITS)


BLEED_BASE = order_base(BLEED, 0)  # every bleeding entry shares it: heap_entry(t, BLEED, 0, 0, …)


def heap_entry(
    time: int, kind: int, neg_wits: int, arrival: int, c: Combatant, epoch: int = -1
) -> Entry:
    order = (time << TIME_SHIFT) + order_base(kind, neg_wits) + arrival
    return (order, time, kind, neg_wits, arrival, c.name.lower(), c.id, epoch, c.__dict__)


def key_epoch(enc: Encounter) -> int:
    return _cache(enc).get("epoch", 0)


def _cache(enc: Encounter) -> TrackCache:
    """`enc.cache` without the property: the track reads it on every step."""
    cache: TrackCache = enc.__pydantic_private__["_cache"]  # type: ignore[index]  # pydantic: Optional
    return cache


def keys_may_have_moved(enc: Encounter) -> None:
    """A Wits or a name may have changed (A9): entries pushed before now are re-checked.

    The engine calls this after every command but those that never touch a
    stat or a name (the track's own), and a bleeding tick calls it; until
    then a popped entry's R5 key is trusted without recomputing any Wits.
    """
    cache = enc.cache
    cache["epoch"] = cache.get("epoch", 0) + 1


def invalidate_track(enc: Encounter) -> None:
    enc.cache.pop("heap", None)
    enc.cache.pop("watch", None)  # rules.engine.fx_schedule.watched rebuilds it


def _wits(c: Combatant) -> int:
    return c.effective("Wits") if "Wits" in c.stats else 0  # R5: no Wits sorts as 0


def tie_key_parts(c: Combatant) -> tuple[int, str]:
    """The parts of a heap entry's R5 key that can change while it waits: Wits and name."""
    return (-_wits(c), c.name.lower())


def tie_key(c: Combatant) -> tuple[int, int, str]:
    """R5: higher effective Wits first, then earlier arrival at that TTU, then name."""
    return (-_wits(c), c.arrival, c.name.lower())


def act_entry(enc: Encounter, c: Combatant) -> Entry:
    """A fresh entry, its R5 key computed now (so stamped with the current epoch)."""
    ttu = c.ttu
    if ttu is None:  # callers push only combatants on the track
        raise ValueError(f"{c.name} is not on the time track")
    return heap_entry(ttu, ACT, -_wits(c), c.arrival, c, key_epoch(enc))


def _bleed_entry(c: Combatant, now: int) -> Entry:
    anchor = c.bleed_anchor
    if anchor is None:  # callers push only the bleeding (`_bleeds`)
        raise ValueError(f"{c.name} has no bleeding anchor")
    tick = next_bleed_tick(anchor, now)
    return ((tick << TIME_SHIFT) + BLEED_BASE, tick, BLEED, 0, 0, "", c.id, -1, c.__dict__)


def fx_entry(kind: int, time: int, fx_id: int, cid: str, d: dict[str, Any]) -> Entry:
    """An effect's tick or end (`d`: its bearer's `__dict__`) or a reminder (`d`: the
    encounter's, `cid` ""); the effect's or reminder's id orders those at one time."""
    order = (time << TIME_SHIFT) + order_base(kind, 0) + fx_id
    return (order, time, kind, 0, fx_id, "", cid, -1, d)


def effect_entries(c: Combatant, now: int) -> list[Entry]:
    """Its effects' next ticks and timed ends after `now` (issue 15)."""
    found: list[Entry] = []
    for e in c.effects:
        tick = e.next_tick(now)
        if tick is not None:
            found.append(fx_entry(TICK, tick, e.id, c.id, c.__dict__))
        if e.ends is not None and e.ends > now:
            found.append(fx_entry(END, e.ends, e.id, c.id, c.__dict__))
    return found


def heap_of(enc: Encounter) -> list[Entry]:
    cache = _cache(enc)
    heap = cache.get("heap")
    if heap is None:
        heap = []
        due = set(enc.due)
        now = enc.time
        for c in enc.combatants.values():
            if c.active and c.id not in due:
                heap.append(act_entry(enc, c))
            if _bleeds(c):
                heap.append(_bleed_entry(c, now))
            if c.effects:
                heap.extend(effect_entries(c, now))
        for r in enc.reminders:
            if r.at is not None and r.at > now:
                heap.append(fx_entry(REMIND, r.at, r.id, "", enc.__dict__))
        heapq.heapify(heap)
        cache["heap"] = heap
    return heap


def _bleeds(c: Combatant) -> bool:
    return c.bleed_rate > 0 and c.bleed_anchor is not None and not c.dead


def is_current(d: dict[str, Any], time: int, arrival: int) -> bool:
    """An opportunity entry still stands: its combatant (`d`, its `__dict__`, read from the
    entry, never looked up by id) waits at that time and arrival, alive and in the fight.

    The one check of an entry for every reader of the heap (the Advance, its quick step,
    standing orders). Whoever leaves the track (A16 death, out of the fight, removal: R8's
    roster change calls `leave_track` first) has its TTU cleared, so its entries fail here.
    """
    return d["ttu"] == time and d["arrival"] == arrival and not d["dead"] and not d["out_of_fight"]


def _check(ed: dict[str, Any], entry: Entry, epoch: int) -> int:
    """Valid, stale (drop it), or right time but an old R5 key (push a fresh one).

    `ed` is the encounter's `__dict__` and `epoch` the current key epoch
    (`key_epoch`), read once by the caller: this runs on every step of the track.
    """
    _, time, kind, wits, arrival, name, cid, stamped, d = entry  # d: plain reads, as `ed`
    if kind == ACT:
        if not is_current(d, time, arrival) or cid in ed["due"]:
            return _STALE
        if stamped != epoch:
            c = ed["combatants"][cid]
            if wits != -_wits(c) or name != c.name.lower():
                return _RESTAMP
        return _VALID
    if kind == REMIND:
        found = [r for r in ed["reminders"] if r.id == arrival and r.at == time]
        return _VALID if found and time > ed["time"] else _STALE
    c = ed["combatants"].get(cid)
    if c is None or c.__dict__ is not d:
        return _STALE  # removed (bleeding needs no track place, so it has no other sign)
    if kind != BLEED:
        return _VALID if time > ed["time"] and _effect_due(d, kind, arrival, time) else _STALE
    anchor = d["bleed_anchor"]
    valid = (
        d["bleed_rate"] > 0
        and anchor is not None
        and not d["dead"]
        and time > ed["time"]
        and time > anchor
        and (time - anchor) % BLEED_INTERVAL == 0
    )
    return _VALID if valid else _STALE


def _effect_due(d: dict[str, Any], kind: int, fx_id: int, time: int) -> bool:
    """The effect `fx_id` is still on its bearer and ticks (alive) or ends at `time`."""
    for e in d["effects"]:
        if e.id == fx_id:
            if kind == TICK:
                return not d["dead"] and bool(e.ticks_at(time))
            return bool(e.ends == time)
    return False


def peek(enc: Encounter) -> Entry | None:
    """The next valid entry, dropping stale ones (and re-keying outdated ones) on the way."""
    return _top(enc, heap_of(enc), key_epoch(enc))


def _top(enc: Encounter, heap: list[Entry], epoch: int) -> Entry | None:
    ed = enc.__dict__
    while heap:
        entry = heap[0]
        status = _check(ed, entry, epoch)
        if status == _VALID:
            return entry
        heapq.heappop(heap)
        if status == _RESTAMP:
            heapq.heappush(heap, act_entry(enc, enc.combatants[entry[6]]))
    return None


FxDue = tuple[int, str, int]  # (TICK/END/REMIND, bearer id or "", effect or reminder id)


def pop_next(
    enc: Encounter,
) -> tuple[int, Sequence[str], str | None, Sequence[FxDue]] | None:
    """The next event: its time, then either the bleeding ticks and the effects' ticks,
    ends and reminders due then, in that order (A7: they come first; call
    `pop_opportunity` after resolving them, as a tick can change who acts) or, with
    none of those, the R5-first combatant acting then.

    Called before the track's time moves, so validity is judged against the
    old time; duplicate entries (a BLR raised twice) count once.
    """
    # = _cache(enc), inlined: the track's every step
    cache: TrackCache = enc.__pydantic_private__["_cache"]  # type: ignore[index]  # pydantic: Optional
    heap = cache.get("heap")
    if heap is None:
        heap = heap_of(enc)
    first = _top(enc, heap, cache.get("epoch", 0))
    if first is None:
        return None
    time = first[1]
    if first[2] == ACT:
        heapq.heappop(heap)
        return time, (), first[6], ()
    bleeding: list[str] = []
    fx: list[FxDue] = []
    epoch = key_epoch(enc)
    while heap and heap[0][1] == time and heap[0][2] != ACT:
        entry = heapq.heappop(heap)
        if _check(enc.__dict__, entry, epoch) != _VALID:
            continue
        if entry[2] == BLEED:
            if entry[6] not in bleeding:
                bleeding.append(entry[6])
        elif (due := (entry[2], entry[6], entry[4])) not in fx:
            fx.append(due)
    return time, bleeding, None, fx


def pop_opportunity(enc: Encounter, time: int) -> str | None:
    """The R5-first combatant due at `time`, taken off the heap (None if nobody is)."""
    entry = peek(enc)
    if entry is None or entry[1] != time or entry[2] != ACT:
        return None
    heapq.heappop(heap_of(enc))
    return entry[6]


def acts_now(enc: Encounter, c: Combatant) -> bool:
    """Its opportunity is now: opened (due), or due at this very time and not yet opened (R5)."""
    return c.id in enc.due or (enc.in_combat and c.active and c.ttu == enc.time)


def tied(enc: Encounter) -> list[str]:
    """Everyone with an opportunity at the current time: opened first, then the rest by R5."""
    waiting = [c for c in enc.combatants.values() if c.id not in enc.due and acts_now(enc, c)]
    return list(enc.due) + [c.id for c in sorted(waiting, key=tie_key)]


def set_ttu(ctx: Context, c: Combatant, ttu: int | None) -> None:
    """Move a combatant on the track; R5 records its arrival order at that TTU."""
    enc = ctx.enc
    ctx.j.set(c, "ttu", ttu)
    if ttu is None:
        return
    ctx.j.set(c, "arrival", enc.arrivals)
    ctx.j.set(enc, "arrivals", enc.arrivals + 1)
    if "heap" in enc.cache and c.active:
        heapq.heappush(enc.cache["heap"], act_entry(enc, c))


def schedule_bleeding(enc: Encounter, c: Combatant) -> None:
    """Put a combatant's next bleeding tick on the heap (after its anchor or BLR changed)."""
    heap = enc.cache.get("heap")
    if heap is not None and _bleeds(c):  # in combat and out: PassTime runs the clock
        heapq.heappush(heap, _bleed_entry(c, enc.time))


def restamp(enc: Encounter, c: Combatant) -> None:
    """Its R5 key may have gone up (healed, rested, edited): push a fresh heap entry.

    A key that went down is caught when its old entry reaches the top; one
    that went up would sort too late, so the handlers that can raise Wits
    (or rename) call this.
    """
    if "heap" in enc.cache and c.active and c.id not in enc.due:
        heapq.heappush(enc.cache["heap"], act_entry(enc, c))


def leave_track(ctx: Context, c: Combatant) -> None:
    """Dead or out of the fight: off the track and out of the due list."""
    if c.id in ctx.enc.due:
        ctx.j.remove(ctx.enc.due, c.id)
    ctx.j.set(c, "ttu", None)


def drop_entries(enc: Encounter, c: Combatant) -> None:
    """R8: a combatant removed from the encounter takes its heap entries with it.

    `is_current` would skip them anyway (its TTU is cleared); dropping them means no
    reader of the heap ever meets an id the encounter no longer holds. O(n): a
    removal is a GM's edit, never a track step. Undo rebuilds the heap (`invalidate_track`).
    """
    heap = _cache(enc).get("heap")
    if heap is None:
        return
    d = c.__dict__
    kept = [entry for entry in heap if entry[8] is not d]
    if len(kept) != len(heap):
        heapq.heapify(kept)
        heap[:] = kept


def upcoming(enc: Encounter, limit: int = 50) -> list[tuple[int, str, str]]:
    """The next events in the order the track will open them: (time, "act"/"bleed", id)."""
    events: list[tuple[int, int, int, int, str]] = []  # time, opened first, order, kind, id
    for index, cid in enumerate(enc.due):
        events.append((enc.time, 0, index, ACT, cid))
    for c in enc.combatants.values():
        if c.active and c.id not in enc.due:
            e = act_entry(enc, c)
            events.append((e[1], 1, e[0], ACT, c.id))
        if _bleeds(c) and enc.in_combat:
            e = _bleed_entry(c, enc.time)
            events.append((e[1], 1, e[0], BLEED, c.id))
    events.sort(key=lambda e: e[:3])
    return [(t, "bleed" if kind == BLEED else "act", cid) for t, _, _, kind, cid in events[:limit]]


def kill(ctx: Context, c: Combatant, reason: str) -> None:
    """A16: the dead leave the track but stay in the encounter."""
    ctx.j.set(c, "dead", True)
    leave_track(ctx, c)
    ctx.emit("death", f"{c.name} dies ({reason})", actor=c.id)

"""An effect ends, a reminder fires: the moves every path of the track shares (issue 15).

Below the opening of an opportunity (rules.engine.opportunity calls `at_opening`
for the combatants `watched` names), so an effect "until X's next Action
Opportunity" ends, and a reminder "at X's next opportunity" fires, when that
opportunity opens (A8), whichever way it opens. Every change is journaled.
"""

from __future__ import annotations

import heapq

from rules.engine.context import Context
from rules.engine.track_index import END, REMIND, TICK, fx_entry
from rules.model.effects import Effect, Reminder
from rules.model.pending import ReminderData
from rules.model.state import Combatant, Encounter

__all__ = [
    "at_opening",
    "forget",
    "end_effect",
    "fire_reminder",
    "invalidate_watch",
    "schedule_effect",
    "schedule_reminder",
    "schedule_tick",
    "watched",
]


def invalidate_watch(enc: Encounter) -> None:
    """A "next opportunity" effect or reminder came or went: `watched` rebuilds its set."""
    enc.cache.pop("watch", None)


def watched(enc: Encounter) -> frozenset[str]:
    """The ids whose next Action Opportunity ends an effect or fires a reminder (issue 15).

    Derived and cached: the quick step reads the set (one membership test per step),
    and every change to such an effect or reminder drops it (`invalidate_watch`).
    """
    cache = enc.cache
    found = cache.get("watch")
    if found is None:
        ids = {r.whose for r in enc.reminders if r.whose is not None}
        for c in enc.combatants.values():
            for e in c.effects:
                if e.duration.kind == "next" and e.duration.whose is not None:
                    ids.add(e.duration.whose)
        found = cache["watch"] = frozenset(ids)
    return found


def schedule_effect(enc: Encounter, c: Combatant, e: Effect) -> None:
    """Put one effect's next tick and its timed end on the heap (just added, or just ticked)."""
    heap = enc.cache.get("heap")
    if heap is None:
        return  # built with every effect when first needed
    now = enc.time
    tick = e.next_tick(now)
    if tick is not None:
        heapq.heappush(heap, fx_entry(TICK, tick, e.id, c.id, c.__dict__))
    if e.ends is not None and e.ends > now:
        heapq.heappush(heap, fx_entry(END, e.ends, e.id, c.id, c.__dict__))


def schedule_tick(enc: Encounter, c: Combatant, e: Effect) -> None:
    """After a tick: only its next one (its end is on the heap already)."""
    heap = enc.cache.get("heap")
    tick = e.next_tick(enc.time)
    if heap is not None and tick is not None:
        heapq.heappush(heap, fx_entry(TICK, tick, e.id, c.id, c.__dict__))


def schedule_reminder(enc: Encounter, at: int, rid: int) -> None:
    """Put a reminder at track time `at` on the heap."""
    heap = enc.cache.get("heap")
    if heap is not None and at > enc.time:
        heapq.heappush(heap, fx_entry(REMIND, at, rid, "", enc.__dict__))


def end_effect(ctx: Context, c: Combatant, e: Effect, why: str) -> None:
    """Take `e` off `c`, logged as its end (`why`: its duration, or the GM's hand)."""
    ctx.j.remove(c.effects, e)
    if e.duration.kind == "next":
        invalidate_watch(ctx.enc)
    ctx.emit("effect-end", f"{c.name}: {e.name} ends ({why})", actor=c.id)


def fire_reminder(ctx: Context, r: Reminder, why: str) -> None:
    """The track reached a reminder: it leaves the list and becomes a decision (the
    track stops until the GM answers it, DismissReminder), shown and logged."""
    ctx.j.remove(ctx.enc.reminders, r)
    if r.whose is not None:
        invalidate_watch(ctx.enc)
    text = f"Reminder: {r.text}"
    ctx.new_pending(r.whose or "", text, ReminderData(reminder=r.id))
    ctx.emit("reminder", f"{text} ({why})", actor=r.whose)


def at_opening(ctx: Context, cid: str) -> None:
    """`cid`'s Action Opportunity opened: what waited for it ends or fires (A8)."""
    enc = ctx.enc
    name = enc.combatants[cid].name
    for c in enc.combatants.values():
        for e in [e for e in c.effects if e.duration.kind == "next"]:
            if e.duration.whose == cid:
                whose = "its" if c.id == cid else f"{name}'s"
                end_effect(ctx, c, e, f"{whose} next Action Opportunity opened")
    for r in [r for r in enc.reminders if r.whose == cid]:
        fire_reminder(ctx, r, f"{name}'s Action Opportunity opened")


def forget(ctx: Context, gone: Combatant) -> None:
    """R8: `gone` leaves the encounter: the effects and reminders waiting for its next
    opportunity, which will never open, end and are cancelled (logged)."""
    enc = ctx.enc
    for c in enc.combatants.values():
        if c.id == gone.id:
            continue  # its own effects leave with it
        for e in [e for e in c.effects if e.duration.kind == "next"]:
            if e.duration.whose == gone.id:
                end_effect(ctx, c, e, f"{gone.name} left the encounter")
    for r in [r for r in enc.reminders if r.whose == gone.id]:
        ctx.j.remove(enc.reminders, r)
        invalidate_watch(enc)
        ctx.emit("reminder", f"Reminder cancelled ({gone.name} left): {r.text}")

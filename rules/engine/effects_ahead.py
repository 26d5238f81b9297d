"""What ends or fires next on the track, and what modifies a combatant now (issue 15).

Pure reads for the ruler, the track header, the roster and the detail pane:
every effect's end and next tick and every reminder ahead, with its time
(`effects_ahead`), and every tick between two times (`ticks_between`, the ruler's
window); and one list of everything that modifies a combatant
(`active_effects`): the GM's effects with the time left, then the conditions
the rules derive (A5 exhaustion, A14 bleeding, A15 limbs, ribs, vital organ),
read-only (no effect id: they change by their own rules, not by RemoveEffect).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from rules.mechanics.wounds import next_bleed_tick
from rules.model.effects import Effect
from rules.model.state import Combatant, Encounter

__all__ = ["Active", "Ahead", "active_effects", "effects_ahead", "ticks_between", "time_left"]

AheadKind = Literal["end", "tick", "reminder"]


class Ahead(NamedTuple):
    """One thing ahead: when (None: at an opportunity with no time yet, e.g. out of combat),
    what, whose (the bearer; a reminder's combatant, or None), its id and a line of text."""

    time: int | None
    kind: AheadKind
    combatant: str | None
    id: int
    text: str


class Active(NamedTuple):
    """One thing modifying a combatant: its name, a line saying what it does, the TU left
    (None: not a timed one), and its effect's id (None: derived by the rules, read-only)."""

    name: str
    text: str
    left: int | None
    effect_id: int | None


def _opportunity_time(enc: Encounter, cid: str | None) -> int | None:
    """When `cid`'s next Action Opportunity opens: its TTU on the track, else unknown."""
    c = enc.combatants.get(cid) if cid is not None else None
    if c is None or not enc.in_combat or not c.active or cid in enc.due:
        return None  # (one opened now waits for the next: its TTU after it acts)
    return c.ttu


def _end_time(enc: Encounter, e: Effect) -> int | None:
    if e.ends is not None:
        return e.ends
    if e.duration.kind == "next":
        return _opportunity_time(enc, e.duration.whose)
    return None


def time_left(enc: Encounter, e: Effect) -> int | None:
    """TU until the effect ends, when that is known (tu, until, a next opportunity in combat)."""
    end = _end_time(enc, e)
    return None if end is None else max(0, end - enc.time)


def _ticks(enc: Encounter, c: Combatant, e: Effect, start: int, end: int, limit: int) -> list[int]:
    """When `e` ticks strictly after `start`, up to `end` (and its own end): `limit` at most."""
    tick = e.tick
    if tick is None or c.dead:
        return []
    last = _end_time(enc, e)  # a tick at its end lands: ticks come first at a time (A14)
    stop = end if last is None else min(end, last)
    first = e.next_tick(start)
    if first is None or first > stop:
        return []
    return list(range(first, stop + 1, tick.every)[:limit])  # (a range slices lazily)


def ticks_between(enc: Encounter, start: int, end: int, limit: int = 400) -> list[Ahead]:
    """Every tick of every effect strictly after `start` up to `end`, by time then effect id:
    the ruler draws each one in its window, not only the next (issue 15). At most `limit`
    per effect (a tick every TU over a long window stays cheap to draw)."""
    found: list[Ahead] = []
    for c in enc.combatants.values():
        for e in c.effects:
            if e.tick is None:
                continue
            text = f"{c.name}: {e.name} deals {e.tick.wp} WP"
            found += [
                Ahead(t, "tick", c.id, e.id, text) for t in _ticks(enc, c, e, start, end, limit)
            ]
    found.sort(key=lambda a: (a.time or 0, a.id))
    return found


def effects_ahead(enc: Encounter) -> list[Ahead]:
    """Every effect end, next tick and reminder ahead, soonest first (unknown times last)."""
    found: list[Ahead] = []
    now = enc.time
    for c in enc.combatants.values():
        for e in c.effects:
            if e.tick is not None:
                ticks = _ticks(enc, c, e, now, now + e.tick.every, 1)
                if ticks:
                    text = f"{c.name}: {e.name} deals {e.tick.wp} WP"
                    found.append(Ahead(ticks[0], "tick", c.id, e.id, text))
            if e.duration.kind in ("tu", "until", "next"):
                end = _end_time(enc, e)
                found.append(Ahead(end, "end", c.id, e.id, f"{c.name}: {e.name} ends"))
    for r in enc.reminders:
        at = r.at if r.at is not None else _opportunity_time(enc, r.whose)
        found.append(Ahead(at, "reminder", r.whose, r.id, f"Reminder: {r.text}"))
    found.sort(key=lambda a: (a.time is None, a.time or 0, a.id))
    return found


def active_effects(enc: Encounter, c: Combatant) -> list[Active]:
    """The GM's effects on `c` (with TU left), then the rules' own conditions (read-only)."""
    found = [Active(e.name, e.text(), time_left(enc, e), e.id) for e in c.effects]
    if c.exhaustion:
        found.append(Active("Exhausted", f"−{c.exhaustion} to every stat (A5)", None, None))
    if c.bleed_rate and c.bleed_anchor is not None and not c.dead:
        tick = next_bleed_tick(c.bleed_anchor, enc.time)
        text = f"BLR {c.bleed_rate}, next tick in {tick - enc.time} TU (A14)"
        found.append(Active("Bleeding", text, None, None))
    for location, state in c.limbs.items():
        what = "cannot be used" if state == "severed" else "−4 and +1 WP to rolls using it"
        found.append(Active(f"{state.capitalize()} {location}", f"{what} (A15)", None, None))
    if c.broken_ribs:
        found.append(Active("Broken ribs", "Endurance −1 (A15)", None, None))
    if c.vital_organ:
        found.append(Active("Vital organ struck", "a vital organ is struck (A15)", None, None))
    return found

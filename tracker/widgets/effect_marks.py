"""The GM's effects and reminders as the track, the roster and the detail pane show them.

Every time here is the rules' (`rules.engine.questions.effects_ahead`: when an effect
ends or ticks, when a reminder fires, how long an effect has left); this
module only words and groups them. No effects and no reminders: nothing
is added anywhere, so an encounter without them looks as it always did.
"""

from __future__ import annotations

from rules.engine.questions import (
    Active,
    Ahead,
    active_effects,
    effects_ahead,
    ticks_between,
)
from rules.model.state import Combatant, Encounter
from tracker.widgets.track_layout import Kind, Mark

LABEL_MAX = 10  # a ruler label's name: "Stunned", "reinforcem…"
KINDS: dict[str, Kind] = {"end": "ends", "tick": "tick", "reminder": "remind"}


def _any(enc: Encounter) -> bool:
    return bool(enc.reminders) or any(c.effects for c in enc.combatants.values())


def _name(enc: Encounter, item: Ahead) -> str:
    """The effect's name or the reminder's line that `item` (the rules' entry) is about."""
    if item.kind == "reminder":
        found = (r.text for r in enc.reminders if r.id == item.id)
    else:
        bearer = enc.combatants.get(item.combatant or "")
        found = (e.name for e in (bearer.effects if bearer else ()) if e.id == item.id)
    return next(found, item.text)


def _label(enc: Encounter, item: Ahead) -> str:
    name = _name(enc, item)
    return name if len(name) <= LABEL_MAX else name[: LABEL_MAX - 1] + "…"


def timed_marks(enc: Encounter, names: dict[str, str], limit: int = 400) -> list[Mark]:
    """The ruler's ✕ (an effect ends), ✶ (it ticks) and ⚑ (a reminder) marks, by time."""
    if not _any(enc):
        return []
    return [
        Mark(item.time, KINDS[item.kind], [_label(enc, item)])
        for item in effects_ahead(enc)[:limit]
        if item.time is not None
    ]


def zero_marks(enc: Encounter, names: dict[str, str], horizon: int = 400) -> list[Mark]:
    """The ruler's ☠: the tick at which each untreated bleeder reaches Endurance 0 (R31:
    from there each tick calls a demise check), from the rules' death forecast."""
    from rules.engine.questions import forecasts

    return [
        Mark(f.zero_at, "zero", [names.get(f.combatant, f.name)])
        for f in forecasts(enc, horizon)
        if f.zero_at is not None
    ]


def repeat_ticks(enc: Encounter, start: int, end: int) -> list[int]:
    """The times each effect ticks after its first (which `timed_marks` labels), up to `end`:
    the rules' ticks in the ruler's window, for `track_layout.add_repeats`."""
    if not _any(enc):
        return []
    seen: set[int] = set()
    later: list[int] = []
    for item in ticks_between(enc, start, end):
        if item.id in seen:
            later.append(item.time or 0)
        seen.add(item.id)
    return later


def sentence(enc: Encounter, item: Ahead) -> str:
    """`Stunned on Kans ends at 12`, `Kans burns (On fire) at 8`, `reminder at 15: …`."""
    who = enc.combatants[item.combatant].name if item.combatant in enc.combatants else ""
    when = "now" if item.time == enc.time else f"at {item.time}"
    name = _name(enc, item)
    if item.kind == "end":
        return f"{name} on {who} ends {when}"
    if item.kind == "tick":
        return f"{name} wounds {who} {when}"
    return f"reminder {when}: {name}"


def next_timed(enc: Encounter) -> tuple[str, str] | None:
    """(kind, sentence) of the first effect end, tick or reminder ahead; None: nothing."""
    if not _any(enc):
        return None
    first = next((item for item in effects_ahead(enc) if item.time is not None), None)
    return None if first is None else (KINDS[first.kind], sentence(enc, first))


def gm_effects(c: Combatant, enc: Encounter) -> list[Active]:
    """The GM's own effects on `c` (not those the rules derive), each with its time left."""
    if not c.effects:
        return []
    return [a for a in active_effects(enc, c) if a.effect_id is not None]


def left_text(active: Active) -> str:
    """`8 TU left`, or how it ends when it has no fixed time (the rules' own words)."""
    return f"{active.left} TU left" if active.left is not None else active.text


def effect_line(active: Active) -> str:
    """The detail pane's and ctrl+e's line: `Stunned (−2 to every roll) for 10 TU · 8 TU left`."""
    return active.text if active.left is None else f"{active.text} · {active.left} TU left"


def reminder_lines(enc: Encounter) -> list[tuple[int, str]]:
    """(reminder id, `at 40: the shuttle lands`) for each reminder still ahead, soonest
    first, when the rules know the time (else at whose next opportunity)."""
    when = {a.id: a.time for a in effects_ahead(enc) if a.kind == "reminder"}
    out = []
    for r in sorted(enc.reminders, key=lambda r: (when.get(r.id) is None, when.get(r.id) or 0)):
        at = when.get(r.id)
        who = enc.combatants[r.whose].name if r.whose in enc.combatants else ""
        moment = f"at {at}" if at is not None else f"at {who}'s next opportunity"
        out.append((r.id, f"{moment}: {r.text}"))
    return out

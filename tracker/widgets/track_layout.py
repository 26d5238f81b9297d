"""Where the time track puts its marks: a ruler from now forward (A7, A14), as plain data.

Kept apart from the widget so the placement rules can be tested as text:
ties at one time are grouped into one label (R5), bleeding ticks get their
own mark (A14), the actor's preview landing spot is drawn too, and labels
that would overlap go to the next lane (or are counted as "+n more").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.state import Encounter
from rules.timetrack import upcoming

Kind = Literal["now", "act", "bleed", "preview"]
LEFT = 1  # columns before the "now" tick


@dataclass
class Mark:
    time: int
    kind: Kind
    names: list[str]

    def label(self) -> str:
        prefix = {"now": "▶", "act": "", "bleed": "♦", "preview": "◇"}[self.kind]
        joined = ",".join(self.names)
        return prefix + joined


@dataclass
class Placed:
    column: int
    lane: int
    text: str
    kind: Kind


@dataclass
class TrackLayout:
    now: int
    scale: int  # columns per TU
    ticks: list[tuple[int, int]]  # (column, time) of each numbered tick
    marks: list[tuple[int, Kind]]  # (column, kind) on the ruler
    placed: list[Placed] = field(default_factory=list)
    hidden: int = 0  # marks that did not fit (beyond the ruler or in no free lane)
    last_time: int = 0


def short_names(enc: Encounter) -> dict[str, str]:
    """Short unique labels: first word (up to 8) unless two would clash, then more."""
    out: dict[str, str] = {}
    seen: dict[str, int] = {}
    for c in enc.combatants.values():
        words = c.name.split()
        short = words[0][:8] if words else c.id
        if words and words[-1].isdigit() and len(words) > 1:
            short = f"{words[0][:6]} {words[-1]}"
        out[c.id] = short
        seen[short] = seen.get(short, 0) + 1
    for cid, short in out.items():
        if seen[short] > 1:
            out[cid] = enc.combatants[cid].name[:12]
    return out


def collect_marks(
    enc: Encounter, names: dict[str, str], preview: tuple[str, int] | None, limit: int = 400
) -> list[Mark]:
    """Group the upcoming events by time and kind; the due list is the `now` mark."""
    marks: dict[tuple[int, Kind], Mark] = {}
    for time, what, cid in upcoming(enc, limit):
        kind: Kind = "bleed" if what == "bleed" else ("now" if cid in enc.due else "act")
        key = (time, kind)
        if key not in marks:
            marks[key] = Mark(time, kind, [])
        marks[key].names.append(names.get(cid, cid))
    if enc.due:
        # R5: those acting now, in the GM's order.
        marks[(enc.time, "now")] = Mark(enc.time, "now", [names[c] for c in enc.due])
    if preview is not None and preview[0] in names:
        marks[(preview[1], "preview")] = Mark(preview[1], "preview", [names[preview[0]]])
    order = {"now": 0, "bleed": 1, "act": 2, "preview": 3}
    return sorted(marks.values(), key=lambda m: (m.time, order[m.kind]))


def place(marks: list[Mark], now: int, width: int, lanes: int) -> TrackLayout:
    """Scale the ruler to show the next events and put each label in the first free lane."""
    usable = max(10, width - LEFT - 1)
    ahead = [m.time - now for m in marks if m.time >= now]
    span = max(ahead[: max(1, min(len(ahead), 12))], default=10)
    span = max(span, 10)
    scale = max(1, min(6, usable // (span + 1)))
    visible_tus = usable // scale
    ticks: list[tuple[int, int]] = []
    step = 1 if scale >= 5 else 2 if scale >= 3 else 5 if scale >= 2 else 10
    first = now - now % step
    for time in range(first, now + visible_tus + 1, step):
        if time >= now:
            ticks.append((LEFT + (time - now) * scale, time))
    layout = TrackLayout(now=now, scale=scale, ticks=ticks, marks=[])
    layout.last_time = now + visible_tus
    taken: list[list[tuple[int, int]]] = [[] for _ in range(lanes)]
    for mark in marks:
        column = LEFT + (mark.time - now) * scale
        if mark.time < now or column >= width - 1:
            layout.hidden += len(mark.names)
            continue
        layout.marks.append((column, mark.kind))
        text = mark.label()
        room = width - column
        if len(text) > room:
            text = text[: max(1, room - 1)] + "…"
        for lane in range(lanes):
            end = column + len(text)
            if all(end + 1 <= a or column >= b + 1 for a, b in taken[lane]):
                taken[lane].append((column, end))
                layout.placed.append(Placed(column, lane, text, mark.kind))
                break
        else:
            layout.hidden += len(mark.names)
    return layout

"""Where the time track puts its marks: a ruler from now forward (A7, A14), as plain data.

Kept apart from the widget so the placement rules can be tested as text:
ties at one time are grouped into one label (R5), bleeding ticks get their
own mark (A14), so do the GM's effects ending or ticking and the reminders
(issue 15: their times come from the rules, `tracker.widgets.effect_marks`),
the actor's preview landing spot is drawn too, and labels
that would overlap go to the next lane, or are cut to the names that fit
and "+n". Names no label spells out stay `unlabelled` with their own time
(the headline lists them); only marks past the ruler's end are `later`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.engine.questions import upcoming
from rules.model.state import Encounter

Kind = Literal["now", "act", "bleed", "zero", "preview", "ends", "tick", "remind"]
LEFT = 1  # columns before the "now" tick
# A label's first character tells the kinds apart without colour: ♦ bleeds (A14),
# ☠ the tick that brings a bleeder to Endurance 0 (R31: a demise check at each tick from
# there), ✕ an effect ends, ✶ an effect ticks (a wound), ⚑ a reminder fires.
PREFIX: dict[str, str] = {
    "now": "▶",
    "act": "",
    "bleed": "♦",
    "zero": "☠",
    "preview": "◇",
    "ends": "✕",
    "tick": "✶",
    "remind": "⚑",
}
# Before opportunities at the same time, as the engine resolves them (A7, A14).
KIND_ORDER: dict[str, int] = {
    "now": 0,
    "bleed": 1,
    "zero": 2,
    "tick": 3,
    "ends": 4,
    "remind": 5,
    "act": 6,
    "preview": 7,
}


@dataclass
class Mark:
    time: int
    kind: Kind
    names: list[str]

    def label(self) -> str:
        prefix = PREFIX[self.kind]
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
    later: int = 0  # names beyond the ruler's right end: truly later than `last_time`
    # Names on the ruler (or, oddly, before now) that no label spells out in full, by time:
    # the mark is drawn and its label counts them ("+2"), the headline names them.
    unlabelled: list[tuple[int, Kind, list[str]]] = field(default_factory=list)
    last_time: int = 0
    # Columns of an effect's later ticks (its first is a labelled mark): glyphs only, drawn
    # quietly under every other mark, never labelled nor listed, so a tick every TU marks
    # the ruler line without drowning the labels or the headline (`add_repeats`).
    repeats: list[int] = field(default_factory=list)

    def unlabelled_by_time(self) -> list[tuple[int, list[str]]]:
        """The unlabelled names by time, a bleeding tick's as `♦Baron` (A14), an effect's
        end as `✕Stunned`, so a time's marks read as one list."""
        grouped: dict[int, list[str]] = {}
        for time, kind, names in self.unlabelled:
            shown = [PREFIX[kind] + n for n in names]
            grouped.setdefault(time, []).extend(shown)
        return sorted(grouped.items())


def short_names(enc: Encounter) -> dict[str, str]:
    """Short unique labels: first word (up to 8) unless two would clash, then more."""
    out: dict[str, str] = {}
    seen: dict[str, int] = {}
    for c in enc.combatants.values():
        words = c.name.split()
        short = words[0][:8] if words else c.id
        if words and words[-1].isdigit() and len(words) > 1:
            short = f"{words[0][:8]} {words[-1]}"  # as long as a plain first word: "Decados 2"
        out[c.id] = short
        seen[short] = seen.get(short, 0) + 1
    for cid, short in out.items():
        if seen[short] > 1:
            out[cid] = enc.combatants[cid].name[:12]
    return out


def collect_marks(
    enc: Encounter,
    names: dict[str, str],
    preview: tuple[str, int] | None,
    limit: int = 400,
    timed: list[Mark] | None = None,
) -> list[Mark]:
    """Group the upcoming events by time and kind; the due list is the `now` mark.
    `timed`: the effects' and reminders' marks (`effect_marks.timed_marks`)."""
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
    for mark in timed or ():
        marks.setdefault((mark.time, mark.kind), Mark(mark.time, mark.kind, [])).names.extend(
            mark.names
        )
    return sorted(marks.values(), key=lambda m: (m.time, KIND_ORDER[m.kind]))


def place(marks: list[Mark], now: int, width: int, lanes: int) -> TrackLayout:
    """Scale the ruler to show the next events and put each label in the first free lane.

    A label that would cover the next mark in every lane is cut short (its
    names that fit, then "+n"), so the next one gets a label too; a label with
    no room at all leaves its mark bare. Either way the names not spelled out
    are kept in `unlabelled` with their time, never counted as later (R5 ties
    are at the same time, not after the ruler).
    """
    usable = max(10, width - LEFT - 1)
    # A ☠ never stretches the ruler: it is drawn where the events put the scale (the detail
    # pane says it in words wherever it falls).
    ahead = [m.time - now for m in marks if m.time >= now and m.kind != "zero"]
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
    on_ruler: list[tuple[int, Mark]] = []
    for mark in marks:
        column = LEFT + (mark.time - now) * scale
        if mark.kind in ("preview", "zero") and (mark.time < now or column >= width - 1):
            continue  # a landing or a ☠ off the ruler is no one's opportunity: not counted
        if mark.time < now:
            layout.unlabelled.append((mark.time, mark.kind, list(mark.names)))
        elif column >= width - 1:
            layout.later += len(mark.names)
        else:
            on_ruler.append((column, mark))
    taken: list[list[tuple[int, int]]] = [[] for _ in range(lanes)]
    for index, (column, mark) in enumerate(on_ruler):
        layout.marks.append((column, mark.kind))
        after = next((c for c, _m in on_ruler[index + 1 :] if c > column), None)
        lane, text, shown = _label(mark, column, after, taken, width)
        if lane is not None:
            taken[lane].append((column, column + len(text)))
            layout.placed.append(Placed(column, lane, text, mark.kind))
        if shown < len(mark.names) and mark.kind != "preview":
            layout.unlabelled.append((mark.time, mark.kind, mark.names[shown:]))
    return layout


def add_repeats(layout: TrackLayout, times: list[int], width: int) -> None:
    """Put the effects' later ticks (`effect_marks.repeat_ticks`) on the ruler: each time
    after now up to the ruler's last one that has a column before its right end."""
    now, scale = layout.now, layout.scale
    columns = {LEFT + (t - now) * scale for t in times if now < t <= layout.last_time}
    layout.repeats = sorted(c for c in columns if c < width - 1)


def _room(taken: list[tuple[int, int]], column: int, width: int) -> int:
    """How many cells a label starting at `column` may use in a lane (a space between labels)."""
    room = width - column
    for start, end in taken:
        if start <= column < end + 1:
            return 0
        if start > column:
            room = min(room, start - 1 - column)
    return max(0, room)


def _label(
    mark: Mark, column: int, after: int | None, taken: list[list[tuple[int, int]]], width: int
) -> tuple[int | None, str, int]:
    """(lane, text, how many names it spells out) for one mark; lane None: no room at all."""
    rooms = [_room(lane, column, width) for lane in taken]
    full = mark.label()
    fitting = [lane for lane, room in enumerate(rooms) if room >= len(full)]
    for lane in fitting:
        if after is None or not _blocks(taken, lane, (column, column + len(full)), after, width):
            return lane, full, len(mark.names)
    if fitting and after is not None:  # the whole label would leave the next mark no lane
        lane = fitting[0]
        short = _fit(mark, min(rooms[lane], after - 1 - column))  # cut it short
        if short is not None:
            return lane, *short
        return lane, full, len(mark.names)
    widest = max(range(len(rooms)), key=lambda i: rooms[i], default=None)
    short = None if widest is None else _fit(mark, rooms[widest])
    if widest is None or short is None:
        return None, "", 0
    return widest, *short


def _blocks(
    taken: list[list[tuple[int, int]]], lane: int, span: tuple[int, int], at: int, width: int
) -> bool:
    """Would this label leave the mark at column `at` less than 2 cells ("+1") in every lane?"""
    return all(
        _room([*segments, span] if i == lane else segments, at, width) < 2
        for i, segments in enumerate(taken)
    )


def _fit(mark: Mark, room: int) -> tuple[str, int] | None:
    """The most of a label that fits `room`: leading names then "+n" for the rest, else
    the first name cut short ("Deca…+1"), else just "+n"; None when not even that fits."""
    prefix = mark.label()[: len(mark.label()) - len(",".join(mark.names))]
    names, count = mark.names, len(mark.names)
    for k in range(count - 1, 0, -1):
        text = f"{prefix}{','.join(names[:k])}+{count - k}"
        if len(text) <= room:
            return text, k
    rest = f"+{count - 1}" if count > 1 else ""
    keep = room - len(prefix) - len(rest) - 1
    word, _, number = names[0].rpartition(" ") if names else ("", "", "")
    if word and number.isdigit() and keep - len(number) >= 2:  # "Dec…2", not "Deca…": the
        return f"{prefix}{word[: keep - len(number)]}…{number}{rest}", 0  # number tells them apart
    if names and keep >= 3:
        return f"{prefix}{names[0][:keep]}…{rest}", 0
    if len(prefix) + len(f"+{count}") <= room:
        return f"{prefix}+{count}", 0
    return None

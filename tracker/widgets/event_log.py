"""The log: every event in words, with its faces and arithmetic, newest at the bottom.

Each event is wrapped once into painted lines and kept; after a command only
the new events are wrapped (after an undo the cache is cut back to the last
event still in the log). It sits on `LinePane`, so growing by a line never
reflows the screen; `[` `]` (a page) and `{` `}` (the ends) or the mouse wheel
read back — a terminal without a mouse must reach the start too — `x` exports it all.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.strip import Strip

from rules.engine.questions import LogTone, log_tone
from rules.model.event import Event
from rules.model.state import Encounter
from tracker.widgets.line_pane import TonedPane
from tracker.widgets.tones import PLAIN, Tones


class Mark(NamedTuple):
    """How a kind of line looks: its glyph in the gutter, the glyph's tone, the text's."""

    glyph: str
    glyph_tone: str
    tone: str
    style: Style
    words: str  # in the legend (help, the log's tooltip)


# What kind of line it is (the rules' `log_tone`) -> its look (tones.py): the glyph says
# the kind without colour, the tone at a glance. Before (issue 27), hits, damage, wounds
# and the parry question were all one orange.
LOG_MARKS: dict[LogTone, Mark] = {
    "turn": Mark("▶", "primary", "primary", Style(), "a turn"),
    "attack": Mark("»", "accent", "plain", Style(), "an attack"),
    "harm": Mark("✖", "error", "error", Style(), "harm"),
    "care": Mark("✚", "success", "success", Style(), "care"),
    "roll": Mark("◇", "muted", "plain", Style(), "a roll"),
    "decision": Mark("?", "accent", "accent", Style(bold=True), "a decision"),
    "gm": Mark("✎", "secondary", "plain", Style(italic=True), "the GM's own"),
    "note": Mark("·", "muted", "plain", Style(italic=True), "a note"),
}
BOLD_KINDS = frozenset({"combat", "death"})  # the fight's start and end, a death
MARK_LEGEND = "Log: " + "  ".join(f"{m.glyph} {m.words}" for m in LOG_MARKS.values())
STAMP_WIDTH = 7
GUTTER = "     │ "  # under the stamp, the lines a long event wraps onto
WRAPPED_AHEAD = 500  # lines wrapped beyond the view; older ones as the GM reads back
MANY_NEW = 100  # more new events than this at once: the end wrapped first, as on a resize


def stamp_text(event: Event, palette: Tones = PLAIN) -> Text:
    """`   6 ▶ `: the track time of the event (blank out of combat), quiet, and its
    kind's glyph in the kind's tone."""
    mark = LOG_MARKS[log_tone(event.kind)]
    time = f"{event.time:>4} " if event.time is not None else "     "
    return Text.assemble((time, palette["muted"]), (mark.glyph, palette[mark.glyph_tone]), " ")


def stamp(event: Event) -> str:
    return stamp_text(event).plain


def event_text(event: Event, palette: Tones = PLAIN) -> Text:
    """The engine's sentence, styled by the kind of line in the theme's colours."""
    mark = LOG_MARKS[log_tone(event.kind)]
    style = mark.style + Style(bold=True) if event.kind in BOLD_KINDS else mark.style
    return Text(event.text, palette[mark.tone] + style)


def _same(a: Event, b: Event) -> bool:
    return a is b or a == b


def _common_prefix(cached: list[Event], log: list[Event]) -> int:
    """How many leading events are the same (the journal appends and pops). Equal, not
    only identical: a passage of time (P) comes back as a copy of the whole encounter,
    and a save's first look is read again when it loads; both rewrapped every event
    (5,000 events: 1.3 s a P of 1 TU; opening wrapped the log three times)."""
    n = min(len(cached), len(log))
    if n and _same(cached[n - 1], log[n - 1]):
        return n  # the usual case: only appended
    keep = 0
    while keep < n and _same(cached[keep], log[keep]):
        keep += 1
    return keep


class EventLog(TonedPane):
    """The encounter's log, wrapped to the pane's width."""

    SCROLL_HINT = "[ ] page, { } ends, wheel"  # the main screen's keys

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(anchor="bottom", id=id)
        self._events: list[Event] = []  # the log as shown, every event
        self._first = 0  # the events before it are not wrapped yet: reading back wraps them
        self._counts: list[int] = []  # each wrapped event's lines, from `_first` on
        self._width = 0
        self._log: list[Event] | None = None
        self._wrap_console = Console(width=80, color_system="truecolor", legacy_windows=False)

    def show(self, enc: Encounter) -> None:
        """Wrap only what is new since the last call; cut back what an undo removed.
        Nothing is wrapped before the pane has its width (its first resize does it)."""
        self._log = enc.log
        if self._width:
            self._catch_up(enc.log)

    def _catch_up(self, log: list[Event]) -> None:
        keep = _common_prefix(self._events, log)
        if keep == len(self._events) == len(log):
            return
        if keep < len(self._events):
            if keep >= self._first:
                del self.lines[sum(self._counts[: keep - self._first]) :]
                del self._counts[keep - self._first :]
            else:  # an undo back into lines not wrapped yet
                self.lines, self._counts, self._first = [], [], keep
            del self._events[keep:]
        new = log[keep:]
        self._events.extend(new)
        if len(new) > MANY_NEW:  # a save opened, a long passage: wrapped from the end
            self.lines, self._counts, self._first = [], [], len(self._events)
            self.offset_lines = 0
        else:
            before = len(self.lines)
            for event in new:
                strips = self._wrap(event)
                self._counts.append(len(strips))
                self.lines.extend(strips)
            if self.offset_lines:  # the GM is reading back: keep the same lines in view
                self.offset_lines += len(self.lines) - before
        self._fill()
        self.set_lines(self.lines)

    def _fill(self, needed: int = 0, *, everything: bool = False) -> None:
        """Wrap older events until the view, `needed` lines and a margin are wrapped.

        Only the newest lines are wrapped at first: a resize or a theme change rewrapped
        a 5,000-event log whole (1.2 s; 10 s for 26,000), though a GM reads its end.
        """
        target = max(needed, self.offset_lines + self.size.height) + WRAPPED_AHEAD
        older: list[list[Strip]] = []
        index = self._first
        wrapped = len(self.lines)
        while index > 0 and (everything or wrapped < target):
            index -= 1
            older.append(self._wrap(self._events[index]))
            wrapped += len(older[-1])
        if older:
            older.reverse()
            self._first = index
            self.lines[:0] = [strip for strips in older for strip in strips]
            self._counts[:0] = [len(strips) for strips in older]

    def scroll_lines(self, delta: int) -> None:
        if delta > 0:  # reading back: what comes into view is wrapped first
            self._fill(self.offset_lines + delta + self.size.height)
        super().scroll_lines(delta)

    def scroll_to_edge(self, far: bool) -> None:
        if far:  # the log's first line: all of it wrapped
            self._fill(everything=True)
        super().scroll_to_edge(far)

    def _wrap(self, event: Event) -> list[Strip]:
        width = max(STAMP_WIDTH + 10, self._width)
        text = event_text(event, self.palette)
        lines = text.wrap(self._wrap_console, width - STAMP_WIDTH, overflow="fold")
        strips = []
        for number, line in enumerate(lines):
            # assemble, not `stamp + line`: `+` keeps the stamp's style as the
            # whole line's base style, which faded every event (faint in a light theme).
            head = (
                stamp_text(event, self.palette)
                if number == 0
                else Text(GUTTER, self.palette["muted"])
            )
            line = Text.assemble(head, line)
            strips.append(Strip(line.render(self._wrap_console), line.cell_len))
        return strips

    def on_resize(self, event: Resize) -> None:
        width = self.size.width
        if width != self._width and width > 0:
            self._width = width
            self._rewrap()
            if self._log is not None:
                self._catch_up(self._log)

    def retoned(self) -> None:
        """Paint every line again in the new theme's tones."""
        if self._events:
            self._rewrap()

    def _rewrap(self) -> None:
        """Every line again (a new width or new tones): the newest first, as `_fill` does."""
        self.lines, self._counts, self._first = [], [], len(self._events)
        self._fill()
        self.set_lines(self.lines)

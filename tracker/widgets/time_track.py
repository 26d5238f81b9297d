"""The time track: a ruler of TU from now forward with everyone's next opportunity (A7).

Who acts now is the loudest thing on screen (▶, reversed). Ties at one time
are grouped (R5); bleeding ticks are marked ♦ (A14), the one that brings a bleeder to
Endurance 0 ☠ (R31, the rules' death forecast); the GM's effects end at ✕,
tick at ✶ (every tick in view; the later ones quietly) and reminders fire at ⚑ (their
times are the rules': effect_marks). While an action is
being chosen, the screen sets `preview = (combatant id, TTU)` and the actor's
landing spot is drawn ◇ so the GM sees the cost before committing (R6, R7).
A label crowded off its lane is counted where it stands ("+2") and its names
are listed in the headline by time ("also at 3: Kans, Guard"): "later than"
is kept for marks past the ruler's end.
"""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from rules.engine.questions import tied
from rules.model.state import Encounter
from tracker.host.key_words import words_for
from tracker.widgets.effect_marks import next_timed, repeat_ticks, timed_marks, zero_marks
from tracker.widgets.tones import PLAIN, Tones, tones
from tracker.widgets.track_layout import (
    PREFIX,
    TrackLayout,
    add_repeats,
    collect_marks,
    place,
    short_names,
)


def kind_styles(palette: Tones) -> dict[str, Style]:
    return {kind: palette[tone] + extra for kind, (tone, extra) in KIND_TONES.items()}


# Each kind of mark -> (tone from the theme, extra style); the glyphs (▶ ▼ ▲ ♦ ◇) tell
# them apart without colour.
KIND_TONES: dict[str, tuple[str, Style]] = {
    "now": ("now", Style(bold=True)),
    "ruler": ("muted", Style()),  # the numbers, the rule, the headline's hints: quiet, legible
    "act": ("primary", Style()),
    "bleed": ("error", Style(bold=True)),
    "zero": ("error", Style(bold=True, underline=True)),
    "preview": ("accent", Style(italic=True)),
    "ends": ("warning", Style(bold=True)),
    "tick": ("error", Style(bold=True)),
    "remind": ("accent", Style(bold=True)),
}
GLYPHS = {**PREFIX, "now": "▼", "act": "▲"}  # on the ruler line: ▼ now, ▲ acts
HEADLINE_LINES = 3  # headline, numbers, ruler; the rest are label lanes


class TimeTrack(Widget):
    """A few lines at the top of the main screen; redrawn from the encounter."""

    DEFAULT_CSS = """
    TimeTrack { height: 6; padding: 0 1; }
    """
    preview: reactive[tuple[str, int] | None] = reactive(None)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._enc: Encounter | None = None
        self._strips: list[Strip] | None = None
        self._strips_size: tuple[int, int] = (0, 0)  # painted for this size; a resize repaints
        self._text_console = Console(width=200, color_system="truecolor", legacy_windows=False)
        self.styles_by_kind = kind_styles(PLAIN)  # the theme's, once mounted

    def notify_style_update(self) -> None:
        """Styles were applied again: once Textual has updated the component classes
        too (after this call), repaint if the theme's tones changed."""
        super().notify_style_update()
        if self.is_mounted:
            self.call_later(self._retone)

    def _retone(self) -> None:
        styles = kind_styles(tones(self))
        if styles != self.styles_by_kind:
            self.styles_by_kind = styles
            self._strips = None
            self.refresh()

    def on_mount(self) -> None:
        self.styles_by_kind = kind_styles(tones(self))

    def show(self, enc: Encounter) -> None:
        self._enc = enc
        self.set_class(not enc.in_combat, "-calm")  # out of combat: just the headline
        self._strips = None
        self.refresh()

    def watch_preview(self) -> None:
        self._strips = None
        self.refresh()

    def headline(
        self, enc: Encounter, layout: TrackLayout | None = None, width: int | None = None
    ) -> Text:
        """One sentence: who acts now, or what comes next, or how combat ended; then who
        the ruler's labels could not name (by time) and how many are beyond it. When that
        is wider than the track, the key hints go and everyone is named by short names;
        what still does not fit ends in `…` (at 80×24 the line stays readable, never cut
        mid-word by the edge)."""
        full = self._headline(enc, layout, compact=False)
        if width is None or full.cell_len <= width or not enc.in_combat:
            return full
        compact = self._headline(enc, layout, compact=True)
        if compact.cell_len <= width:
            return compact
        cut = compact[: width - 1]
        space = cut.plain.rfind(" ")
        return Text.assemble(cut[:space] if space > width // 2 else cut, "…")

    def _headline(self, enc: Encounter, layout: TrackLayout | None, compact: bool) -> Text:
        text = Text()
        if not enc.in_combat:
            begin = words_for(self).get("begin-combat", "b")
            if enc.outcome:
                text.append(f"Combat over: {enc.outcome}", Style(bold=True))
                # the clock, not when it ended: passing time moves it on (P)
                text.append(
                    f" · track {enc.time} · {begin} begins another fight",
                    self.styles_by_kind["ruler"],
                )
            else:
                text.append("Not in combat", Style(bold=True))
                text.append(f" · {begin} begins combat (A7)", self.styles_by_kind["ruler"])
            self._timed_next(text, enc)
            return text
        short = short_names(enc)
        if not enc.pending:
            self._turn_left(text, enc, short if compact else None)
        now = tied(enc)
        names = {cid: enc.combatants[cid].name for cid in now}
        them = {cid: short.get(cid, names[cid]) if compact else names[cid] for cid in now}
        named: set[tuple[int, str]] = set()  # (time, short name) the sentence names
        if enc.due or (now and not enc.pending):
            named = {(enc.time, short[c]) for c in now if c in short}
        if enc.due:
            first, *rest = now
            text.append(f" NOW {enc.time} ▶ {them[first]} acts ", self.styles_by_kind["now"])
            if rest:
                text.append(" then " + ", ".join(them[c] for c in rest) + " (R5 tie)")
        elif now and not enc.pending:
            # Due at this very time, not yet opened (the start, or the rest of an R5 tie):
            # a takes the first (or the selected), n opens the next.
            many = len(now) > 1
            text.append(f"Track {enc.time}", Style(bold=True))
            who = ", ".join(them[c] for c in now)
            text.append(f" · {who} {'act now (R5 tie)' if many else 'acts now'}")
            if not compact:
                words = words_for(self)
                act, advance = words.get("act", "a"), words.get("advance", "n")
                opens = "the next" if many else "it"
                text.append(
                    f" · {act} acts · {advance} opens {opens}", self.styles_by_kind["ruler"]
                )
        else:
            text.append(f"Track {enc.time}", Style(bold=True))
            nxt = next((m for m in collect_marks(enc, short, None, 20)), None)
            if nxt is not None:
                many = len(nxt.names) > 1
                kind = (
                    ("bleed" if many else "bleeds")
                    if nxt.kind == "bleed"
                    else ("act" if many else "acts")
                )
                when = "now" if nxt.time == enc.time else f"at {nxt.time}"
                text.append(f" · next: {', '.join(nxt.names)} {kind} {when}")
                mark = "♦" if nxt.kind == "bleed" else ""
                named |= {(nxt.time, mark + name) for name in nxt.names}
            else:
                text.append(" · no one is left on the track")
        self._timed_next(text, enc)
        if enc.pending:
            bad = self.styles_by_kind["bleed"]
            text.append(f"  ⚠ {len(enc.pending)} decision(s) pending", bad)
        if layout is not None:
            text.append(self._unlabelled(layout, named), Style(bold=True))
            if layout.later:
                text.append(
                    f"  (+{layout.later} later than {layout.last_time})",
                    self.styles_by_kind["ruler"],
                )
        return text

    def _timed_next(self, text: Text, enc: Encounter) -> None:
        """What ends or fires next (the rules' answer): `  ✕ Stunned on Kans ends at 12`."""
        words = next_timed(enc)
        if words is not None:
            kind, sentence = words
            text.append(f"  {PREFIX[kind]} {sentence}", self.styles_by_kind[kind])

    @staticmethod
    def _unlabelled(layout: TrackLayout, named: set[tuple[int, str]]) -> str:
        """`  also at 3: Kans, Guard · 4: Baron`: names on the ruler no label spells out
        (crowded out, or cut to "+n"), so the GM can always tell who is where; those the
        sentence before it already names (a tie now, the next to act) are not repeated."""
        parts = []
        for time, names in layout.unlabelled_by_time():
            left = [n for n in names if (time, n) not in named]
            if left:
                parts.append(f"{time}: {', '.join(left)}")
        return "  also at " + " · ".join(parts) if parts else ""

    def _turn_left(self, text: Text, enc: Encounter, short: dict[str, str] | None) -> None:
        """A8: a declared roll not yet made stays in sight, so `n` never skips it unseen.
        Compact (`short` names given): the short name, and no key hint."""
        from rules.engine.questions import next_action, next_place

        step, where = next_action(enc), next_place(enc)
        if step is None or where is None:
            return
        actor, action = step
        of = f" ({where[0]} of {where[1]})" if where[1] > 1 else ""
        name = actor.name if short is None else short.get(actor.id, actor.name)
        text.append(f" {name}: {action.name} to roll{of} ", self.styles_by_kind["now"])
        text.append(" a rolls it · " if short is None else " · ", self.styles_by_kind["ruler"])

    def lines(self) -> list[Text]:
        """The widget's text, line by line (tests read it as plain text)."""
        enc = self._enc
        if enc is None:
            return []
        width = max(20, self.size.width)
        lanes = max(1, self.size.height - HEADLINE_LINES)
        if not enc.in_combat:
            return [self.headline(enc)]
        short = short_names(enc)
        timed = timed_marks(enc, short) + zero_marks(enc, short)
        marks = collect_marks(enc, short, self.preview, timed=timed)
        layout = place(marks, enc.time, width, lanes)
        add_repeats(layout, repeat_ticks(enc, enc.time, layout.last_time), width)
        return [self.headline(enc, layout, width), *self._ruler(layout, width, lanes)]

    def render_line(self, y: int) -> Strip:
        """Line API: the lines are painted once per change, then served from the cache."""
        width = self.size.width
        base = self.rich_style
        if self._strips is None or self._strips_size != (width, self.size.height):
            # The compositor may ask for the new size before the Resize event arrives.
            self._strips_size = (width, self.size.height)
            self._strips = [
                Strip(text.render(self._text_console), text.cell_len)
                .crop(0, width)
                .apply_style(base)
                .adjust_cell_length(width, base)
                for text in self.lines()
            ]
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(width, base)

    def _ruler(self, layout: TrackLayout, width: int, lanes: int) -> list[Text]:
        numbers = [" "] * width
        for column, time in layout.ticks:
            label = str(time)
            if column + len(label) <= width and all(
                numbers[i] == " " for i in range(column, min(width, column + len(label) + 1))
            ):
                numbers[column : column + len(label)] = label
        ruler = Text("".join(numbers), self.styles_by_kind["ruler"])
        line = Text()
        chars = ["─"] * width
        for column, _time in layout.ticks:
            if column < width:
                chars[column] = "┼"
        line.append("".join(chars), self.styles_by_kind["ruler"])
        # An effect's later ticks: its glyph, not bold, under every other mark (track_layout).
        quiet = self.styles_by_kind["tick"] + Style(bold=False, italic=True)
        for column in layout.repeats:
            line = Text.assemble(line[:column], (GLYPHS["tick"], quiet), line[column + 1 :])
        # The "now" glyph wins a column it shares with the rest of its tie; the GM's own
        # marks (✕ ✶ ⚑) and a bleeder's ☠ win over an opportunity's ▲ or a ♦ there (the
        # labels still name them all).
        styles = self.styles_by_kind
        timed = ("ends", "tick", "remind", "zero")
        for column, kind in sorted(layout.marks, key=lambda m: (m[1] == "now", m[1] in timed)):
            if column < width:
                line.stylize(styles[kind], column, column + 1)
                glyph = GLYPHS[kind]
                line = Text.assemble(line[:column], (glyph, styles[kind]), line[column + 1 :])
        rows = [Text(" " * width) for _ in range(lanes)]
        for placed in layout.placed:
            row = rows[placed.lane]
            end = placed.column + len(placed.text)
            rows[placed.lane] = Text.assemble(
                row[: placed.column], (placed.text, self.styles_by_kind[placed.kind]), row[end:]
            )
        return [ruler, line, *rows]

"""The roster: one line per combatant, painted with Textual's line API.

Why not a DataTable: with 200 combatants a DataTable cell update repaints
every visible row (~60 ms here). This widget keeps one painted `Strip` per
combatant keyed by its row's text and state; after a command only the
visible rows whose key changed are re-painted and refreshed. The header line
stays fixed while the rows scroll under it.

Space marks the row under the cursor (a ✓ before the name) and escape clears
every mark: the main screen's wound, heal, luck, out-of-the-fight and remove
keys then apply to all the marked at once (one Batch command, one undo).
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click, Resize
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from rules.model.state import Combatant, Encounter
from tracker.widgets.roster_columns import (
    GAP,
    HEADER_LEGEND,
    Column,
    cell_needs,
    fit_conditions,
    fit_number,
    layout,
    row_cells,
)
from tracker.widgets.tones import Tones, tones

# Cell tones that carry meaning (sides, the actor, bleeding, conditions), from the theme;
# each meaning is also a word or glyph in the cell itself (roster_columns.py).
SIDE_TONES = {"PC": "success", "ally": "primary", "enemy": "error", "neut": "warning"}
RowKey = tuple[tuple[str, ...], bool, bool, bool]
MARKED = "✓ "  # before a marked row's name: the mark is a glyph, not only a colour
# Where the Side column does not fit (80×24), a glyph beside the turn mark says it
# (issue 27), in the side's tone; the roster's tooltip is the legend.
SIDE_GLYPHS = {"PC": "●", "ally": "○", "enemy": "✕", "neut": "◇"}
SIDE_LEGEND = "Side: ● PC  ○ ally  ✕ enemy  ◇ neutral (the detail pane says it in words)"


class Roster(ScrollView, can_focus=True):
    """Everyone in the encounter; up/down moves the selection the detail panel shows."""

    COMPONENT_CLASSES = {
        "roster--header",
        "roster--cursor",
        "roster--acting",
        "roster--dead",
    }
    DEFAULT_CSS = """
    Roster { height: 1fr; overflow-x: hidden; }
    Roster > .roster--header { text-style: bold; background: $panel; color: $text; }
    Roster > .roster--cursor { background: $primary 30%; color: $foreground; }
    Roster:focus > .roster--cursor {
        background: $block-cursor-background; color: $block-cursor-foreground;
    }
    Roster:ansi > .roster--cursor {  /* the terminal's colours, swapped: legible in any */
        background: ansi_default; color: ansi_default; text-style: reverse;
    }
    Roster > .roster--acting { text-style: bold; background: $warning 30%; }
    Roster > .roster--dead { color: $text-disabled; text-style: italic; }
    """
    BINDINGS = [
        Binding("up", "cursor(-1)", "Previous", show=False, id="roster-up"),
        Binding("down", "cursor(1)", "Next", show=False, id="roster-down"),
        Binding("pageup", "cursor(-10)", "Page up", show=False, id="roster-page-up"),
        Binding("pagedown", "cursor(10)", "Page down", show=False, id="roster-page-down"),
        Binding("home", "cursor(-100000)", "First", show=False, id="roster-first"),
        Binding("end", "cursor(100000)", "Last", show=False, id="roster-last"),
        Binding("space", "toggle_mark", "Mark", show=False, id="roster-mark"),
        Binding("escape", "clear_marks", "Clear marks", show=False, id="roster-clear-marks"),
    ]

    class Selected(Message):
        """The selection moved to another combatant (or to no one)."""

        def __init__(self, combatant_id: str | None) -> None:
            super().__init__()
            self.combatant_id = combatant_id

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._enc: Encounter | None = None
        self._order: list[str] = []
        self._cursor = 0
        self._rows: dict[str, tuple[RowKey, Strip]] = {}
        self._columns: list[tuple[Column, int]] = []
        self._header: Strip | None = None
        self._width = 0
        self._needs: dict[str, int] = {}  # the number columns' longest cells (layout)
        self._palette: Tones | None = None
        self._marked: set[str] = set()

    # --- what the screen calls -------------------------------------------------
    @property
    def selected(self) -> str | None:
        return self._order[self._cursor] if self._order else None

    @property
    def marked(self) -> list[str]:
        """The marked combatants, in roster order."""
        return [cid for cid in self._order if cid in self._marked]

    def action_toggle_mark(self) -> None:
        cid = self.selected
        if cid is not None:
            self._marked ^= {cid}
            self._refresh_index(self._cursor)
            self.screen.refresh_bindings()  # a marked row lets w h l f delete act

    def action_clear_marks(self) -> None:
        if self._marked:
            self._marked.clear()
            self.refresh()
            self.screen.refresh_bindings()

    def show(self, enc: Encounter) -> None:
        """Redraw from the encounter: only the visible rows whose text changed."""
        if enc is not self._enc:
            self._rows.clear()
        self._enc = enc
        needs = cell_needs(enc.combatants.values(), enc)
        if needs != self._needs:  # a number grew past its column: widen it, repaint all
            self._needs = needs
            self._width = 0
        order = list(enc.combatants)
        self._marked &= set(enc.combatants)  # the removed leave no mark behind
        if order != self._order:
            previous = self.selected
            self._order = order
            if previous in enc.combatants:
                self._cursor = order.index(previous)
            self._cursor = max(0, min(self._cursor, len(order) - 1))
            self._resize_virtual()
            self.refresh()
            if self.selected != previous:
                self.post_message(self.Selected(self.selected))
            return
        if not self._width:
            self._resize_virtual()
            self.refresh()
            return
        self._refresh_changed_rows()

    def select(self, combatant_id: str) -> None:
        """Move the selection to a combatant (the screen follows whoever acts now)."""
        if combatant_id in self._order:
            self._move_to(self._order.index(combatant_id))

    # --- keys and mouse ---------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        if self._order:
            self._move_to(max(0, min(len(self._order) - 1, self._cursor + step)))

    def on_click(self, event: Click) -> None:
        if event.y >= 1:
            index = int(self.scroll_y) + event.y - 1
            if 0 <= index < len(self._order):
                self._move_to(index)

    def _move_to(self, index: int) -> None:
        if index == self._cursor:
            self._scroll_into_view()
            return
        old = self._cursor
        self._cursor = index
        self._refresh_index(old)
        self._refresh_index(index)
        self._scroll_into_view()
        self.post_message(self.Selected(self.selected))

    def _scroll_into_view(self) -> None:
        rows_visible = max(1, self.scrollable_content_region.height - 1)
        top = int(self.scroll_y)
        if self._cursor < top:
            self.scroll_to(y=self._cursor, animate=False, immediate=True)
        elif self._cursor >= top + rows_visible:
            self.scroll_to(y=self._cursor - rows_visible + 1, animate=False, immediate=True)

    # --- painting ------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self._resize_virtual()

    def on_focus(self) -> None:
        self._rows.clear()
        self.refresh()

    def on_blur(self) -> None:
        self._rows.clear()
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rows.clear()
        self._header = None
        self._palette = None

    def _resize_virtual(self) -> None:
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width = width
            self._columns = layout(width, self._needs)
            self.tooltip = self._legend()
            self._rows.clear()
            self._header = None
        self.virtual_size = Size(width, len(self._order) + 1)

    def _legend(self) -> str:
        """The shown columns' headers in words, and the side glyphs where Side is gone."""
        titles = [column.title for column, _size in self._columns]
        lines = [f"{title}: {HEADER_LEGEND[title]}" for title in titles if title in HEADER_LEGEND]
        return "\n".join(lines if self._shows_side() else [*lines, SIDE_LEGEND])

    def _shows_side(self) -> bool:
        return any(column.key == "side" for column, _size in self._columns)

    def _refresh_index(self, index: int) -> None:
        y = index - int(self.scroll_y) + 1
        if 1 <= y < self.size.height:
            self.refresh(Region(0, y, self.size.width, 1))

    def _refresh_changed_rows(self) -> None:
        top = int(self.scroll_y)
        visible = max(0, self.size.height - 1)
        for index in range(top, min(len(self._order), top + visible)):
            cid = self._order[index]
            cached = self._rows.get(cid)
            if cached is None or cached[0] != self._key(index):
                self._refresh_index(index)

    def _key(self, index: int) -> RowKey:
        assert self._enc is not None
        c = self._enc.combatants[self._order[index]]
        cells = row_cells(c, self._enc)
        marked = c.id in self._marked
        return (tuple(cells.values()), index == self._cursor, self.has_focus, marked)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if width != self._width:
            self._resize_virtual()
        if y == 0:
            if self._header is None:
                self._header = self._paint_header(width)
            return self._header
        index = int(self.scroll_y) + y - 1
        if self._enc is None or not 0 <= index < len(self._order):
            return Strip.blank(width, self.rich_style)
        cid = self._order[index]
        key = self._key(index)
        cached = self._rows.get(cid)
        if cached is not None and cached[0] == key:
            return cached[1]
        strip = self._paint_row(self._enc.combatants[cid], index == self._cursor)
        self._rows[cid] = (key, strip)
        return strip

    def _paint_header(self, width: int) -> Strip:
        style = self.rich_style + self.get_component_rich_style("roster--header")
        texts = [(column.title, column, size) for column, size in self._columns]
        return self._strip(texts, style, {}, width)

    def _paint_row(self, c: Combatant, selected: bool) -> Strip:
        assert self._enc is not None
        cells = row_cells(c, self._enc)
        if c.id in self._marked:
            cells["name"] = MARKED + cells["name"]
        glyph = not self._shows_side()
        if glyph:  # the side beside the turn mark, where its column does not fit
            cells["mark"] = cells["mark"] + SIDE_GLYPHS[cells["side"]]
        style = self.rich_style
        if cells["mark"].startswith("▶"):
            style += self.get_component_rich_style("roster--acting")
        if selected:
            style += self.get_component_rich_style("roster--cursor")
        if c.dead:
            style += self.get_component_rich_style("roster--dead")
        if self._palette is None:
            self._palette = tones(self)
        tone = self._palette
        bold = Style(bold=True)
        accents: dict[str, Style] = {}
        if not c.dead:
            accents["side"] = tone[SIDE_TONES[cells["side"]]]
            if glyph:
                accents["mark"] = accents["side"]
            accents["blr"] = tone["error"] + bold
            accents["cond"] = tone["warning"]
            accents["pen"] = tone["warning"]
            if cells["ttu"] == "now":
                accents["ttu"] = Style(bold=True, reverse=True)
                accents["mark"] = tone["warning"] + bold
        else:
            accents["cond"] = tone["error"] + bold
        if selected:  # on the cursor's own colour a tone may not show: the words carry it
            accents = {k: Style(bold=a.bold, reverse=a.reverse) for k, a in accents.items()}
        texts = [
            (
                fit_conditions(cells["cond"], cells["cond short"], size)
                if column.key == "cond"
                else cells[column.key],
                column,
                size,
            )
            for column, size in self._columns
        ]
        return self._strip(texts, style, accents, self.scrollable_content_region.width)

    @staticmethod
    def _strip(
        texts: list[tuple[str, Column, int]],
        style: Style,
        accents: dict[str, Style],
        width: int,
    ) -> Strip:
        segments: list[Segment] = []
        gap = Segment(" " * GAP, style)
        for position, (text, column, size) in enumerate(texts):
            if position:
                segments.append(gap)
            if column.align == "right":
                text = fit_number(text, size)
            elif cell_len(text) > size > 1:  # a cut word shows it is cut (the detail has it whole)
                text = set_cell_size(text, size - 1) + "…"
            cell = set_cell_size(text, size)
            accent = accents.get(column.key)
            segments.append(Segment(cell, style + accent if accent else style))
        strip = Strip(segments)
        return strip.adjust_cell_length(width, style)

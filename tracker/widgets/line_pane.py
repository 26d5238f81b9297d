"""A pane of pre-painted lines that never asks Textual for a layout.

Why: a ScrollView's virtual size is a layout-triggering reactive, so a log
that grows by a line per command reflows the whole screen each time, and a
Static whose text changes height does the same. This pane fills whatever
room the stylesheet gives it, paints its lines with the line API, and
scrolls with the mouse wheel (or its owner's keys) by an offset it keeps
itself — so new content costs only the lines that changed.
"""

from __future__ import annotations

from typing import Literal

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from tracker.widgets.tones import Tones, tones

MORE = Style(italic=True, reverse=True)  # reversed: dim fell under 4.5:1 (issue 27)


class LinePane(Widget):
    """Lines anchored to the top (a sheet) or the bottom (a log, newest last)."""

    SCROLL_HINT = "mouse wheel"  # how the GM scrolls it; an owner with keys names them

    DEFAULT_CSS = """
    LinePane { height: 1fr; }
    """

    def __init__(self, *, anchor: Literal["top", "bottom"] = "top", id: str | None = None) -> None:
        super().__init__(id=id)
        self.anchor_edge = anchor  # not `anchor`: that is a Widget method
        self.lines: list[Strip] = []
        self.offset_lines = 0  # how far the GM has scrolled away from the anchor

    def set_lines(self, lines: list[Strip]) -> None:
        self.lines = lines
        self.offset_lines = min(self.offset_lines, self._max_offset())
        self.refresh()

    def _max_offset(self) -> int:
        return max(0, len(self.lines) - self.size.height)

    def scroll_lines(self, delta: int) -> None:
        """Positive: towards older lines (bottom anchor) or further down (top anchor)."""
        new = max(0, min(self._max_offset(), self.offset_lines + delta))
        if new != self.offset_lines:
            self.offset_lines = new
            self.refresh()

    def scroll_page(self, pages: int) -> None:
        """Whole pages (less a line kept for context); positive reads back like scroll_lines."""
        self.scroll_lines(pages * max(1, self.size.height - 1))

    def scroll_to_edge(self, far: bool) -> None:
        """far: the end away from the anchor (the oldest line of a log); else back home."""
        self.scroll_lines(len(self.lines) if far else -self.offset_lines)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.scroll_lines(3 if self.anchor_edge == "bottom" else -3)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.scroll_lines(-3 if self.anchor_edge == "bottom" else 3)

    def first_visible(self) -> int:
        height = self.size.height
        if self.anchor_edge == "top":
            return self.offset_lines
        return max(0, len(self.lines) - height - self.offset_lines)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        height = self.size.height
        edge = height - 1 if self.anchor_edge == "bottom" else 0
        if self.offset_lines and y == edge:
            where = "newer below" if self.anchor_edge == "bottom" else "above"
            return _hint(
                f" ↕ {self.offset_lines} more {where} ({self.SCROLL_HINT})", width, self.rich_style
            )
        index = self.first_visible() + y
        if 0 <= index < len(self.lines):
            base = self.rich_style
            return self.lines[index].apply_style(base).adjust_cell_length(width, base)
        return Strip.blank(width, self.rich_style)


def _hint(text: str, width: int, base: Style) -> Strip:
    return Strip([Segment(text[:width], base + MORE)]).adjust_cell_length(width, base)


class TonedPane(LinePane):
    """A LinePane painted in the theme's tones (tracker.widgets.tones), and painted again
    when a theme change alters them. A subclass adds `tone_css(its name)` to its
    DEFAULT_CSS, paints with `self.palette` and repaints in `retoned`."""

    def __init__(self, *, anchor: Literal["top", "bottom"] = "top", id: str | None = None) -> None:
        super().__init__(anchor=anchor, id=id)
        self._palette: Tones | None = None

    @property
    def palette(self) -> Tones:
        if self._palette is None:
            self._palette = tones(self)
        return self._palette

    def notify_style_update(self) -> None:
        """Styles were applied again (a theme change, or only a focus change): look once the
        component classes are updated too (Textual does those after this call)."""
        super().notify_style_update()
        if self.is_mounted:
            self.call_later(self._retone)

    def _retone(self) -> None:
        palette = tones(self)
        if palette != self._palette:
            self._palette = palette
            self.retoned()

    def retoned(self) -> None:
        """Paint again in the new tones (only called when they really changed)."""

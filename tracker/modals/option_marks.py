"""Lists whose cursor reads without colour, and whose Down stops at the last option.

Textual marks the highlighted option of an OptionList (and of a Select's
drop-down) by background colour alone, which a light theme or a colour-blind GM
loses; here it reads `▸`. And Textual's Up/Down wrap around the ends, past
disabled options: the GM pressing Down once too often lands back on the first
option of a long list. Every list in the app stops at its last enabled option.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import OptionList, SelectionList

from tracker.textual_compat.cursors import OptionGutter, next_enabled, option_line
from tracker.textual_compat.select import SelectOverlay

SelectT = TypeVar("SelectT", bound=Hashable)
CURSOR = "▸"
GUTTER = 2  # the glyph and a space before every option


class NoWrapCursor(OptionList):
    """Up and Down move to the next enabled option and stop at the ends."""

    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def _step(self, direction: int) -> None:
        found = next_enabled(self.options, self.highlighted, direction)
        if found is not None:
            self.highlighted = found


class MarkedOptions(NoWrapCursor, OptionGutter):
    """The cursor as a glyph in a two-cell gutter before each option's first line."""

    GUTTER_WIDTH = GUTTER

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            index, offset = option_line(self, int(self.scroll_offset.y) + y)
        except IndexError:
            return strip  # below the options: already the full width
        option = self.options[index]
        here = index == self.highlighted and offset == 0 and not option.disabled
        segments = list(strip)
        style = segments[0].style if segments else None
        glyph = Segment((CURSOR if here else " ") + " " * (GUTTER - 1), style)
        return Strip([glyph, *segments], strip.cell_length + GUTTER)


class MarkedOptionList(MarkedOptions):
    """Every pick list's OptionList: a save, a template, an outcome, a reaction."""


class MarkedSelectOverlay(SelectOverlay, MarkedOptions):
    """The drop-down of every FieldSelect. SelectOverlay first: Textual's CSS and
    queries follow a widget's first base only (`Select` looks for a SelectOverlay)."""


class NoWrapSelectionList(SelectionList[SelectT], NoWrapCursor):
    """A checklist whose Up and Down stop at the ends (its rows carry their own ✔)."""

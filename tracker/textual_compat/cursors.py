"""Cursors that stop at the ends: Textual's own no-wrap helper and the lists' insides.

Up and Down in the tracker's pickers stop at the first and last enabled choice
(a fast GM pressing Up once too often must not land on the last option).
Textual has the helper, but OptionList, SelectionList and RadioSet always wrap:
textual#5193 ("Disable key up/down wrapping in OptionList and SelectionList")
asks for the option that would replace all of this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual._widget_navigation import find_next_enabled_no_wrap as _no_wrap
from textual.widgets import OptionList, RadioSet

__all__ = ["OptionGutter", "next_enabled", "option_line", "radio_cursor", "set_radio_cursor"]


def next_enabled(candidates: Sequence[object], anchor: int | None, direction: int) -> int | None:
    """The index of the next enabled candidate from `anchor` in `direction`, no wrap
    (None: none). Textual types it for its `Disableable` protocol, which Option and a
    widget both satisfy; a plain sequence of them is what every caller passes."""
    return _no_wrap(candidates, anchor, direction)  # type: ignore[arg-type]


def option_line(options: OptionList, y: int) -> tuple[int, int]:
    """Which option a rendered line `y` (in content coordinates) belongs to, and which of
    its lines it is: OptionList's private `_lines`. IndexError below the last option."""
    return options._lines[y]


def radio_cursor(radios: RadioSet) -> int | None:
    """The highlighted button's index (RadioSet's private `_selected`), not the pressed one
    (`pressed_index`): the set has no public highlight."""
    return radios._selected


def set_radio_cursor(radios: RadioSet, index: int) -> None:
    """Move RadioSet's highlight (its private `_selected`, whose watcher redraws it)."""
    radios._selected = index


class OptionGutter(OptionList):
    """An OptionList with `GUTTER_WIDTH` cells before each option (the cursor's glyph):
    SelectionList widens its own the same way, through the private
    `_get_left_gutter_width`; OptionList has no public gutter."""

    GUTTER_WIDTH: ClassVar[int] = 0

    def _get_left_gutter_width(self) -> int:
        return self.GUTTER_WIDTH

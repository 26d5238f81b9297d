"""Screens laid out again when the terminal's size changes, not when a dialog opens.

Textual (pinned) lays a screen out as it is shown, then answers the Resize that first
layout sends the screen itself by laying it out again at the same size, and lays out
every screen visible beneath it too. So each dialog the GM opened arranged itself twice
and the whole main screen beneath it once, for nothing (5 % of the instructions of
opening and closing the sheet form, counted with callgrind). A screen already at the
size it is given keeps its layout; a new terminal size still lays out every screen, and
a layout that a change asked for still comes with the next frame, as it always did.
"""

from __future__ import annotations

from typing import Any, cast

from textual.geometry import Size
from textual.screen import Screen


class SteadyLayout:
    """Mix in before a Screen class: skip the layout a same-size Resize asks for."""

    def _screen_resized(self, size: Size) -> None:  # Textual's hook, called with the size
        screen = cast(Screen[Any], self)
        if size == screen.outer_size:
            return
        Screen._screen_resized(screen, size)

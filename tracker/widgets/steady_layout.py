"""Screens laid out and styled again when the terminal's size changes, not when a dialog
opens.

Textual (pinned) lays a screen out as it is shown, then answers the Resize that first
layout sends the screen itself by laying it out again at the same size, and lays out
every screen visible beneath it too. So each dialog the GM opened arranged itself twice
and the whole main screen beneath it once, for nothing (5 % of the instructions of
opening and closing the sheet form, counted with callgrind). A screen already at the
size it is given keeps its layout; a new terminal size still lays out every screen, and
a layout that a change asked for still comes with the next frame, as it always did.

The same Resize gives a screen its size classes (`-narrow`, `-wide`: its breakpoints),
and a class that changes restyles every widget of the screen: the attack dialog, styled
as it mounted, was styled again in full (50 ms a dialog under the profiler). A screen
made while the app runs starts with the classes of the app's size, so that Resize finds
nothing to change.
"""

from __future__ import annotations

from typing import Any, cast

from textual.geometry import Size
from textual.screen import Screen
from textual.types import NoActiveAppError

from tracker.textual_compat.screens import ResizeGate


class SteadyLayout(ResizeGate):
    """Mix in before a Screen class: start with the size classes of the app's size; skip
    the layout a same-size Resize asks for."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        screen = cast(Screen[Any], self)
        try:
            size = screen.app.size
        except NoActiveAppError:  # made outside a running app: the first Resize gives them
            return
        for name in size_classes(screen, size):
            screen.add_class(name, update=False)  # styled as it mounts

    def keeps_layout(self, size: Size) -> bool:
        """A screen already at the size it is given keeps its layout."""
        return size == cast(Screen[Any], self).outer_size


def size_classes(screen: Screen[Any], size: Size) -> list[str]:
    """The breakpoint classes Textual gives `screen` at `size`: for each axis, the class of
    the highest breakpoint the size reaches (the screen's breakpoints, else the app's)."""
    app = screen.app
    horizontal = screen.HORIZONTAL_BREAKPOINTS
    vertical = screen.VERTICAL_BREAKPOINTS
    axes = (
        (app.HORIZONTAL_BREAKPOINTS if horizontal is None else horizontal, size.width),
        (app.VERTICAL_BREAKPOINTS if vertical is None else vertical, size.height),
    )
    names = []
    for points, reach in axes:
        reached = [(at, name) for at, name in points or [] if reach >= at]
        if reached:
            names.append(max(reached)[1])
    return names

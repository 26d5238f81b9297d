"""A screen whose keys never go nowhere: typed with nothing focused, a key first
focuses the screen's home widget, and acts there.

The saves browser's arrows and Enter are its table's keys. Once (issue 27), after `o`
the browser had no focused row and did nothing until Tab; the cause was not found
again (tried: `o` after dialogs, undo, a blurred and refocused terminal, at once or
after pauses). Whatever takes the focus away, the next key now finds the table.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from textual import events
from textual.screen import Screen


class FocusHome:
    """Mix in before a Screen class; `FOCUS_HOME` selects the widget keys go to."""

    FOCUS_HOME: ClassVar[str] = ""

    def on_key(self, event: events.Key) -> None:
        """Here before the key's bindings are looked up (from the focused widget up), so
        focusing the home widget now lets this very key act on it."""
        screen = cast(Screen[Any], self)
        if screen.focused is not None or not self.FOCUS_HOME:
            return
        home = next((w for w in screen.query(self.FOCUS_HOME) if w.focusable), None)
        if home is not None:
            screen.set_focus(home)

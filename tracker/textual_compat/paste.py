"""An Input that takes a paste of several lines whole (the add form's sheet line).

Textual's Input keeps a paste's first line (`Input._on_paste`: `splitlines()[0]`), right
for a one-line field that must not run lines together. The sheet line reads a line
break as a part's end, and a sheet pasted over four lines kept only its first, without a
word. Textual has no public hook for what a paste inserts: the private handler is
replaced here, for the pinned version.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.widgets import Input

__all__ = ["JoinedPasteInput"]


class JoinedPasteInput(Input):
    """Pasted lines (stripped, blank ones dropped) inserted joined by `PASTE_JOIN`."""

    PASTE_JOIN: ClassVar[str] = " "

    def _on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # Input's own handler would then paste the first line again
        event.stop()
        lines = [line.strip() for line in event.text.splitlines()]
        text = self.PASTE_JOIN.join(line for line in lines if line)
        if text and self.selection.is_empty:
            self.insert_text_at_cursor(text)
        elif text:
            self.replace(text, *self.selection)

"""The target drop-down: typing a name's first letters picks it, without opening the list.

At the table the GM knows whom the blow is for; "gu" for the guard is two
keys, where opening the list and walking it is four or five. The letters
typed within a second add up ("de" after "d"), a space among them too ("baron m":
before, the space opened the list); a pause starts afresh.
"""

from __future__ import annotations

import time

from textual import events

from tracker.modals.form import FieldSelect


class TargetSelect(FieldSelect[str]):
    """A FieldSelect of combatants whose closed face takes type-to-select."""

    PAUSE = 1.0  # seconds: a longer pause starts a new prefix

    def __init__(self, options: list[tuple[str, str]], **kwargs: object) -> None:
        super().__init__(options, **kwargs)  # type: ignore[arg-type]
        self.names = list(options)
        self._typed = ""
        self._at = 0.0

    def pick(self, letters: str) -> bool:
        """Select the first option whose name starts with `letters` (any case)."""
        wanted = letters.lower()
        for prompt, value in self.names:
            if prompt.lower().startswith(wanted):
                self.value = value
                return True
        return False

    def on_key(self, event: events.Key) -> None:
        char = event.character
        if self.expanded or char is None or not char.isprintable():
            return
        now = time.monotonic()
        going_on = bool(self._typed) and now - self._at < self.PAUSE
        if char == " " and not going_on:
            return  # space alone opens the list; within a name ("Baron M") it is typed
        typed = (self._typed if now - self._at < self.PAUSE else "") + char
        self._at = now
        if self.pick(typed):
            self._typed = typed
        elif self.pick(char):
            self._typed = char
        else:
            self._typed = ""
            self.app.bell()
            return
        event.stop()
        event.prevent_default()

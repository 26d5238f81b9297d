"""Physical dice: what a GM chose and typed for a command cancelled at a dice prompt.

Escape at a dice prompt changes nothing (the engine rolled everything back),
but the GM's choices in the dialog and the faces already typed are still
true at the table. The app keeps them here until the encounter next changes:

- the dialog that made the command comes back with its fields as the GM left
  them when it reopens for the same act (`tracker.modals.kept_fields`), and
  says so;
- when the same command asks for the same die again, the faces typed last
  time are offered in the prompt (the GM presses enter, or types over them).

Escape in the reopened dialog forgets them: the GM changed their mind.
Pure bookkeeping (no widgets), so it is tested without an app.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.mechanics.dice import DiceExhausted
    from rules.model.commands import Command


CANCELLED_NOTE = (
    "no dice typed: nothing changed. Your choices and the faces typed so far are kept: "
    "reopen the dialog to go on (Escape there forgets them)"
)


@dataclass(frozen=True)
class TypedEntry:
    """One answered dice prompt: what it asked for and the faces the GM typed."""

    purpose: str
    sides: int
    count: int
    faces: tuple[int, ...]

    def answers(self, need: DiceExhausted) -> bool:
        """Is this the same die asked for again (same purpose, die and count)?"""
        return (self.purpose, self.sides, self.count) == (need.purpose, need.sides, need.needed)


class CancelledCommand:
    """The last command cancelled at a dice prompt, and the faces typed for it."""

    def __init__(self) -> None:
        self.command: Command | None = None  # the cancelled command (None: nothing kept)
        self.entries: list[TypedEntry] = []  # what was typed for it, prompt by prompt
        self.form: object | None = None  # the dialog's fields when it made the command
        self._answer: tuple[object, object] | None = None  # the last dialog answer, its form
        self._asking: Command | None = None  # the command whose faces are being typed now
        self._typed: list[TypedEntry] = []  # this attempt's answers so far

    def answered(self, command: object, form: object) -> None:
        """A dialog answered with `command`; `form` notes its fields, kept if it is cancelled."""
        self._answer = (command, form)

    def _attempt(self, command: Command) -> list[TypedEntry]:
        """This attempt's answers: a new command (object) starts a new attempt."""
        if command is not self._asking:
            self._asking, self._typed = command, []
        return self._typed

    def typed(self, command: Command, need: DiceExhausted, faces: list[int]) -> None:
        """The GM answered a prompt for `command`."""
        entry = TypedEntry(need.purpose, need.sides, need.needed, tuple(faces))
        self._attempt(command).append(entry)

    def offer(self, command: Command, need: DiceExhausted) -> tuple[int, ...]:
        """The faces typed for this same prompt before the same command was cancelled."""
        position = len(self._attempt(command))
        if self.command != command or position >= len(self.entries):
            return ()
        kept = self.entries[position]
        return kept.faces if kept.answers(need) else ()

    def cancel(self, command: Command) -> None:
        """Escape at a prompt for `command`: keep it and what was typed for it.

        Answers from an earlier cancel of the same command that this attempt
        did not reach yet are kept too, so they are offered again next time.
        """
        typed = list(self._attempt(command))
        before = self.entries if self.command == command else []
        if before[: len(typed)] == typed:
            typed += before[len(typed) :]
        if self._answer is not None and self._answer[0] is command:
            self.form = self._answer[1]
        elif self.command != command:
            self.form = None  # a command no dialog noted (or another one): no fields to restore
        self.command, self.entries = command, typed
        self._asking, self._typed = None, []

    def forget(self) -> None:
        """The encounter changed (or the GM changed their mind): nothing is kept."""
        self.command, self.entries, self.form, self._answer = None, [], None, None
        self._asking, self._typed = None, []

"""Physical dice: the GM types the faces rolled at the table (`1 5 7 8 8 0`).

A 0 on a d10 is a 10 and `00` on a d100 is a 100 (rules.dice.parse_faces).
Nothing is returned until exactly `count` good faces are typed, so a retried
command never sees a short or impossible roll.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Static

from rules.dice import DiceError, parse_faces
from tracker.modals.form import Dialog, FieldError, buttons


class DiceEntry(Dialog[list[int]]):
    """Ask for `count` faces of a `sides`-sided die, for `purpose`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="dice-entry.cancel"),
    ]

    DEFAULT_CSS = """
    DiceEntry > .dialog {
        width: 60;
    }
    """

    def __init__(self, purpose: str, sides: int, count: int) -> None:
        if sides < 2:
            raise ValueError(f"sides must be at least 2, got {sides}")
        if count < 1:
            raise ValueError(f"count must be at least 1, got {count}")
        super().__init__()
        self.purpose = purpose
        self.sides = sides
        self.count = count

    def compose(self) -> ComposeResult:
        dice = f"{self.count} d{self.sides}" if self.count > 1 else f"1 d{self.sides}"
        zero = {10: " (0 = 10)", 100: " (00 = 100)"}.get(self.sides, "")
        with Vertical(classes="dialog"):
            yield Static(f"Roll {dice}", classes="dialog-title", markup=False)
            yield Static(self.purpose or "a roll", markup=False, id="purpose")
            yield Static(f"Type the faces, separated by spaces{zero}.", classes="hint")
            yield Input(placeholder="e.g. 1 5 7 8 8 0", id="faces", compact=True)
            yield FieldError("faces")
            yield from buttons("Use these dice")

    def validate_form(self) -> tuple[list[int] | None, dict[str, str]]:
        text = self.query_one("#faces", Input).value
        if not text.strip():
            # Quiet on opening; after a refused enter, say what is wanted.
            wanted = f"type {self.count} d{self.sides} faces"
            return None, {"faces": wanted} if self.refusals else {}
        try:
            return parse_faces(text, self.sides, self.count), {}
        except DiceError as err:
            return None, {"faces": str(err)}

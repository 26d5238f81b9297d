"""Physical dice: the GM types the faces rolled at the table (`1 5 7 8 8 0`).

A 0 on a d10 is a 10 and `00` on a d100 is a 100 (rules.mechanics.dice.parse_faces).
Nothing is returned until exactly `count` good faces are typed, so a retried
command never sees a short or impossible roll. One exception, B1: a d100 that
starts or continues an open roll also takes the rest of the chain at once
(`95 90`), as long as every face but the last opens it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import cycle, islice
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from rules.mechanics.dice import DiceError, faces_text, parse_faces
from rules.mechanics.open_roll import OPEN_FROM
from tracker.modals.form import Dialog, FieldError, buttons

if TYPE_CHECKING:
    from rules.mechanics.open_roll import OpenChain

# Placeholders typed as a GM would: a d10's 10 as 0, a d100's 100 as 00.
EXAMPLES: dict[int, tuple[str, ...]] = {
    10: ("7", "1", "5", "8", "0", "3", "9", "2", "6", "4"),
    100: ("95", "42", "00"),
}
MAX_EXAMPLE = 10


def example(sides: int, count: int, chain: OpenChain | None = None) -> str:
    """A placeholder that fits the die: `e.g. 95` on a d100, `e.g. 7 1 5` for 3 d10."""
    if chain is not None and chain.position == 0:
        return "e.g. 95, or the whole chain: 95 90"
    faces = EXAMPLES.get(sides, tuple(str(face) for face in range(1, sides + 1)))
    shown = " ".join(islice(cycle(faces), min(count, MAX_EXAMPLE)))
    return f"e.g. {shown}" + (" …" if count > MAX_EXAMPLE else "")


def hint(sides: int, count: int, chain: OpenChain | None = None) -> str:
    """How to type this die, said once: what a 0 means, and (B1) typing a chain at once."""
    what = "the face" if count == 1 else f"the {count} faces, separated by spaces"
    zero = {10: " (0 = 10)", 100: " (00 = 100)"}.get(sides, "")
    text = f"Type {what}{zero}."
    if chain is None:
        return text
    if chain.position == 0:
        return (
            f"{text} An open roll (B1): {OPEN_FROM}+ opens and is rolled again. If you know the "
            "whole chain, type it all at once."
        )
    return f"{text} Or type the rest of the chain at once."


class DiceEntry(Dialog[list[int]]):
    """Ask for `count` faces of a `sides`-sided die, for `purpose`.

    `open_chain`: the die starts or continues a B1 open roll, so the rest of
    the chain may be typed with it. `offered`: the faces typed for this same
    prompt before the command was cancelled, prefilled for the GM to confirm.
    """

    KEEPS_FIELDS = False  # its faces are kept by the app itself (tracker.app.cancelled)

    DEFAULT_CSS = """
    DiceEntry > .dialog {
        width: 64;
    }
    DiceEntry #purpose {
        text-style: bold;
    }
    DiceEntry #offered {
        color: $text-warning;
    }
    """

    def __init__(
        self,
        purpose: str,
        sides: int,
        count: int,
        *,
        open_chain: OpenChain | None = None,
        offered: Sequence[int] = (),
    ) -> None:
        if sides < 2:
            raise ValueError(f"sides must be at least 2, got {sides}")
        if count < 1:
            raise ValueError(f"count must be at least 1, got {count}")
        super().__init__()
        self.purpose = purpose
        self.sides = sides
        self.count = count
        self.open_chain = open_chain if sides == 100 else None
        self.offered = tuple(offered)

    def compose(self) -> ComposeResult:
        dice = f"{self.count} d{self.sides}"
        chain = self.open_chain
        with Vertical(classes="dialog"):
            yield Static(f"Roll {dice}", classes="dialog-title", markup=False)
            yield Static(self.purpose or "a roll", markup=False, id="purpose")
            yield Static(
                hint(self.sides, self.count, chain), classes="hint", id="how", markup=False
            )
            if self.offered:
                yield Static(
                    "Kept from the cancelled attempt: enter uses them, or type over them.",
                    id="offered",
                    markup=False,
                )
            yield Input(
                self._shown(self.offered),
                placeholder=example(self.sides, self.count, chain),
                id="faces",
                compact=True,
            )
            yield FieldError("faces")
            yield from buttons("Use these dice")

    def _shown(self, faces: Sequence[int]) -> str:
        """Faces as the GM would type them back (a d10's 10 as 0, a d100's 100 as 00)."""
        typed = {10: {10: "0"}, 100: {100: "00"}}.get(self.sides, {})
        return " ".join(typed.get(face, str(face)) for face in faces)

    def validate_form(self) -> tuple[list[int] | None, dict[str, str]]:
        text = self.query_one("#faces", Input).value
        if not text.strip():
            # Quiet on opening; after a refused enter, say what is wanted.
            wanted = f"type {self.count} d{self.sides} faces"
            return None, {"faces": wanted} if self.refusals else {}
        try:
            faces = parse_faces(text, self.sides)
        except DiceError as err:
            return None, {"faces": str(err)}
        got, count = len(faces), self.count
        if got < count:
            return None, {"faces": f"expected {count} d{self.sides} faces, got {got}"}
        if got == count:
            return faces, {}
        if self.open_chain is not None:
            refusal = self.open_chain.refusal(faces)
            return (None, {"faces": refusal}) if refusal else (faces, {})
        asked = f"1 d{self.sides} is" if count == 1 else f"{count} d{self.sides} are"
        return None, {
            "faces": f"{got} faces typed ({faces_text(faces)}), but only {asked} asked for "
            "here: each later roll is asked for on its own"
        }

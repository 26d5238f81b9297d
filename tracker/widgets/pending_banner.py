"""The decisions the GM owes the engine (breakage, demise, parry, damage), impossible to miss.

Advance refuses while any are pending (engine rule 7), so the banner also
says which key answers them.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from rules.state import Encounter, Pending

ANSWER_KEY = "d"


def pending_line(pending: Pending) -> Text:
    """The engine's own sentence (it names who, what and the goal) after a loud label."""
    return Text.assemble((" ⚠ DECISION: ", Style(bold=True)), (pending.text, Style()))


def banner_text(enc: Encounter) -> Text:
    first = enc.pending[0]
    text = pending_line(first)
    more = len(enc.pending) - 1
    text.append(f"   press {ANSWER_KEY} to answer", Style(bold=True, reverse=True))
    if more:
        text.append(f"  (+{more} more waiting)", Style(italic=True))
    return text


class PendingBanner(Static):
    """Hidden when nothing is pending; a loud bar above the track otherwise."""

    DEFAULT_CSS = """
    PendingBanner { display: none; height: auto; max-height: 3; }
    PendingBanner.-pending { display: block; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._key: tuple[object, ...] = ()

    def show(self, enc: Encounter) -> None:
        key = tuple((p.id, p.goal, p.text) for p in enc.pending)
        if key == self._key:
            return
        self._key = key
        self.set_class(bool(enc.pending), "-pending")
        if enc.pending:
            self.update(banner_text(enc))

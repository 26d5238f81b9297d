"""The decisions the GM owes the engine (breakage, demise, parry, damage), impossible to miss.

Advance refuses while any are pending (engine rule 7), so the banner also
says which key answers them, except while a dialog covers the main screen:
`d` then goes to that dialog (typed into its first field), so the banner
says the decision is answered in the open dialog instead. Nor while the act
flow is on its way to that dialog (an answer being applied, a dialog not yet
drawn: 1-3 s on a busy laptop): a `d` pressed then waits for the dialog and
lands in its field (issue 27), so the banner says the dialog is coming.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rich.style import Style
from rich.text import Text
from textual.dom import DOMNode
from textual.widgets import Static

from rules.model.pending import Pending
from rules.model.state import Encounter
from tracker.host.key_words import words_for

ANSWER_KEY = "d"  # the default; the banner shows the GM's own (keymap)
BANNER_ID = "pending"  # the main screen's banner: found by id, not by matching every widget
Cover = Literal["decision", "other"] | None  # what covers the main screen, if anything


def pending_line(pending: Pending) -> Text:
    """The engine's own sentence (it names who, what and the goal) after a loud label."""
    return Text.assemble((" ⚠ DECISION: ", Style(bold=True)), (pending.text, Style()))


def banner_text(
    enc: Encounter, cover: Cover = None, coming: bool = False, key: str = ANSWER_KEY
) -> Text:
    """The first decision, and how to answer it: `d`, unless a dialog covers the main
    screen or is `coming` (then `d` would be typed into that dialog's field)."""
    first = enc.pending[0]
    text = pending_line(first)
    more = len(enc.pending) - 1
    if cover == "decision":
        text.append("   answer it in the open dialog", Style(bold=True))
    elif cover is None and coming:
        text.append("   its dialog is opening…", Style(bold=True))
    elif cover is None:
        verb = "dismiss" if first.kind == "reminder" else "answer"  # a reminder: one key
        text.append(f"   press {key} to {verb}", Style(bold=True, reverse=True))
    if more:
        text.append(f"  (+{more} more waiting)", Style(italic=True))
    return text


def banner_on(screen: DOMNode) -> PendingBanner | None:
    """The screen's banner, if it has one. By id (a plain walk, its answer cached): a type
    query matched all ~110 widgets of the main screen against CSS, 0.8 ms each time the
    act flow or a dialog reworded it, three times between a roll and its dialog (issue 27)."""
    return screen.query_one_optional(f"#{BANNER_ID}", PendingBanner)


class PendingBanner(Static):
    """Hidden when nothing is pending; a loud bar above the track otherwise."""

    DEFAULT_CSS = """
    PendingBanner { display: none; height: auto; max-height: 3; }
    PendingBanner.-pending { display: block; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._key: tuple[object, ...] = ()
        self._enc: Encounter | None = None
        self.cover: Cover = None
        # Whether the act flow is opening a dialog (tracker.app.act_flow.ActFlow.coming).
        self.coming: Callable[[], bool] = lambda: False

    def show(self, enc: Encounter) -> None:
        self._enc = enc
        coming = self.coming()
        key = (self.cover, coming, *((p.id, p.goal, p.text) for p in enc.pending))
        if key == self._key:
            return
        self._key = key
        self.set_class(bool(enc.pending), "-pending")
        if enc.pending:
            answer = words_for(self).get("answer", ANSWER_KEY)  # the GM's key, if moved
            self.update(banner_text(enc, self.cover, coming, answer))

    def reword(self) -> None:
        """Say it again, with what `coming` answers now."""
        if self._enc is not None:
            self.show(self._enc)

    def covered(self, cover: Cover) -> None:
        """The main screen was covered by a dialog (or uncovered): reword the key hint."""
        self.cover = cover
        if self._enc is not None:
            self.show(self._enc)

"""Who acts now, in large type: the track's time in big digits, the names beside it.

The loudest thing on the players' screen, as on the GM's: a player looks up and
knows whether it is their turn, and who comes next.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Digits, Static

from rules.engine.public_view import PublicView

BOLD = Style(bold=True)


def now_text(view: PublicView) -> Text:
    """ "NOW Dinzis" / "next Kans at 9", or how combat stands outside it."""
    text = Text()
    if not view.in_combat:
        text.append(f"Combat over: {view.outcome}" if view.outcome else "Not in combat", BOLD)
        text.append(f"\n{view.name}")
        return text
    text.append("NOW ", BOLD)
    text.append(", ".join(view.now) or "—", Style(bold=True, reverse=True))
    upcoming = view.next
    if upcoming is not None:
        text.append(f"\nnext {upcoming.who} at {upcoming.time}")
    return text


class NowPanel(Horizontal):
    """The track time (big digits) and who acts now."""

    DEFAULT_CSS = """
    NowPanel { height: 4; }
    NowPanel > Digits { width: auto; min-width: 8; padding: 0 1; }
    NowPanel > Static { width: 1fr; padding: 0 1; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Digits("", id="time")
        yield Static("", id="now")

    def show(self, view: PublicView) -> None:
        self.query_one(Digits).update(str(view.time) if view.in_combat else "")
        self.query_one("#now", Static).update(now_text(view))

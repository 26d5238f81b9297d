"""The other side as players know it: a line a foe (its name or "Unknown A", and its wound
level in words), and a card like a party member's for a foe whose numbers the GM revealed.

What a foe hides is `rules.engine.questions.public_view`'s decision: a foe without revealed
figures has no number to draw here at all.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from rules.engine.questions import PublicView
from tracker.players.view.widgets.cards import CardGrid
from tracker.players.view.widgets.figures import LEVEL_STYLE
from tracker.players.view.widgets.headings import heading


def foes_content(view: PublicView) -> Content:
    """The heading and a line a foe without revealed numbers (those have cards)."""
    lines = [heading("Others")]
    plain = [f for f in view.foes if f.figures is None]
    if not view.foes:
        lines.append(Content("(none in sight)"))
    for foe in plain:
        word = (foe.level, LEVEL_STYLE.get(foe.level, "$foreground"))
        mark = "▶ " if foe.name in view.now else ""  # it acts now (the band says it too)
        lines.append(Content.assemble((f"{mark}{foe.name}", "bold"), "  ", word))
    return Content("\n").join(lines)


class FoeList(Vertical):
    DEFAULT_CSS = """
    FoeList { height: auto; }
    FoeList > #foe-lines { padding: 0 1; height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="foe-lines")
        yield CardGrid(id="foe-cards")

    def show(self, view: PublicView) -> None:
        self.query_one("#foe-lines", Static).update(foes_content(view))
        revealed = [f.figures for f in view.foes if f.figures is not None]
        self.query_one(CardGrid).show(revealed, view.now)

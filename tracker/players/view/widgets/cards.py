"""The party as cards: one bordered card a member (its name in the border), in a grid
that puts as many side by side as the width holds (four on a wide TV, three at 80
columns, one on a phone held upright).

A card is drawn at its own width each time it renders (`figures.figure_lines`), so its
Endurance bar fills the card and nothing in it wraps mid-word. The cards are kept and
given new figures on each redraw, not rebuilt: the screen redraws on every autosave.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.containers import Container
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from rules.engine.questions import PartyFigure
from tracker.players.view.widgets.figures import figure_content

CARD_WIDTH = 24  # the narrowest a card may be: a bar of 6, `WP taken 12`, `End 5/6` beside a word


class FigureCard(Widget):
    """One figure's card; `-now` while it acts (a louder border, `▶` in its title)."""

    DEFAULT_CSS = """
    FigureCard {
        height: auto;
        border: round $primary;
        border-title-color: $foreground;
        border-title-style: bold;
        padding: 0 1;
    }
    FigureCard.-now { border: heavy $warning; border-subtitle-color: $foreground; }
    """

    def __init__(self, figure: PartyFigure, now: bool = False) -> None:
        super().__init__()
        self.figure = figure
        self.show(figure, now)

    def show(self, figure: PartyFigure, now: bool) -> None:
        self.figure = figure
        self.border_title = f"▶ {figure.name}" if now else figure.name
        self.border_subtitle = "acts now" if now else ""
        self.set_class(now, "-now")
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(figure_content(self.figure, width).wrap(width)) if width else 0

    def render(self) -> Content:
        return figure_content(self.figure, self.content_size.width or CARD_WIDTH - 4)


class CardGrid(Container):
    """Cards side by side, as many columns as fit `CARD_WIDTH` (at least one)."""

    DEFAULT_CSS = """
    CardGrid {
        layout: grid;
        grid-size: 1;
        grid-rows: auto;
        grid-gutter: 0 1;
        height: auto;
        padding: 0 1;
    }
    """

    count = 0

    def show(self, figures: Sequence[PartyFigure], now: Sequence[str] = ()) -> None:
        self.count = len(figures)
        cards = list(self.query_children(FigureCard))
        for card, figure in zip(cards, figures, strict=False):
            card.show(figure, figure.name in now)
        if len(cards) > len(figures):
            for card in cards[len(figures) :]:
                card.remove()
        elif len(figures) > len(cards):
            self.mount_all(FigureCard(f, f.name in now) for f in figures[len(cards) :])
        self.display = bool(figures)
        self._fit(self.size.width)

    def on_resize(self) -> None:
        self._fit(self.size.width)

    def _fit(self, width: int) -> None:
        columns = max(1, min(self.count or 1, (width - 2 + 1) // (CARD_WIDTH + 1)))
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns

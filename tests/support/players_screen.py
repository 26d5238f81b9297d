"""Reading one part of the players' screen as it is drawn: the rows a widget covers, and
the screen as an SVG in a theme (what the contrast check reads)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget

from tests.support.players_view import screen_text, wait_until
from tracker.players.view.app import PlayersView


def part_text(app: PlayersView, widget: Widget) -> list[str]:
    """The rows of the screen `widget` covers, cut to its columns (what is visible of it)."""
    rows = screen_text(app).splitlines()
    region = widget.region
    return [row[region.x : region.right] for row in rows[region.y : region.bottom]]


async def opened(app: PlayersView, pilot: Pilot[None]) -> None:
    """Until the save is drawn."""
    await wait_until(pilot, lambda: app.drawn_revision >= 1)


async def in_theme(app: PlayersView, pilot: Pilot[None], theme: str) -> None:
    """Switch to `theme` and wait until the screen is painted in it."""
    app.theme = theme
    ground = app.theme_variables["background"].upper()
    await wait_until(pilot, lambda: app.screen.styles.background.hex.upper() == ground)
    await pilot.pause()


async def screenshot(path: Path, size: tuple[int, int], theme: str) -> str:
    """The players' screen of `path` at `size` in `theme`, as Textual's SVG export."""
    app = PlayersView(path)
    async with app.run_test(size=size) as pilot:
        await opened(app, pilot)
        await in_theme(app, pilot, theme)
        return app.export_screenshot()

"""The saves browser opens and redraws in every theme the app offers (issue 27).

Its rich-only cells (a DataTable's: the head rows, a party's, a broken save's) take
their colours from the theme's variables. An ANSI theme's are `ansi_green` and the
like, which rich cannot read: the app crashed on `o` in a 16-colour terminal (where
ansi-dark is chosen for the GM). Each offered theme is put on in turn, the browser
listing a broken save and a party, and each cell's colour is the theme's own.
"""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.widgets import DataTable

from tests.support.modal_host import until
from tests.support.saved_fights import crashed
from tracker.app.settings import FEW_COLOURS_THEME
from tracker.app.tracker_app import make_app
from tracker.screens.saves_browser import NEW, SavesBrowser
from tracker.widgets.tones import theme_style


def colour_of(table: DataTable[object]) -> object:
    """The colour the "New encounter" row is drawn in."""
    new = table.get_row(NEW)[0]
    assert isinstance(new, Text) and isinstance(new.style, Style)
    return new.style.color


def test_an_ansi_colour_becomes_the_terminal_s_own() -> None:
    class Host:
        def get_css_variables(self) -> dict[str, str]:
            return {"text-success": "ansi_green", "text-warning": "ansi_default"}

    green = theme_style(Host(), "text-success", bold=True)  # type: ignore[arg-type]
    assert green.color is not None and green.color.name == "color(2)" and green.bold
    assert theme_style(Host(), "text-warning").color.is_default  # type: ignore[union-attr]


async def test_the_browser_lists_its_rows_in_every_offered_theme(tmp_path: Path) -> None:
    crashed(tmp_path)  # a broken save: its cells in the theme's error colour
    app = make_app(saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser) and app.screen.filled)
        browser = app.screen
        table = browser.query_one(DataTable)
        themes = sorted(app.available_themes)
        assert FEW_COLOURS_THEME in themes and "ansi-light" in themes
        for theme in themes:
            app.theme = theme
            wanted = Color.parse(app.get_css_variables()["text-success"]).rich_color
            await until(pilot, lambda w=wanted: browser.filled and colour_of(table) == w)
        assert app.screen is browser

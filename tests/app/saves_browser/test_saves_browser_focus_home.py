"""Keys in the saves browser never go nowhere (issue 27): once, after `o`, the browser
had no focused row and its keys did nothing until Tab. With nothing focused, the next
key focuses the table and acts there (tracker.widgets.focus_home)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import until
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser


async def test_with_nothing_focused_the_arrow_moves_the_tables_cursor(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser = app.screen
        table = browser.query_one(DataTable)
        await until(pilot, lambda: browser.focused is table and table.row_count >= 4)
        browser.set_focus(None)  # however the focus went: the GM's next key
        await pilot.press("down")
        await until(pilot, lambda: browser.focused is table)
        assert table.cursor_row == 1  # the demo's row: this very key moved the cursor
        await pilot.press("down", "up", "up")
        assert table.cursor_row == 0


async def test_escape_still_goes_back_with_nothing_focused(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser = app.screen
        await until(pilot, lambda: browser.focused is not None)
        browser.set_focus(None)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))

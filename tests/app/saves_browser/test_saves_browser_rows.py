"""The saves browser: a broken save offers its intact backup; a row that looks openable opens.

A truncated `crash.json` beside a good `crash.json.bak`: the error names the
backup, a "↺ backup" row sits under the broken one, and enter there opens a
copy (`crash-restored.json`) — the broken file and the backup stay byte for
byte as they were. A save that fails full validation (day -5) is marked
"won't open" like any broken file.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from textual.widgets import DataTable

from rules.saves.store import backup_path, load_session
from tests.support.modal_host import until
from tests.support.saved_fights import crashed
from tracker.app.tracker_app import make_app
from tracker.files.demo import DEMO_PATH
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


def cells(browser: SavesBrowser, key: str) -> list[str]:
    table = browser.query_one(DataTable)
    return [str(cell) for cell in table.get_row(key)]


async def test_a_broken_save_offers_a_copy_of_its_intact_backup(tmp_path: Path) -> None:
    path = crashed(tmp_path)
    backup = backup_path(path)
    before = (path.read_bytes(), backup.read_bytes())
    app = make_app(path, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser: SavesBrowser = app.screen  # type: ignore[assignment]
        assert "truncated or not JSON" in browser.error and str(path) in browser.error
        assert "An intact backup from " in browser.error
        assert "is at crash.json.bak" in browser.error
        assert "won't open" in cells(browser, str(path))
        row = cells(browser, str(backup))
        assert "↺ backup: The card game" in row[0] and row[-1] == "crash.json.bak"
        table = browser.query_one(DataTable)
        assert table.get_row_index(str(backup)) == table.get_row_index(str(path)) + 1
        table.move_cursor(row=table.get_row_index(str(path)))
        await pilot.pause()
        assert "the ↺ backup row under it opens a copy of crash.json.bak" in browser.error

        table.move_cursor(row=table.get_row_index(str(backup)))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        restored = tmp_path / "crash-restored.json"
        assert app.save_path == restored
        assert app.session is not None and app.session.encounter.day == 1
        await pilot.press("N")  # autosaves go to the copy
        await until(pilot, lambda: app.autosave.saved and app.session.encounter.day == 2)
    assert load_session(restored).encounter.day == 2
    assert (path.read_bytes(), backup.read_bytes()) == before


async def test_a_save_that_fails_validation_is_marked_wont_open(tmp_path: Path) -> None:
    """The tester's file: encounter.day -5 was listed as `The card game ⚔ -5 1 2/3`."""
    bad = tmp_path / "minus.json"
    data = json.loads(DEMO_PATH.read_text())
    data["encounter"]["day"] = -5
    bad.write_text(json.dumps(data, indent=1))
    good = tmp_path / "good.json"
    shutil.copyfile(DEMO_PATH, good)
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser: SavesBrowser = app.screen  # type: ignore[assignment]
        row = cells(browser, str(bad))
        assert row[0] == "⚠ minus" and row[3] == "won't open" and "-5" not in row
        assert cells(browser, str(good))[:4] == ["The card game", "1", "0", "3/3"]
        table = browser.query_one(DataTable)
        table.move_cursor(row=table.get_row_index(str(bad)))
        await pilot.pause()
        assert "encounter.day: Input should be greater than or equal to 1" in browser.error

"""The saves browser on a folder of 5,000 saves: the newest rows at once, the rest filled in.

Listing validated every file before the first row showed, and re-validated
all of them on each `o` (the cache emptied itself above 4,096 entries).
Now the first frame validates only the first `FIRST_ROWS` saves and the rest
follow a batch per refresh; a second listing validates none. Counted as
calls to the validation, never as time. A name that looks like markup
(`[/]`) once crashed the browser; it is shown as typed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable

import rules.saves.folder as save_folder
from rules.engine.session import Session
from rules.model.state import Encounter
from rules.saves.store import save_session
from tests.support.modal_host import until
from tracker.app.tracker_app import make_app
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import FIRST_ROWS, SavesBrowser

SIZE = (120, 40)
MANY = 5000
HEAD = 3  # the "New encounter", "Demo" and "New party" rows (no party files here)


@pytest.fixture
def big_folder(tmp_path: Path) -> Path:
    """5,000 small valid saves: one save's bytes, written under 5,000 names."""
    folder = tmp_path / "saves"
    folder.mkdir()
    first = folder / "fight-0.json"
    save_session(Session(Encounter(name="Skirmish")), first)
    data = first.read_bytes()
    for i in range(1, MANY):
        (folder / f"fight-{i}.json").write_bytes(data)
    return folder


def _rows(browser: SavesBrowser) -> int:
    return browser.query_one(DataTable).row_count


async def test_the_first_frame_waits_for_a_screenful_not_the_folder(
    big_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[Path] = []
    real_read = save_folder.read_save
    monkeypatch.setattr(save_folder, "read_save", lambda p: reads.append(p) or real_read(p))
    at_mount: list[tuple[int, int]] = []
    real_mount = SavesBrowser.on_mount

    def mount(self: SavesBrowser) -> None:
        real_mount(self)
        at_mount.append((_rows(self), len(reads)))
        self.action_reload()  # r while the rows fill in: the older filling stops

    monkeypatch.setattr(SavesBrowser, "on_mount", mount)
    app = make_app(None, saves_dir=big_folder, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser) and app.screen.filled)
        assert at_mount == [(HEAD + FIRST_ROWS, FIRST_ROWS)]
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        assert _rows(browser) == HEAD + MANY and len(browser.saves) == MANY
        assert len(reads) == MANY  # the reload read nothing twice
        browser.choose("demo")  # a copy of the demo joins the folder and opens
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        reads.clear()
        await pilot.press("o")  # the saves browser again
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser) and app.screen.filled)
        assert _rows(app.screen) == HEAD + MANY + 1
        assert reads == [app.save_path]  # only the new file is read
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)


async def test_a_name_that_looks_like_markup_is_shown_as_typed(tmp_path: Path) -> None:
    path = tmp_path / "[b]odd.json"
    save_session(Session(Encounter(name="[/] ambush [red]")), path)
    broken = tmp_path / "[x].json"
    broken.write_text(json.dumps({"format": "nope"}))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser) and app.screen.filled)
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        cells = [str(cell) for cell in table.get_row(str(path))]
        assert cells[0] == "[/] ambush [red]" and cells[-1] == "[b]odd.json"
        assert str(table.get_row(str(broken))[-1]) == "[x].json"
        assert app.is_running

"""Tidying the library from the saves browser: F2 renames, c copies, del deletes, u undoes.

Each key is pressed as a GM would, and the test looks at the folder on disk and
at the rows: a rename moves the file, its `.bak` and the encounter's name; a
copy never overwrites; a delete goes to SAVES/.trash and u brings it back. The
save open in this app, a link and a save another copy is saving stay put, said.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from textual.widgets import DataTable, Input

from rules.saves.lock import lock_path
from rules.saves.store import backup_path, load_session
from rules.saves.trash import TRASH
from tests.support.modal_host import until
from tests.support.tidy_folder import a_save, picture
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.form import FieldError
from tracker.modals.save_rename import RenameSave
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


def browser_of(app: TrackerApp) -> SavesBrowser:
    screen = app.screen
    assert isinstance(screen, SavesBrowser)
    return screen


def listed(app: TrackerApp) -> bool:
    return isinstance(app.screen, SavesBrowser) and app.screen.filled


async def on_row(app: TrackerApp, pilot: object, key: str) -> None:
    table = browser_of(app).query_one(DataTable)
    table.move_cursor(row=table.get_row_index(key))
    await until(pilot, lambda: browser_of(app).highlighted() == key)  # type: ignore[arg-type]


def first_cell(app: TrackerApp, key: str) -> str:
    return str(browser_of(app).query_one(DataTable).get_row(key)[0])


async def test_f2_renames_the_file_its_backup_and_the_encounter(tmp_path: Path) -> None:
    path = a_save(tmp_path, "tavern.json", "Tavern", with_backup=True)
    backup = backup_path(path).read_bytes()
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app))
        await on_row(app, pilot, str(path))
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, RenameSave))
        app.screen.query_one("#name", Input).value = ""
        await pilot.press(*"Tavern brawl", "enter")
        new = tmp_path / "tavern-brawl.json"
        await until(pilot, lambda: listed(app) and browser_of(app).highlighted() == str(new))
        assert first_cell(app, str(new)) == "Tavern brawl"
        assert str(path) not in browser_of(app).query_one(DataTable).rows
    assert not path.exists() and backup_path(new).read_bytes() == backup
    assert load_session(new).encounter.name == "Tavern brawl"


async def test_a_taken_name_is_refused_in_the_prompt_and_nothing_moves(tmp_path: Path) -> None:
    path = a_save(tmp_path, "tavern.json", "Tavern")
    a_save(tmp_path, "duel.json", "Duel")
    before = picture(tmp_path)
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app))
        await on_row(app, pilot, str(path))
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, RenameSave))
        app.screen.query_one("#name", Input).value = ""
        await pilot.press(*"Duel", "enter")
        error = app.screen.query_one(FieldError)
        await until(pilot, lambda: f"duel.json is already in {tmp_path}" in str(error.render()))
        assert isinstance(app.screen, RenameSave)  # enter is refused: the prompt stays
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
    assert picture(tmp_path) == before


async def test_c_copies_beside_it_and_never_over_a_file(tmp_path: Path) -> None:
    path = a_save(tmp_path, "duel.json", "Duel")
    (tmp_path / "duel-copy.json").write_text("not ours")
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app))
        await on_row(app, pilot, str(path))
        await pilot.press("c")
        copy = tmp_path / "duel-copy-2.json"
        await until(pilot, lambda: listed(app) and browser_of(app).highlighted() == str(copy))
        assert first_cell(app, str(copy)) == "Duel"
    assert copy.read_bytes() == path.read_bytes()
    assert (tmp_path / "duel-copy.json").read_text() == "not ours"


async def test_delete_goes_to_the_trash_and_u_puts_it_back(tmp_path: Path) -> None:
    path = a_save(tmp_path, "duel.json", "Duel", with_backup=True)
    before = picture(tmp_path)
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app))
        await on_row(app, pilot, str(path))
        await pilot.press("delete")
        table = browser_of(app).query_one(DataTable)
        await until(pilot, lambda: listed(app) and str(path) not in table.rows)
        assert not path.exists() and not backup_path(path).exists()
        assert len(os.listdir(tmp_path / TRASH)) == 2  # the save and its .bak
        title = browser_of(app).query_one("#browser-title")
        assert "1 in the trash (u puts the last back)" in str(title.render())
        await pilot.press("u")
        await until(pilot, lambda: listed(app) and browser_of(app).highlighted() == str(path))
        assert "in the trash" not in str(title.render())
    after = picture(tmp_path)
    assert after == before


async def test_the_save_open_here_is_not_renamed_or_deleted(tmp_path: Path) -> None:
    path = a_save(tmp_path, "duel.json", "Duel")
    app: TrackerApp = make_app(path, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("o")
        await until(pilot, lambda: listed(app))
        await on_row(app, pilot, str(path))
        await pilot.press("delete")
        await until(pilot, lambda: "it is the fight open in this tracker now" in app.screen.error)
        assert f"cannot delete {path}" in browser_of(app).error
        assert path.exists() and not (tmp_path / TRASH).exists()
        await pilot.press("escape")  # back to the fight, which still autosaves to its file
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("N")
        await until(pilot, lambda: app.autosave.saved and app.session.encounter.day == 2)
    assert load_session(path).encounter.day == 2


async def test_a_link_and_a_save_being_saved_are_left_alone(tmp_path: Path) -> None:
    real = a_save(tmp_path / "elsewhere", "real.json", "Real")
    saves = tmp_path / "saves"
    busy = a_save(saves, "busy.json", "Busy")
    link = saves / "link.json"
    link.symlink_to(real)
    before = picture(tmp_path)
    app: TrackerApp = make_app(None, saves_dir=saves, seed=1)  # type: ignore[assignment]
    fd = os.open(lock_path(busy), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # as another copy of the tracker mid-save holds it
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: listed(app))
            await on_row(app, pilot, str(link))
            await pilot.press("delete")
            await until(pilot, lambda: "it is a symbolic link" in browser_of(app).error)
            await on_row(app, pilot, str(busy))
            await pilot.press("f2")
            await until(pilot, lambda: isinstance(app.screen, RenameSave))
            app.screen.query_one("#name", Input).value = ""
            await pilot.press(*"Quiet", "enter")
            await until(
                pilot, lambda: "another copy of the tracker is saving it" in app.screen.error
            )
            await pilot.press("delete")
            await until(pilot, lambda: "cannot delete" in browser_of(app).error)
    finally:
        os.close(fd)
    assert picture(tmp_path) == before


async def test_tidy_keys_on_a_row_that_is_no_save_say_so(tmp_path: Path) -> None:
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app))
        await pilot.press("delete")  # on "＋ New encounter"
        await until(pilot, lambda: "move the cursor to one of the saves" in browser_of(app).error)
        await pilot.press("u")
        await until(pilot, lambda: "the trash of" in browser_of(app).error)
        assert "is empty" in browser_of(app).error
    assert os.listdir(tmp_path) == []

"""Hostile files in `<saves>/parties/` as the browser and the party screen meet them.

A symbolic link to a party file opens (reading through a link is harmless) but is
never written through: the party screen says so in its title, and every change is
refused up front in words the GM can act on (it used to run the change, then say
"save the party aside", which the party screen cannot do). A broken party row's reason
goes from the error line when the cursor moves to a good row (it used to stay, as if
the good row were broken)."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import DataTable, Static

from rules.model.state import Combatant
from rules.party.between import new_party
from rules.saves.party_store import save_party
from tests.support.modal_host import until
from tests.support.party_ui import party_file, read
from tracker.app.tracker_app import make_app
from tracker.party.screen import PartyScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


async def _pick(pilot, app, key: str) -> None:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(DataTable)
    await until(pilot, lambda: key in {str(k.value) for k in table.rows})
    table.move_cursor(row=table.get_row_index(key))
    await pilot.pause()


async def test_a_linked_party_shows_read_only_and_refuses_changes_up_front(
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "elsewhere" / "eve.json"
    elsewhere.parent.mkdir()
    party = new_party("Eve's", [Combatant(id="eve", name="Eve", side="PC", exhaustion=1)])
    save_party(party, elsewhere, expected=None)
    link = tmp_path / "saves" / "parties" / "link.json"
    link.parent.mkdir(parents=True)
    os.symlink(elsewhere, link)
    app = make_app(None, saves_dir=tmp_path / "saves", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await _pick(pilot, app, f"party:{link}")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        screen = app.screen
        assert isinstance(screen, PartyScreen)
        title = str(screen.query_one("#party-title", Static).render())
        assert title.endswith("link.json · read-only: a symbolic link")
        for key in ("N", "r", "P", "h", "u", "delete"):
            screen.show_error("")
            await pilot.press(key)
            await until(pilot, lambda: screen.error.startswith("link.json is a symbolic link"))
            assert app.screen is screen, f"{key} opened a dialog"
        assert f"(to {elsewhere})" in screen.error and "put a copy of the file" in screen.error
        assert read(elsewhere) == party and link.is_symlink()
        await pilot.press("escape")  # leaving is never refused
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))


async def test_a_broken_rows_reason_goes_when_the_cursor_moves_to_a_good_row(
    tmp_path: Path,
) -> None:
    good = party_file(tmp_path, Combatant(id="kans", name="Kans", side="PC"))
    torn = tmp_path / "parties" / "torn.json"
    torn.write_bytes(good.read_bytes()[:100])
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        await _pick(pilot, app, f"party:{torn}")
        await until(pilot, lambda: "truncated or not JSON" in browser.error)
        await _pick(pilot, app, f"party:{good}")
        await until(pilot, lambda: browser.error == "")
        await _pick(pilot, app, f"party:{torn}")
        await pilot.press("enter")  # refused: the reason, with the file's path
        await until(pilot, lambda: str(torn) in browser.error)
        await _pick(pilot, app, f"party:{good}")
        await until(pilot, lambda: browser.error == "")
        assert isinstance(app.screen, SavesBrowser)

"""A party file that will not open (issue 17): the browser lists it with why and where,
enter stays in the browser, and the new encounter's party pick cannot take it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, OptionList, Static

from tests.support.modal_host import type_into, until
from tests.support.party_ui import kans, party_file
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.encounter_name import EncounterName
from tracker.party.pick_dialog import PartyPick
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


def _broken(saves: Path) -> Path:
    path = saves / "parties" / "torn.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "fading-suns-party", "schema_ver')
    return path


async def test_a_broken_party_says_why_and_enter_stays_in_the_browser(tmp_path: Path) -> None:
    broken = _broken(tmp_path)
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        key = f"party:{broken}"
        table = browser.query_one(DataTable)
        table.move_cursor(row=table.get_row_index(key))
        await until(pilot, lambda: "torn.json" in browser.error)
        assert "⚠" in str(browser.query_one("#browser-error", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesBrowser)
        assert "torn.json" in browser.error


async def test_the_party_pick_cannot_take_a_broken_party(tmp_path: Path) -> None:
    _broken(tmp_path)
    party_file(tmp_path, kans())
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EncounterName))
        await type_into(pilot, "#name", "Ambush")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PartyPick))
        pick = app.screen
        assert isinstance(pick, PartyPick)
        options = pick.query_one("#parties", OptionList)
        broken = next(i for i, info in enumerate(pick.parties) if info.party is None) + 1
        assert options.get_option_at_index(broken).disabled
        assert pick.validate_form()[0] is not None  # the good party is the one highlighted
        assert pick.parties[options.highlighted - 1].party is not None  # type: ignore[operator]

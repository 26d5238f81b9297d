"""A party formed of the open encounter's PCs (issue 17): `o` from a fight, "⚑ New party",
a name, and y takes the PCs as they stand; n makes an empty party instead."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from tests.support.modal_host import type_into, until
from tests.support.party_ui import read
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.confirm import Confirm
from tracker.modals.encounter_name import EncounterName
from tracker.party.screen import PartyScreen
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


async def _name_a_party(pilot, app: TrackerApp) -> None:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await pilot.press("o")
    await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
    table = app.screen.query_one(DataTable)
    table.move_cursor(row=table.get_row_index("new-party"))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, EncounterName))
    await type_into(pilot, "#name", "Card players")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, Confirm))


async def test_y_forms_the_party_of_the_encounters_pcs(tmp_path: Path) -> None:
    app: TrackerApp = make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await _name_a_party(pilot, app)
        pcs = {cid for cid, c in app.session.encounter.combatants.items() if c.side == "PC"}
        assert pcs  # the demo has its PCs
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        party = read(tmp_path / "parties" / "card-players.json")
        assert set(party.characters) == pcs


async def test_n_makes_an_empty_party(tmp_path: Path) -> None:
    app: TrackerApp = make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await _name_a_party(pilot, app)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        assert read(tmp_path / "parties" / "card-players.json").characters == {}
        await pilot.press("E")  # the open encounter's PCs join after all
        await until(pilot, lambda: read(tmp_path / "parties" / "card-players.json").characters)

"""Finding a save: `/` filters by name, party and date; a party's encounters sit under it.

Both must hold in a folder the browser fills in batches (FIRST_ROWS, then BATCH a
refresh): a filter typed while it fills lists exactly the matches once filled, and
a party's encounter read in a late batch still lands under its party's row.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from textual.widgets import DataTable, Input

from rules.engine.session import Session
from rules.model.state import Encounter
from rules.saves.store import save_session
from tests.support.modal_host import until
from tests.support.party_ui import encounter_file, kans, party_file
from tests.support.tidy_folder import a_save
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.saves_browser import BATCH, FIRST_ROWS, SavesBrowser

SIZE = (120, 40)
PARTY = "party:"


def browser_of(app: TrackerApp) -> SavesBrowser:
    screen = app.screen
    assert isinstance(screen, SavesBrowser)
    return screen


def keys(app: TrackerApp) -> list[str]:
    """The listed rows' keys, top to bottom."""
    table = browser_of(app).query_one(DataTable)
    return [str(table.coordinate_to_cell_key((i, 0)).row_key.value) for i in range(table.row_count)]


def listed(app: TrackerApp) -> bool:
    return isinstance(app.screen, SavesBrowser) and app.screen.filled


def aged(path: Path, hours: float) -> Path:
    """Saved `hours` ago: the browser lists newest first."""
    when = datetime.now().timestamp() - hours * 3600
    os.utime(path, (when, when))
    return path


async def test_a_partys_encounters_are_listed_under_it(tmp_path: Path) -> None:
    hawkwood = party_file(tmp_path, kans(), name="Hawkwood")
    decados = party_file(tmp_path, kans(), name="Decados")
    raid = aged(encounter_file(tmp_path, hawkwood, "Night raid"), 1)
    duel = aged(a_save(tmp_path, "duel.json", "Duel"), 2)
    ball = aged(encounter_file(tmp_path, decados, "Masked ball"), 3)
    ambush = aged(encounter_file(tmp_path, hawkwood, "Bridge ambush"), 4)
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app))
        order = keys(app)[3:]  # after new encounter, demo, new party
        assert order == [
            PARTY + str(decados),
            str(ball),
            PARTY + str(hawkwood),
            str(raid),
            str(ambush),
            str(duel),
        ] or order == [
            PARTY + str(hawkwood),
            str(raid),
            str(ambush),
            PARTY + str(decados),
            str(ball),
            str(duel),
        ]
        table = browser_of(app).query_one(DataTable)
        assert str(table.get_row(str(raid))[0]) == "  ↳ Night raid"
        assert str(table.get_row(str(duel))[0]) == "Duel"


async def test_an_encounter_read_in_a_late_batch_still_lands_under_its_party(
    tmp_path: Path,
) -> None:
    hawkwood = party_file(tmp_path, kans(), name="Hawkwood")
    oldest = aged(encounter_file(tmp_path, hawkwood, "First session"), 100)
    filler = tmp_path / "fight-0.json"
    save_session(Session(Encounter(name="Skirmish")), filler)
    data = filler.read_bytes()
    for i in range(1, FIRST_ROWS + 20):
        (tmp_path / f"fight-{i}.json").write_bytes(data)
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app))  # the oldest is read after the first rows
        order = keys(app)
        assert order.index(str(oldest)) == order.index(PARTY + str(hawkwood)) + 1
        assert len(order) == 3 + 1 + 1 + FIRST_ROWS + 20


async def test_slash_filters_by_name_party_and_date_and_escape_clears(tmp_path: Path) -> None:
    hawkwood = party_file(tmp_path, kans(), name="Hawkwood")
    raid = encounter_file(tmp_path, hawkwood, "Night raid")
    duel = aged(a_save(tmp_path, "duel.json", "Duel at dawn"), 24 * 400)
    tavern = a_save(tmp_path, "tavern.json", "Tavern brawl")
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app))
        everything = keys(app)
        await pilot.press("slash")
        await until(pilot, lambda: bool(browser_of(app).query("#browser-filter")))
        await pilot.press(*"DAWN")
        await until(pilot, lambda: listed(app) and keys(app) == [str(duel)])
        box = browser_of(app).query_one("#browser-filter", Input)
        box.value = "hawk"  # the party's name: the party and its encounters
        await until(pilot, lambda: listed(app) and keys(app) == [PARTY + str(hawkwood), str(raid)])
        year = datetime.fromtimestamp(duel.stat().st_mtime).strftime("%Y-%m-%d")
        box.value = year  # the day it was saved, as the Saved column shows it
        await until(pilot, lambda: listed(app) and keys(app) == [str(duel)])
        box.value = "brawl tavern"  # every word, in any order
        await until(pilot, lambda: listed(app) and keys(app) == [str(tavern)])
        await pilot.press("enter")  # the filter stays; the cursor is in the list
        await until(pilot, lambda: browser_of(app).query_one(DataTable).has_focus)
        await pilot.press("escape")
        await until(pilot, lambda: listed(app) and keys(app) == everything)
        assert not browser_of(app).query("#browser-filter")
        assert isinstance(app.screen, SavesBrowser)  # escape cleared the filter, not the browser
        table = browser_of(app).query_one(DataTable)  # still on the save it was filtered to,
        assert keys(app)[table.cursor_row] == str(tavern)  # not on the row of that number


async def test_a_filter_typed_while_a_big_folder_fills_lists_exactly_the_matches(
    tmp_path: Path,
) -> None:
    first = tmp_path / "fight-0.json"
    save_session(Session(Encounter(name="Skirmish")), first)
    data = first.read_bytes()
    many = FIRST_ROWS + BATCH + 120
    for i in range(1, many):
        (tmp_path / f"fight-{i}.json").write_bytes(data)
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await pilot.press("slash", *"fight-69")
        await until(pilot, lambda: listed(app))
        wanted = {
            str(tmp_path / f"fight-{n}.json") for n in range(many) if "fight-69" in f"fight-{n}."
        }
        assert set(keys(app)) == wanted and len(keys(app)) == len(wanted) == 11
        assert len(browser_of(app).saves) == many

"""The party screen (issue 17): reached from the saves browser, it shows each character's
lasting state and the day, and every command is saved to the party file at once; bad
input and refusals say what and where, and change nothing."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import DataTable, Input, Static

from tests.support.modal_host import type_into, until
from tests.support.party_ui import kans, party_file, read, ula
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.confirm import Confirm
from tracker.modals.heal import HealForm
from tracker.modals.templates import TemplatePicker
from tracker.party.screen import PartyScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


def _app(saves: Path) -> TrackerApp:
    return make_app(None, saves_dir=saves, seed=1)  # type: ignore[return-value]


async def _open_party(pilot, app: TrackerApp, path: Path) -> PartyScreen:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
    browser = app.screen
    assert isinstance(browser, SavesBrowser)
    key = f"party:{path}"
    assert key in browser.parties  # the party has its row in the browser
    table = browser.query_one(DataTable)
    table.move_cursor(row=table.get_row_index(key))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, PartyScreen))
    assert isinstance(app.screen, PartyScreen)
    return app.screen


def _text(screen: PartyScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_the_browser_opens_the_party_screen_with_each_characters_state(
    tmp_path: Path,
) -> None:
    path = party_file(tmp_path, kans(wounded=True), ula())
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_party(pilot, app, path)
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        row = [str(cell) for cell in table.get_row("kans")]
        assert row[0] == "Kans" and row[1].startswith("3 WP")
        assert "day 1" in _text(screen, "#party-title")
        assert _text(screen, "#party-state").startswith("Kans: 3 WP")  # the rules' summary
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))


async def test_new_day_is_saved_to_the_file_and_u_undoes_it(tmp_path: Path) -> None:
    path = party_file(tmp_path, kans())
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_party(pilot, app, path)
        await pilot.press("N")
        await until(pilot, lambda: read(path).day == 2)
        assert "day 2" in _text(screen, "#party-title")
        assert "new day" in _text(screen, "#party-log").lower() or "day 2" in _text(
            screen, "#party-log"
        )
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: read(path).day == 1)
        assert read(path).history[-1].kind == "undo"


async def test_heal_refuses_a_bad_number_and_heals_a_good_one(tmp_path: Path) -> None:
    path = party_file(tmp_path, kans(wounded=True))
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _open_party(pilot, app, path)
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HealForm))
        await type_into(pilot, "#heal-wp", "two")
        await pilot.press("enter")
        form = app.screen
        assert isinstance(form, HealForm) and form.refusals == 1  # still open, nothing done
        assert read(path).characters["kans"].total_wp() == 3
        await type_into(pilot, "#heal-wp", "2")
        await pilot.press("enter")
        await until(pilot, lambda: read(path).characters["kans"].total_wp() == 1)


async def test_a_refusal_from_the_rules_is_shown_and_changes_nothing(tmp_path: Path) -> None:
    path = party_file(tmp_path, kans())
    before = path.read_bytes()
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_party(pilot, app, path)
        await pilot.press("r")  # no one is exhausted: the rules refuse a rest (A5)
        await until(pilot, lambda: "exhaustion" in screen.error)
        assert "⚠" in _text(screen, "#party-error")
        assert path.read_bytes() == before


async def test_a_character_from_the_roster_joins_and_goes_back_as_a_template(
    tmp_path: Path,
) -> None:
    path = party_file(tmp_path, kans())
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_party(pilot, app, path)
        await pilot.press("plus")
        await until(pilot, lambda: isinstance(app.screen, TemplatePicker))
        await pilot.press("enter")  # the first built-in template
        await until(pilot, lambda: len(read(path).characters) == 2)
        joined = next(c for cid, c in read(path).characters.items() if cid != "kans")
        assert joined.side == "PC"  # the roster's first, a Decados guard (enemy), joins as a PC
        table = screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 2)
        table.move_cursor(row=table.get_row_index("kans"))
        await pilot.press("T")
        template = tmp_path / "roster" / "kans.json"
        await until(pilot, template.exists)
        sheet = json.loads(template.read_text())
        assert sheet["name"] == "Kans" and "wounds" not in sheet and "luck" not in sheet


async def test_an_empty_party_says_so_for_a_characters_command(tmp_path: Path) -> None:
    path = party_file(tmp_path)
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_party(pilot, app, path)
        assert "No characters yet" in _text(screen, "#party-state")
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)  # no dialog about nobody
        assert read(path).revision == 1


async def test_a_new_party_named_in_the_browser_is_saved_and_opened(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser = app.screen
        table = browser.query_one(DataTable)
        table.move_cursor(row=table.get_row_index("new-party"))
        await pilot.press("enter")
        await until(pilot, lambda: app.screen.query("#name"))
        await type_into(pilot, "#name", "")
        await pilot.press("enter")  # an empty name: refused where it was typed
        assert app.screen.query_one("#name", Input).value == ""
        await type_into(pilot, "#name", "Hawkwood")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        assert read(tmp_path / "parties" / "hawkwood.json").name == "Hawkwood"


async def test_a_party_file_changed_behind_the_screen_is_refused_and_read_again(
    tmp_path: Path,
) -> None:
    """Another copy wrote the party while its screen was open: the change is refused with
    the file's reason, nothing is written over it, and the screen shows what is there."""
    from rules.party.between import new_day
    from rules.saves.party_store import save_party

    path = party_file(tmp_path, kans())
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_party(pilot, app, path)
        other = new_day(read(path))  # the other copy: day 2, revision 2
        save_party(other, path, expected=1)
        written = path.read_bytes()
        await pilot.press("N")
        await until(pilot, lambda: "changed since it was read" in screen.error)
        assert path.read_bytes() == written  # the other copy's day 2 stands
        assert screen.party.revision == 2 and "day 2" in _text(screen, "#party-title")
        await pilot.press("N")  # now on what is there: day 3
        await until(pilot, lambda: read(path).day == 3)


async def test_the_roster_picker_adds_one_character_at_a_time(tmp_path: Path) -> None:
    path = party_file(tmp_path, kans())
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_party(pilot, app, path)
        await pilot.press("plus")
        await until(pilot, lambda: isinstance(app.screen, TemplatePicker))
        await type_into(pilot, "#count", "2")
        await pilot.press("enter")
        await until(pilot, lambda: "one character at a time" in screen.error)
        assert len(read(path).characters) == 1


async def test_delete_asks_then_the_character_leaves_and_u_brings_them_back(
    tmp_path: Path,
) -> None:
    path = party_file(tmp_path, kans(wounded=True), ula())
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _open_party(pilot, app, path)
        await pilot.press("delete")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: set(read(path).characters) == {"ula"})
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: "kans" in read(path).characters)
        assert read(path).characters["kans"].total_wp() == 3  # back with the wound


async def test_the_palette_offers_the_party_commands(tmp_path: Path) -> None:
    from tracker.party.screen import PartyCommands

    path = party_file(tmp_path, kans())
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_party(pilot, app, path)
        entries = {title: run for title, run, _ in PartyCommands(screen).entries()}
        assert "Party: heal or staunch Kans" in entries
        assert "Party: save Kans as a roster template" in entries
        app.call_later(entries["Party: new day"])
        await until(pilot, lambda: read(path).day == 2)

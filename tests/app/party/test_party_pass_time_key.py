"""The party screen's pass time (P, and "Party: pass time" in the palette): the party's
pass-time dialog, the rules' passage saved to the party file, demise checks rolled with
the app's dice (virtual, or the faces the GM types), the history line and a notice,
bad input named under its field with nothing changed, and u undoing it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static

from tests.support.modal_host import save_disabled, shown, type_into, until
from tests.support.party_time_ui import bleeder, party_of
from tests.support.party_ui import read
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.confirm import Confirm
from tracker.modals.dice_entry import DiceEntry
from tracker.party.pass_time_dialog import PartyPassTimeForm
from tracker.party.screen import PartyCommands, PartyScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


async def _open(pilot, app: TrackerApp, path: Path) -> PartyScreen:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
    table = app.screen.query_one(DataTable)
    table.move_cursor(row=table.get_row_index(f"party:{path}"))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, PartyScreen))
    assert isinstance(app.screen, PartyScreen)
    return app.screen


async def _pass(pilot, app: TrackerApp, amount: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("P")
    await until(pilot, lambda: isinstance(app.screen, PartyPassTimeForm))
    await type_into(pilot, "#amount", amount)
    await until(pilot, lambda: not save_disabled(app))
    await pilot.click("#save")


def _log(screen: PartyScreen) -> str:
    return str(screen.query_one("#party-log", Static).render())


async def test_p_passes_40_tu_the_bleeding_lands_and_the_history_says_so(tmp_path: Path) -> None:
    path = party_of(tmp_path, bleeder(3, checked=True))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, app, path)
        await _pass(pilot, app, "40")
        await until(pilot, lambda: read(path).get("kans").bleed_wp == 4)
        await until(pilot, lambda: "Time passes: 40 TU" in _log(screen))
        assert read(path).history[-1].lines == ["Kans: bled 4 WP (4 ticks, A14); now 7 WP"]
        assert read(path).get("kans").bleed_anchor == -44  # from a track at 0 again
        notices = [n.message for n in app._notifications]
        assert any(m.startswith("Time passes: 40 TU: Kans: bled 4 WP") for m in notices)


async def test_bad_amount_is_named_and_nothing_changes(tmp_path: Path) -> None:
    path = party_of(tmp_path, bleeder(3))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await _open(pilot, app, path)
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PartyPassTimeForm))
        await type_into(pilot, "#amount", "soon")
        await until(pilot, lambda: shown(app, "amount").startswith("amount: 'soon'"))
        assert save_disabled(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        assert read(path).revision == 1 and read(path).get("kans").bleed_wp == 0


async def test_physical_dice_ask_for_the_demise_check_and_a_failure_kills_then_u_undoes(
    tmp_path: Path,
) -> None:
    path = party_of(tmp_path, bleeder(8))  # the first tick crosses half Endurance (A16)
    app = make_app(None, saves_dir=tmp_path, seed=1, dice_mode="physical")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, app, path)
        await _pass(pilot, app, "40")
        await until(pilot, lambda: isinstance(app.screen, DiceEntry))
        entry = app.screen
        assert isinstance(entry, DiceEntry) and (entry.sides, entry.count) == (10, 6)
        assert "demise check: Kans" in entry.purpose
        assert read(path).revision == 1  # nothing is written before the faces
        await type_into(pilot, "#faces", "1 1 1 1 1 1")
        await pilot.press("enter")
        await until(pilot, lambda: read(path).get("kans").dead)
        assert read(path).get("kans").bleed_wp == 1  # the dead bleed no more
        assert "Kans dies (failed demise check" in _log(screen)
        await until(pilot, lambda: any(n.title == "A death (A16)" for n in app._notifications))
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: not read(path).get("kans").dead)
        assert read(path).get("kans").bleed_wp == 0


async def test_escape_at_the_dice_changes_nothing(tmp_path: Path) -> None:
    path = party_of(tmp_path, bleeder(8))
    app = make_app(None, saves_dir=tmp_path, seed=1, dice_mode="physical")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, app, path)
        await _pass(pilot, app, "40")
        await until(pilot, lambda: isinstance(app.screen, DiceEntry))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        assert "nothing changed" in screen.error
        assert read(path).revision == 1


async def test_the_palette_offers_party_pass_time(tmp_path: Path) -> None:
    path = party_of(tmp_path, bleeder(3, checked=True))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, app, path)
        provider = PartyCommands(screen)
        titles = [title for title, _, _ in provider.entries()]
        assert "Party: pass time" in titles
        run = next(run for title, run, _ in provider.entries() if title == "Party: pass time")
        run()
        await until(pilot, lambda: isinstance(app.screen, PartyPassTimeForm))
        await until(pilot, lambda: bool(app.screen.query("#preview")))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        assert read(path).revision == 1

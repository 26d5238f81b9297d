"""Back to the party (issue 17): a new encounter from the saves browser takes a party's
characters; when its combat ends the write-back summary shows, one key writes it back,
escape skips it (and the palette offers it again)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input, Static

from rules.model.commands import ApplyWound, Luck, StartCombat
from tests.support.modal_host import until
from tests.support.party_ui import kans, new_encounter_from_party, party_file, read
from tracker.app.commands_palette import TrackerCommands
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.encounter_name import EncounterName
from tracker.modals.end_combat import EndCombatModal
from tracker.party.pick_dialog import PartyPick
from tracker.party.write_back import WriteBackDialog
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


async def _fight(pilot, app: TrackerApp) -> None:  # type: ignore[no-untyped-def]
    """Kans earns 2 LP, takes a 4 WP wound to the right arm, and combat runs."""
    assert app.run_command(Luck(target="kans", amount=2, reason="saved the child"))
    assert app.run_command(ApplyWound(target="kans", wound_points=4, location="right arm"))
    assert app.run_command(StartCombat(initiators=["kans"]))
    await pilot.pause()


def _summary(app: TrackerApp) -> str:
    return str(app.screen.query_one("#summary", Static).render())


async def test_ending_combat_shows_the_summary_and_y_writes_it_back(tmp_path: Path) -> None:
    path = party_file(tmp_path, kans())
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await new_encounter_from_party(pilot, "Morning ambush")
        enc = app.session.encounter
        assert enc.party is not None and enc.party.file == path.name
        assert "kans" in enc.combatants  # joined with the party's state
        status = str(app.screen.query_one("#status", Static).render())
        assert status.startswith(" Morning ambush ⚑ Hawkwood")  # where it writes back
        await _fight(pilot, app)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, EndCombatModal))
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, WriteBackDialog))
        text = _summary(app)
        assert text.startswith("Kans: 4 WP") and "LP +2" in text
        assert read(path).revision == 1  # nothing written before the key
        await pilot.press("y")
        await until(pilot, lambda: read(path).revision == 2)
        party = read(path)
        assert party.characters["kans"].luck == 2
        assert party.characters["kans"].total_wp() == 4
        assert party.history[-1].kind == "write-back"
        assert not app.session.encounter.in_combat  # the encounter itself ended as ever


async def test_escape_skips_and_the_palette_offers_the_write_back_again(tmp_path: Path) -> None:
    path = party_file(tmp_path, kans())
    before = path.read_bytes()
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await new_encounter_from_party(pilot, "Morning ambush")
        await _fight(pilot, app)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, EndCombatModal))
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, WriteBackDialog))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert path.read_bytes() == before
        entries = TrackerCommands(app.screen).entries()
        (run,) = [run for title, run, _ in entries if title == "Write back to the party Hawkwood"]
        app.call_later(run)
        await until(pilot, lambda: isinstance(app.screen, WriteBackDialog))
        await pilot.press("enter")
        await until(pilot, lambda: read(path).characters["kans"].luck == 2)


async def test_no_party_gives_an_empty_encounter_and_no_write_back(tmp_path: Path) -> None:
    party_file(tmp_path, kans())
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EncounterName))
        await pilot.press("enter")  # "New encounter"
        await until(pilot, lambda: isinstance(app.screen, PartyPick))
        app.screen.query_one("#parties").highlighted = 0  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session.encounter.party is None and not app.session.encounter.combatants
        titles = [title for title, _, _ in TrackerCommands(app.screen).entries()]
        assert not [t for t in titles if t.startswith("Write back")]


async def test_escape_in_the_party_pick_makes_no_encounter(tmp_path: Path) -> None:
    party_file(tmp_path, kans())
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EncounterName))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PartyPick))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        assert list(tmp_path.glob("*.json")) == []
        assert app.screen.query_one(DataTable).row_count >= 4  # its rows are still there
        assert not app.screen.query(Input)


async def test_a_party_file_replaced_by_another_party_is_refused_before_the_summary(
    tmp_path: Path,
) -> None:
    from rules.party.between import new_party
    from rules.saves.party_store import save_party

    path = party_file(tmp_path, kans())
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await new_encounter_from_party(pilot, "Morning ambush")
        path.unlink()
        save_party(new_party("Hawkwood", [kans()]), path, expected=None)  # same name, new uid
        stranger = path.read_bytes()
        entries = TrackerCommands(app.screen).entries()
        (run,) = [run for title, run, _ in entries if title == "Write back to the party Hawkwood"]
        app.call_later(run)
        await until(pilot, lambda: any("not from" in n.message for n in app._notifications))
        assert not isinstance(app.screen, WriteBackDialog)
        assert path.read_bytes() == stranger

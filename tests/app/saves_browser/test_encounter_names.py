"""Naming encounters: the saves browser asks a new fight's name, and the palette renames
the current one through the engine (undoable)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.encounter_name import EncounterName
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


async def test_a_new_encounter_gets_the_name_typed_in_the_browser(tmp_path: Path) -> None:
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await pilot.press("enter")  # ＋ New encounter
        await until(pilot, lambda: isinstance(app.screen, EncounterName))
        assert app.screen.query_one("#name", Input).value == "New encounter"
        app.screen.query_one("#name", Input).value = ""
        await pilot.press(*"Bridge ambush", "enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session.encounter.name == "Bridge ambush"
        assert app.save_path is not None and app.save_path.name == "bridge-ambush.json"


async def test_escape_in_the_name_prompt_stays_in_the_browser(tmp_path: Path) -> None:
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EncounterName))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        assert list(tmp_path.glob("*.json")) == []


async def test_rename_from_the_palette_is_a_command_undo_takes_back(tmp_path: Path) -> None:
    from tracker.app.commands_palette import TrackerCommands

    app: TrackerApp = make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        old = app.session.encounter.name
        entries = TrackerCommands(app.screen).entries()
        (run,) = [run for title, run, _ in entries if title == "Rename the encounter"]
        app.call_later(run)  # as the palette does: on the app
        await until(pilot, lambda: isinstance(app.screen, EncounterName))
        app.screen.query_one("#name", Input).value = ""
        await pilot.press(*"Card game, night two", "enter")
        await until(pilot, lambda: app.session.encounter.name == "Card game, night two")
        assert app.session.done[-1].command.type == "rename-encounter"
        await pilot.press("u")
        await until(pilot, lambda: app.session.encounter.name == old)

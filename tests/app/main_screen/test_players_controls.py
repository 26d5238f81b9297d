"""The GM's keys for the players' screen: v hides/shows the selected combatant, V reveals
more of it, the palette toggles open rolls and foes' ticks; each is one undoable command,
autosaved like any other (so the players' screen following the save sees it)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.demo import demo_app
from tests.support.modal_host import until
from tracker.app.commands_palette import TrackerCommands
from tracker.screens.main import MainScreen

SIZE = (120, 40)


async def test_v_hides_V_reveals_and_u_undoes(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        screen = app.screen
        assert isinstance(screen, MainScreen)
        cid = screen.selected
        assert cid is not None
        c = app.session.encounter.combatants[cid]
        await pilot.press("v")
        await until(pilot, lambda: c.hidden)
        await pilot.press("V")
        await until(pilot, lambda: c.reveal == "name")
        await pilot.press("V")
        await until(pilot, lambda: c.reveal == "numbers")
        kinds = [step.command.type for step in app.session.done[-3:]]
        assert kinds == ["set-hidden", "set-reveal", "set-reveal"]
        app.autosave.flush()
        saved = json.loads(app.save_path.read_text())["encounter"]["combatants"][cid]
        assert saved["hidden"] is True and saved["reveal"] == "numbers"
        for _ in range(3):
            await pilot.press("u")
        await until(pilot, lambda: not c.hidden and c.reveal == "unknown")


async def test_the_palette_toggles_the_encounter_settings(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        provider = TrackerCommands(app.screen)
        entries = {title: run for title, run, _ in provider.entries()}
        entries["Players' screen: open rolls on"]()
        await until(pilot, lambda: app.session.encounter.settings.open_rolls)
        entries["Players' screen: foes' ticks only when acting"]()
        await until(pilot, lambda: app.session.encounter.settings.foe_ticks == "acting")
        titles = [title for title, _, _ in provider.entries()]
        assert "Players' screen: open rolls off" in titles
        assert "Players' screen: foes' ticks always" in titles

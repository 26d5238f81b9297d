"""A name is text, never markup: "Guard [x=1:2]" is a name a GM may type (or a save may
hold), and drawn as markup it stopped the app with a MarkupError (the fight status
dialog's title) or lost its brackets ("[draft]" drew as nothing)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import until
from tracker.modals.fight_status import FightStatusDialog
from tracker.screens.main import MainScreen

ODD = "Guard [x=1:2] [draft]"


def screen_text(app: object) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())  # type: ignore[attr-defined]


async def test_the_fight_status_dialog_names_a_bracketed_name_whole(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        app.session.encounter.combatants["kans"].name = ODD
        await pilot.press("home", "down", "f")  # Kans
        await until(pilot, lambda: isinstance(app.screen, FightStatusDialog))
        await until(pilot, lambda: f"Take {ODD} out of the fight" in screen_text(app))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("home", "space", "down", "space", "f")  # Dinzis and Kans, marked
        await until(pilot, lambda: isinstance(app.screen, FightStatusDialog))
        title = app.screen.query_one(".dialog-title", Static)
        await until(pilot, lambda: str(title.content).endswith(f"marked: Dinzis the Ukar, {ODD}"))
        assert "[draft]" in screen_text(app)  # drawn, not taken for a tag

"""Space marks roster rows (a ✓ glyph), escape clears the marks, and w, l, f and delete
then act on every marked combatant: one Batch command, one undo, one line each."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import until
from tracker.modals.confirm import Confirm
from tracker.modals.fight_status import FightStatusDialog
from tracker.modals.wound import WoundForm
from tracker.screens.main import MainScreen
from tracker.widgets.roster import MARKED, Roster


async def test_space_marks_escape_clears_and_a_wound_goes_to_all_marked(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        roster = app.screen.query_one(Roster)
        enc = app.session.encounter
        await pilot.press("home", "space", "down", "down", "space")
        assert roster.marked == ["dinzis", "molin"]
        line = "".join(segment.text for segment in roster.render_line(1))
        assert MARKED + enc.combatants["dinzis"].name in line
        await pilot.press("escape")
        assert roster.marked == []
        await pilot.press("home", "space", "down", "space")  # Dinzis and Kans
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, WoundForm))
        title = str(app.screen.query_one(".dialog-title", Static).content)
        names = f"{enc.combatants['dinzis'].name}, {enc.combatants['kans'].name}"
        assert title.endswith(f"for 2 marked: {names}")
        app.screen.query_one("#wp", Input).value = "2"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: enc.combatants["kans"].total_wp() == 2)
        assert enc.combatants["dinzis"].total_wp() == 2
        assert enc.combatants["molin"].total_wp() == 0
        wounds = [e.text for e in enc.log if e.kind == "wound"]
        assert len(wounds) == 2
        await pilot.press("u")  # one undo takes back both
        await until(pilot, lambda: enc.combatants["kans"].total_wp() == 0)
        assert enc.combatants["dinzis"].total_wp() == 0


async def test_out_of_the_fight_and_removal_for_the_marked(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        enc = app.session.encounter
        await pilot.press("home", "down", "space", "down", "space")  # Kans and Molin
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FightStatusDialog))
        await pilot.press("enter")
        await until(pilot, lambda: enc.combatants["molin"].out_of_fight)
        assert enc.combatants["kans"].out_of_fight
        await pilot.press("delete")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: list(enc.combatants) == ["dinzis"])
        assert app.screen.query_one(Roster).marked == []


async def test_a_refused_part_refuses_the_batch_and_says_whose(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        kans = enc.combatants["kans"]
        kans.dead = True
        await pilot.press("home", "space", "down", "space")  # Dinzis and the dead Kans
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, WoundForm))
        app.screen.query_one("#wp", Input).value = "2"
        await pilot.press("enter")
        message = f"{kans.name}: {kans.name} is dead"
        await until(pilot, lambda: any(message in n.message for n in app._notifications))
        assert enc.combatants["dinzis"].total_wp() == 0  # none of the two is wounded

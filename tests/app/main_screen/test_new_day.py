"""N (new day, C1) asks first while combat runs: it sits next to n (advance) and would
refresh every chance die and turn the day mid-fight. Out of combat it acts at once."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tests.support.demo import begin, demo_app
from tests.support.modal_host import until
from tracker.modals.confirm import Confirm
from tracker.screens.main import MainScreen

SIZE = (120, 40)


async def test_N_in_combat_asks_and_no_keeps_the_day_C1(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        day, steps = app.session.encounter.day, len(app.session.done)
        await pilot.press("N")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        question = str(app.screen.query_one("#question", Static).render())
        assert f"day {day + 1}" in question and "chance dice" in question
        await pilot.press("n")  # no
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert (app.session.encounter.day, len(app.session.done)) == (day, steps)
        await pilot.press("N")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: app.session.encounter.day == day + 1)
        assert app.session.done[-1].command.type == "new-day"

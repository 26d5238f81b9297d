"""A goal typed fast into the skill roll stays as typed (R2's named goals follow it).

`1 5` sent as one burst became `1` (Routine): the goal's name followed the `1`, and
that change, handled after the `5`, wrote `1` back over `15`. Found by the form fuzz
typing `1e309` through the keys (its enter then rolled at goal 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select
from textual.widgets.input import Selection

from tests.support.burst import send_at_once
from tests.support.demo import demo_app
from tests.support.modal_host import handled, until
from tracker.screens.main import MainScreen


@pytest.mark.parametrize(("typed", "named"), [("15", Select.NULL), ("13", 13), ("1e309", None)])
async def test_a_goal_typed_in_one_burst_is_kept(tmp_path: Path, typed: str, named: object) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session is not None)
        await pilot.press("s")
        await until(pilot, lambda: type(app.screen).__name__ == "SkillRollDialog")
        dialog = app.screen
        goal = dialog.query_one("#goal", Input)
        goal.focus()
        await pilot.pause()
        goal.selection = Selection(0, len(goal.value))
        send_at_once(app, *typed)
        await until(pilot, lambda: goal.value == typed)
        await handled(goal, dialog)  # every Changed of the burst handled
        await handled(dialog.query_one("#goal-name", Select), dialog)
        await pilot.pause()
        assert goal.value == typed
        if named is not None:
            assert dialog.query_one("#goal-name", Select).value == named

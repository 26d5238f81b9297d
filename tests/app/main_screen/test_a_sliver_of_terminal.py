"""Dragged down to a sliver (a tmux split, a window being resized), the app stays up.

A hostile run found the template picker (`t`) dying at 10 columns and the command
palette (`ctrl+p`) at 4: Textual 8.2.8 wrapped their options at width 0 and rich
raised `ValueError: range() arg 3 must not be zero`. Every option list now keeps a
minimum width (tracker.tcss) and runs past the edge instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.modal_host import until
from tracker.app.tracker_app import make_app
from tracker.screens.main import MainScreen


@pytest.mark.parametrize(("key", "screen"), [("t", "TemplatePicker"), ("ctrl+p", "CommandPalette")])
async def test_an_open_picker_survives_a_sliver_of_terminal(
    tmp_path: Path, key: str, screen: str
) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press(key)
        await until(pilot, lambda: type(app.screen).__name__ == screen)
        for width in (11, 10, 6, 4, 2, 1):
            await pilot.resize_terminal(width, 40)
            await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.is_running and type(app.screen).__name__ == screen

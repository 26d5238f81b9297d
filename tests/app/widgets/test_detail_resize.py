"""The detail pane draws its sheet again when its width changes, not when only its
height does (a banner coming or going as a dialog opens: issue 27, dialog_open_ms).

Its lines depend on the width alone (the sheet wraps to it); a height change only
shows more or fewer of them. Before, every Resize drew the whole sheet through Rich
again, on the way to the next dialog's first frame.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.demo import demo_app
from tests.support.modal_host import until
from tracker.screens.main import MainScreen
from tracker.widgets.detail import CombatantDetail


async def test_a_height_change_keeps_the_lines_and_a_width_change_wraps_them(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        detail = app.screen.query_one(CombatantDetail)
        await until(pilot, lambda: bool(detail.lines))
        drawn = detail.lines
        await pilot.resize_terminal(120, 30)
        await until(pilot, lambda: detail.size.height < 30)
        await pilot.pause()
        assert detail.lines is drawn  # the same sheet, not drawn again
        width = detail.size.width
        await pilot.resize_terminal(90, 30)
        await until(pilot, lambda: detail.size.width != width)
        await until(pilot, lambda: detail.lines is not drawn)
        assert max(line.cell_length for line in detail.lines) <= detail.size.width
        assert len(detail.lines) > len(drawn)  # narrower: the same sheet on more lines

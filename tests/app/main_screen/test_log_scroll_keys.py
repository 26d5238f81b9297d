"""The log reads back by keys alone: `[` `]` a page, `{` `}` the ends (no mouse needed).

PageUp/PageDown stay the roster's; these keys are the main screen's and the
hint on the log's edge names them, as does help (`?`).
"""

from __future__ import annotations

from pathlib import Path

from rules.model.commands import NewDay
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.help import HelpScreen
from tracker.screens.main import MainScreen
from tracker.widgets.event_log import EventLog
from tracker.widgets.roster import Roster

SIZE = (120, 40)


def _long_log(tmp_path: Path) -> TrackerApp:
    return make_app(demo=True, saves_dir=tmp_path, seed=1)  # type: ignore[arg-type]


async def test_brackets_page_the_log_and_braces_reach_its_ends(tmp_path: Path) -> None:
    app = _long_log(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        for _ in range(40):  # a log far taller than its pane
            app.run_command(NewDay())
        log = app.screen.query_one(EventLog)
        await until(pilot, lambda: len(log.lines) > 3 * log.size.height)
        roster = app.screen.query_one(Roster)
        selected = roster.selected
        page = log.size.height - 1
        oldest = len(log.lines) - log.size.height

        await pilot.press("left_square_bracket")
        assert log.offset_lines == page
        assert roster.selected == selected  # the roster's selection did not move
        await pilot.press("left_square_bracket")
        assert log.offset_lines == 2 * page
        await pilot.press("right_square_bracket")
        assert log.offset_lines == page
        await pilot.pause()
        edge = log.render_line(log.size.height - 1).text
        assert f"{page} more newer below" in edge and "[ ]" in edge

        await pilot.press("left_curly_bracket")
        assert log.offset_lines == oldest
        assert log.first_visible() == 0  # the very first line of the log is in view
        await pilot.press("left_square_bracket")
        assert log.offset_lines == oldest  # no further than the start
        await pilot.press("right_curly_bracket")
        assert log.offset_lines == 0
        await pilot.press("right_square_bracket")
        assert log.offset_lines == 0


async def test_help_lists_the_log_keys(tmp_path: Path) -> None:
    app = _long_log(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = dict(app.screen.key_help)  # type: ignore[attr-defined]
        assert keys["["] == "Log: older page"
        assert keys["]"] == "Log: newer page"
        assert keys["{"] == "Log: oldest"
        assert keys["}"] == "Log: newest"

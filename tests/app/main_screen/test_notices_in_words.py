"""The app's notices are the GM's words (issue 28): undo says what it undid, as the log
said it, and ctrl+c says how to quit in plain text.

Before, undo said `Undid add-effect` (an internal id) and ctrl+c showed Textual's
`Press [b]ctrl+q[/b] to quit the app` with its markup raw (every notice is plain).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.model.commands import ApplyWound
from tests.support.demo import demo_app
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp
from tracker.screens.main import MainScreen


@pytest.fixture
def noticed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[TrackerApp, list[str]]:
    """The demo's app, and every notice it gives, as the GM reads it."""
    app = demo_app(tmp_path)
    said: list[str] = []
    notify = app.notify

    def record(message: str, **kwargs: object) -> None:
        said.append(message)
        notify(message, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app, "notify", record)
    return app, said


async def test_undo_says_the_log_line_of_what_it_undid(
    noticed: tuple[TrackerApp, list[str]],
) -> None:
    app, said = noticed
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        wound = ApplyWound(target="kans", location="chest", wound_points=2, source="GM")
        assert app.run_command(wound)
        line = app.session.encounter.log[-1].text
        await pilot.press("u")
        await until(pilot, lambda: any(s.startswith("Undid") for s in said))
    undid = next(s for s in said if s.startswith("Undid"))
    assert "Kans" in line and line in undid
    assert "wound" not in undid.split(":", 1)[1].split()[0]  # not the command's id


async def test_ctrl_c_says_how_to_quit_in_plain_words(
    noticed: tuple[TrackerApp, list[str]],
) -> None:
    app, said = noticed
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("ctrl+c")
        await until(pilot, lambda: bool(said))
        assert isinstance(app.screen, MainScreen)  # ctrl+c only says how to quit
    assert "[" not in said[-1] and "ctrl+q quits" in said[-1]

"""The demo app driven by keys, as the main-screen tests (and those that start the same
way: quit, new day, the track, the fuzz) open it."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.main import MainScreen

SIZE = (120, 40)


def demo_app(tmp_path: Path, **kwargs: object) -> TrackerApp:
    return make_app(demo=True, saves_dir=tmp_path, seed=1, **kwargs)  # type: ignore[arg-type]


async def begin(pilot: Pilot[None]) -> None:
    """b, enter (Dinzis, the selected first row, opens ticked): A7's card game begins."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await pilot.press("b")
    await until(pilot, lambda: type(app.screen).__name__ == "BeginCombat")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await until(pilot, lambda: app.session.encounter.in_combat)

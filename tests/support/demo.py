"""The demo app driven by keys, as the main-screen tests (and those that start the same
way: quit, new day, the track, the fuzz) open it."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from rules.model.commands import Advance, StartCombat
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


async def kans_due(pilot: Pilot[None]) -> None:
    """Dinzis begins and moves off; the track runs until Kans's opportunity is due."""
    from rules.model.commands import Advance, StartCombat, TakeOpportunity

    app = pilot.app
    assert isinstance(app, TrackerApp)
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    app.run_command(StartCombat(initiators=["dinzis"]))
    app.run_command(TakeOpportunity(actor="dinzis", actions=["Move"], cost=5))
    while app.session.encounter.due != ["kans"]:
        app.run_command(Advance())


async def enter_through_each_dialog(pilot: Pilot[None], most: int = 12) -> list[str]:
    """Enter in each dialog that opens by itself until the main screen is back (A8: every
    declared action, parry question and damage in turn); the dialogs' names, in order."""
    from tracker.modals.act import OpportunityDialog

    app = pilot.app
    opened: list[str] = []
    for _ in range(most):
        await until(pilot, lambda: not isinstance(app.screen, OpportunityDialog))
        await pilot.pause()
        if isinstance(app.screen, MainScreen):
            break
        opened.append(type(app.screen).__name__)
        current = app.screen
        await pilot.press("enter")
        await until(pilot, lambda c=current: app.screen is not c)
    return opened


async def dinzis_due(pilot: Pilot[None]) -> None:
    """The card game begun by Dinzis, the track advanced: his opportunity is due."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    app.run_command(StartCombat(initiators=["dinzis"]))  # type: ignore[attr-defined]
    app.run_command(Advance())  # type: ignore[attr-defined]
    await pilot.pause()

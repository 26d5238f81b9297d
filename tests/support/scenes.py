"""The scenes the snapshots picture, shared by the dark (default) and light-theme tests.

Each is a `run_before` for `snap_compare`: it drives the app by keys and
commands to a fixed moment and waits on conditions, never on sleeps.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, TakeOpportunity
from tests.support.act_fixtures import ActHost, a10
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp
from tracker.modals.act import AttackDialog
from tracker.screens.main import MainScreen
from tracker.widgets.odds import OddsView

Scene = Callable[[Pilot[None]], Awaitable[None]]


async def dinzis_acts(pilot: Pilot[None]) -> TrackerApp:
    """The demo's combat begun by keys (b, enter: the selected Dinzis opens ticked, A7)
    and advanced (n) so Dinzis acts now."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await pilot.press("b")
    await until(pilot, lambda: type(app.screen).__name__ == "BeginCombat")
    await pilot.press("enter")
    await until(pilot, lambda: app.session.encounter.in_combat)
    await pilot.press("n")
    await until(pilot, lambda: app.session.encounter.due == ["dinzis"])
    return app


async def mid_fight(pilot: Pilot[None]) -> None:
    """`dinzis_acts`, then Kans grazed in the chest and the Baron gored in the left arm
    (bleeding, R12; a breakage roll pending, A15)."""
    app = await dinzis_acts(pilot)
    app.run_command(ApplyWound(target="kans", wound_points=2, location="chest", source="knife"))
    app.run_command(ApplyWound(target="molin", wound_points=4, location="left arm", source="knife"))
    await until(pilot, lambda: app.session.encounter.pending)
    await until(pilot, lambda: app.autosave.saved)
    await pilot.pause()


def attack_host() -> ActHost:
    """A10: Lio, having taken Shoot and Aim, attacks Markon with the blaster."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot", "Aim"]), ScriptedDice([]))
    return ActHost(AttackDialog(session.encounter, "lio", "Blaster"))


async def dodge(pilot: Pilot[None]) -> None:
    """Markon (16 − Dodge 6 = 10 ≤ 13) hits the floor; wait until the odds show both."""
    pilot.app.screen.query_one("#dodge").value = "hit the floor"
    odds = pilot.app.screen.query_one(OddsView)
    await until(pilot, lambda: odds.summary is not None and odds.summary.shifted is not None)


def in_theme(theme: str, scene: Scene) -> Scene:
    """The same scene with `theme` set first (a built-in Textual theme's name)."""

    async def run(pilot: Pilot[None]) -> None:
        pilot.app.theme = theme
        await pilot.pause()
        await scene(pilot)
        await pilot.pause()

    return run

"""A typed goal and its odds reach the screen in the same frame (odds_update_ms).

Textual draws a frame as soon as the screen has nothing left to do; the field's
own redraw got there first, and the form heard of the change only after the
field's `Changed` had bubbled up through the dialog's containers. The odds then
waited for Textual's next frame, 17-33 ms later at 60 fps (bench: 37 ms against
7). Here each key is sent as the bench sends it (not `Pilot.press`, which forces
frames of its own), and every frame the screen draws is recorded: the first one
that shows the new goal in the field must already show its odds.
"""

from __future__ import annotations

import asyncio

from textual import events
from textual.screen import Screen
from textual.widgets import Input
from textual.widgets.input import Selection

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import TakeOpportunity
from tests.support.act_fixtures import SIZE, ActHost, a10
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog
from tracker.widgets.odds import OddsView

GOALS = (1, 3, 5, 9, 2, 7)  # each differs from the one before (the preset is 6 or 10)


def record_frames(screen: Screen[object], field: Input, odds: OddsView) -> list[tuple[str, object]]:
    """Each frame drawn from now on, as (the field's text, the goal the odds were drawn for).

    `_compositor_refresh` is where Textual's screen writes a frame (from its update
    timer or a layout); a test of frames has no public hook to watch them by."""
    frames: list[tuple[str, object]] = []
    draw = screen._compositor_refresh

    def drawn() -> None:
        draw()
        frames.append((field.value, odds.shown[2] if odds.shown else None))

    screen._compositor_refresh = drawn  # type: ignore[method-assign]
    return frames


async def odds_drawn(frames: list[tuple[str, object]], goal: int, timeout: float = 20.0) -> None:
    """Wait (no `Pilot.pause`: its forced frame would hide the one under test) until a
    frame has drawn the odds of `goal`; the timeout is for a loaded machine only."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not any(shown == goal for _text, shown in frames):
        assert loop.time() < deadline, f"goal {goal}: its odds never drawn ({frames})"
        await asyncio.sleep(0.001)


async def test_each_typed_goal_is_drawn_with_its_odds_in_one_frame() -> None:
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        field = app.screen.query_one("#goal", Input)
        odds = app.screen.query_one(OddsView)
        await until(pilot, lambda: odds.shown is not None)
        field.focus()
        await pilot.pause()
        frames = record_frames(app.screen, field, odds)
        driver = app._driver
        assert driver is not None
        for goal in GOALS:
            field.selection = Selection(0, len(field.value))  # the key replaces the goal
            await pilot.pause()
            frames.clear()
            key = events.Key(str(goal), str(goal))
            key.set_sender(app)
            driver.send_message(key)  # as Pilot.press sends it, without its forced frames
            await odds_drawn(frames, goal)
            first = next(f for f in frames if f[0] == str(goal))
            assert first == (str(goal), goal), f"goal {goal}: frames drawn {frames}"

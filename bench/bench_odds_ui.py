"""How fast the attack dialog's odds follow the goal being typed (issue 5 target: ≤ 50 ms).

A headless app (run_test + Pilot) shows the attack dialog. Each sample
selects the goal field's text and sends one key event for the new goal
through the driver, exactly as `Pilot.press` does, then polls (1 ms) until
the odds view has drawn the odds of that goal. `Pilot.press` itself is not
timed: after every key it sleeps until the process is idle (twice, in
steps of 20 ms), which measures the harness, not the dialog. The figure is
the median wait: keystroke to odds on screen, through the real event loop,
the form's validation and the redraw.
"""

from __future__ import annotations

import asyncio
import statistics
import time

from textual import events
from textual.app import App
from textual.widgets import Input
from textual.widgets.input import Selection

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import TakeOpportunity
from rules.model.state import Action, Combatant, Encounter, Weapon
from tracker.modals.act import AttackDialog
from tracker.widgets.odds import OddsView

SAMPLES = 40
GOALS = (1, 3, 5, 9, 2, 7, 4, 8, 6)  # one key each, each differs from the one before


def _session() -> Session:
    """Lio (Dexterity 8, Shoot 6) at 13 against Markon (TTU 16): the seed's A10 pair."""
    blaster = Weapon(name="Blaster", skill="Shoot", damage=5, kind="ranged")
    lio = Combatant(
        id="lio",
        name="Lio",
        stats={"Dexterity": 8, "Wits": 6},
        skills={"Shoot": 6},
        weapons=[blaster],
        actions=[Action(name="Shoot", kind="attack", weapon="Blaster")],
        ttu=13,
    )
    markon = Combatant(id="markon", name="Markon", stats={"Dexterity": 7}, ttu=16)
    enc = Encounter(in_combat=True, time=13, due=["lio"], combatants={"lio": lio, "markon": markon})
    session = Session(enc)
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    return session


class _Host(App[None]):
    def __init__(self, dialog: AttackDialog) -> None:
        super().__init__()
        self.dialog = dialog

    def on_mount(self) -> None:
        self.push_screen(self.dialog)


async def _measure(samples: int) -> list[float]:
    app = _Host(AttackDialog(_session().encounter, "lio", "Blaster"))
    waits: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#goal", Input)
        odds = app.screen.query_one(OddsView)
        field.focus()
        await pilot.pause()
        driver = app._driver
        assert driver is not None
        for index in range(samples):
            goal = GOALS[index % len(GOALS)]
            field.selection = Selection(0, len(field.value))  # the key replaces the goal
            await pilot.pause()
            key = events.Key(str(goal), str(goal))
            key.set_sender(app)
            started = time.perf_counter()
            driver.send_message(key)  # as Pilot.press sends it
            while odds.shown is None or odds.shown[2] != goal:
                await asyncio.sleep(0.001)
            waits.append(time.perf_counter() - started)
    return waits


def run() -> dict[str, float]:
    waits = asyncio.run(_measure(SAMPLES))
    return {"odds_update_ms": statistics.median(waits) * 1000}


if __name__ == "__main__":
    print(run())

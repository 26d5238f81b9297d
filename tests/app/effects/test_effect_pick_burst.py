"""`E 1 1 0 enter` typed in one burst (issue 27's fast GM): the digit picks Stunned and the
keys right behind it land in the duration. Before, the pick ran after them: `1e309`
typed at once became the name "St3unned" (found by the form fuzz on Python 3.12)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.support.burst import send_at_once
from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import until
from tracker.modals.effect_form import EffectForm
from tracker.screens.main import MainScreen


async def test_a_burst_after_the_digit_goes_to_the_duration(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        await pilot.press("E")
        await until(pilot, lambda: isinstance(app.screen, EffectForm))
        await until(pilot, lambda: app.screen.focused is app.screen.query_one("#name"))
        send_at_once(app, "1", "1", "0")
        duration = app.screen.query_one("#duration", Input)
        await until(pilot, lambda: duration.value == "10")
        assert app.screen.query_one("#name", Input).value == "Stunned"
        send_at_once(app, "enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        effects = [
            (e.name, e.duration.amount) for e in app.session.encounter.combatants["dinzis"].effects
        ]
        assert effects == [("Stunned", 10)]

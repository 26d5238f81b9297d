"""E, R and P's dialogs fed hostile text in every field (issue 15): nothing raises, nothing
is applied, a number or a moment typed wrong gets a message under its field.

The effect form is fuzzed in each modifier mode (its Select switches which fields are
typable) with a name typed, so the other fields are what the form judges.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from tests.support.demo import begin, demo_app
from tests.support.form_fuzz import Coverage, check_accepted, fuzz_dialog, fuzz_fields
from tests.support.modal_host import until
from tracker.modals.effect_form import MODIFIERS, EffectForm
from tracker.screens.main import MainScreen

SIZE = (120, 40)
WORDS = {"mod-name", "text"}  # a skill's name, a reminder's line: '²' is text like any other


def _check(coverage: Coverage) -> None:
    coverage.accepted = [case for case in coverage.accepted if case[1] not in WORDS]
    check_accepted(coverage)


async def test_the_effect_form_in_every_modifier_mode(tmp_path: Path) -> None:
    coverage = Coverage()
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        await pilot.press("E")
        await until(pilot, lambda: isinstance(app.screen, EffectForm))
        form = app.screen
        assert isinstance(form, EffectForm)
        await fuzz_fields(pilot, form, "EffectForm[empty]", coverage)  # the name itself
        form.query_one("#name", Input).value = "Stunned"
        for _label, mode in MODIFIERS:
            form.query_one("#mod", Select).value = mode
            await pilot.pause()
            if mode != "none":
                form.query_one("#mod-amount", Input).value = "-2"
            if mode in ("stat", "skill"):
                form.query_one("#mod-name", Input).value = "Dexterity"
            await pilot.pause()
            await fuzz_fields(pilot, form, f"EffectForm[mod={mode}]", coverage)
    fields = {f for _d, _w, f in coverage.fields}
    assert {"name", "mod-amount", "mod-name", "duration", "tick-every", "tick-wp"} <= fields
    _check(coverage)


async def test_the_reminder_and_pass_time_forms(tmp_path: Path) -> None:
    coverage = Coverage()
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: app.session is not None)
        for key, dialog in (("R", "ReminderForm"), ("P", "PassTimeForm")):
            await pilot.press(key)
            await until(pilot, lambda d=dialog: type(app.screen).__name__ == d)  # type: ignore[misc]
            await fuzz_dialog(pilot, coverage)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, MainScreen))
    assert {"when", "text", "amount"} <= {f for _d, _w, f in coverage.fields}
    _check(coverage)

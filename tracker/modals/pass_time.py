"""Pass time outside combat: N TU, minutes or hours of the clock run at once.

Bleeding (A14) and ticking effects land, effects end, demise checks come
due (A16) and reminders fire as the rules run the clock (`PassTime`); the
log says what happened. The conversion of minutes and hours to TU is the
rules' (`rules.model.effect_commands.tu_of`), shown before it is applied, with each
untreated bleeder's exact chance of living through it (rules.engine.questions.wounds).
"""

from __future__ import annotations

from typing import get_args

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Select, Static

from rules.engine.questions import why_not
from rules.model.effect_commands import TU_IS_A_SECOND, PassTime, TimeUnit
from rules.model.errors import field_errors
from rules.model.state import Encounter
from tracker.modals.bleeders_forecast import Forecasts
from tracker.modals.effect_parse import Problems, number_of, slot_of, slots_of
from tracker.modals.form import FORM, Dialog, FieldError, FieldSelect, buttons, labelled

UNITS: tuple[str, ...] = get_args(TimeUnit)


def amount_fields(unit: str) -> ComposeResult:
    """How much time passes and in what unit (the GM's last one kept), with what a TU is:
    the encounter's and the party's pass-time dialogs both ask it so."""
    yield labelled("Amount", Input(placeholder="10", id="amount"))
    yield labelled(
        "Unit", FieldSelect([(u, u) for u in UNITS], value=unit, allow_blank=False, id="unit")
    )
    yield Static(TU_IS_A_SECOND, classes="hint", markup=False)
    yield FieldError("amount")


class PassTimeForm(Dialog[PassTime]):
    """How much, in which unit; enter runs the clock."""

    DEFAULT_CSS = """
    PassTimeForm > .dialog {
        width: 64;
    }
    """

    def __init__(self, encounter: Encounter, unit: TimeUnit = "TU") -> None:
        """`unit`: the one the GM last passed time in (the app keeps it)."""
        super().__init__()
        self.encounter = encounter
        self.unit = unit
        self.forecasts = Forecasts(encounter)  # R31: who lives through the passage

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Pass time", classes="dialog-title")
            yield Static(
                f"now: track {self.encounter.time} · outside combat: bleeding, ticks, "
                "ends and reminders land as the clock runs",
                classes="hint",
                markup=False,
            )
            yield from amount_fields(self.unit)
            yield Static("", id="preview", classes="hint", markup=False)
            yield Static("", id="forecast", classes="forecast", markup=False)
            yield FieldError(FORM)
            yield from buttons("Pass time")

    def validate_form(self) -> tuple[PassTime | None, Problems]:
        preview = self.query_one("#preview", Static)
        preview.update("")
        self.query_one("#forecast", Static).update("")
        typed = self.query_one("#amount", Input).value
        if not typed.strip() and not self.refusals:
            return None, {}
        amount, why = number_of(typed, "amount")
        if amount is None:
            return None, {"amount": why}
        unit = str(self.query_one("#unit", Select).value)
        try:
            command = PassTime.model_validate({"amount": amount, "unit": unit})
        except ValidationError as err:
            return None, slots_of(field_errors(err, PassTime), FORM)
        # The rules' refusals of a passage (in combat, a decision open) come before the
        # clock runs and do not hang on the amount: a dry run of the whole day would run
        # it here, in the screen's thread, at every key (issue 23). One TU asks the same.
        refusal = why_not(self.encounter, PassTime(amount=1))
        if refusal is not None:
            return None, {slot_of(refusal, FORM): refusal}
        preview.update(f"{command.tu} TU of the clock (it stops early at a decision)")
        self.query_one("#forecast", Static).update(self.forecasts.words(command.tu))
        return command, {}

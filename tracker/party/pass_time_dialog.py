"""Pass time for the party between fights: how long, and the goal of the demise checks.

The encounter's pass-time dialog speaks of its track; a party has a day and no
track, and no encounter settings, so this one says the party's day and asks the
GM for the demise goal (R15) of the checks that come due (A16), prefilled with
the encounter's default. Reading the amount and the goal is the rules' own
(`rules.party.clock.time_command`, `demise_goal_of`); the passage itself runs
only after enter (no dry run here: a day of bleeding is the heavy part).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Select, Static

from rules.mechanics.chart import GOALS
from rules.model.effect_commands import PassTime, TimeUnit
from rules.model.party import Party
from rules.model.state import Settings
from rules.party.between import scratch_encounter
from rules.party.clock import demise_goal_of, time_command
from rules.party.errors import PartyError
from tracker.modals.bleeders_forecast import Forecasts
from tracker.modals.effect_parse import Problems, number_of
from tracker.modals.form import FORM, Dialog, FieldError, buttons, labelled
from tracker.modals.parse import goal as parse_goal
from tracker.modals.pass_time import amount_fields

DEFAULT_GOAL = Settings().demise_goal  # R15's default, as an encounter starts with


@dataclass(frozen=True)
class Passage:
    """What the GM asked for: the time (the encounter's PassTime) and the demise goal."""

    command: PassTime
    demise_goal: int


class PartyPassTimeForm(Dialog[Passage]):
    """Amount, unit, demise goal; enter passes the time for the whole party."""

    DEFAULT_CSS = """
    PartyPassTimeForm > .dialog {
        width: 72;
    }
    """

    def __init__(
        self, party: Party, demise_goal: int = DEFAULT_GOAL, unit: TimeUnit = "TU"
    ) -> None:
        """`unit`: the one the GM last passed time in (the app keeps it)."""
        super().__init__()
        self.party = party
        self.unit = unit
        self.demise_goal = demise_goal
        self._forecasts: Forecasts | None = None  # R31: who lives through the passage

    def compose(self) -> ComposeResult:
        names = ", ".join(f"{name} {value}" for name, value in GOALS.items())
        with Vertical(classes="dialog"):
            yield Static("Pass time for the party", classes="dialog-title")
            yield Static(
                f"{self.party.name}, day {self.party.day}, between fights: bleeding (A14),"
                " effect ticks and ends land as the time passes; the day stays",
                classes="hint",
                markup=False,
            )
            yield from amount_fields(self.unit)
            yield labelled("Demise goal", Input(str(self.demise_goal), id="demise-goal"))
            yield Static(
                f"R15: the goal of each demise check that comes due (A16). Goals: {names}.",
                classes="hint",
                markup=False,
            )
            yield FieldError("demise-goal")
            yield Static("", id="preview", classes="hint", markup=False)
            yield Static("", id="forecast", classes="forecast", markup=False)
            yield FieldError(FORM)
            yield from buttons("Pass time")

    def validate_form(self) -> tuple[Passage | None, Problems]:
        preview = self.query_one("#preview", Static)
        preview.update("")
        self.query_one("#forecast", Static).update("")
        problems: Problems = {}
        typed = self.query_one("#amount", Input).value
        command = None
        if typed.strip() or self.refusals:
            amount, why = number_of(typed, "amount")
            if amount is None:
                problems["amount"] = why
            else:
                unit = str(self.query_one("#unit", Select).value)
                try:
                    command = time_command(amount, unit)  # type: ignore[arg-type]  # a unit of the Select's
                except PartyError as error:
                    problems["amount" if "amount" in str(error) else FORM] = str(error)
        goal, why = parse_goal(self.query_one("#demise-goal", Input).value)
        if goal is None:
            problems["demise-goal"] = why
        else:
            try:
                demise_goal_of(goal)
            except PartyError as error:
                problems["demise-goal"] = str(error)
        if command is None or goal is None or problems:
            return None, problems
        preview.update(
            f"{command.tu} TU for {len(self.party.characters)} characters; demise checks at goal"
            f" {goal} (R15)"
        )
        if self._forecasts is None:  # the party as an encounter, built once (pure)
            self._forecasts = Forecasts(scratch_encounter(self.party))
        self.query_one("#forecast", Static).update(self._forecasts.words(command.tu, goal))
        return Passage(command, goal), {}

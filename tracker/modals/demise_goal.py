"""The encounter's settings: the demise check goal (R15, default 5 = Difficult).

The seed never gives that goal, so the encounter carries it and the GM sets
it here; each check still shows it prefilled and editable when it comes due.
"""

from __future__ import annotations

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from rules.mechanics.chart import GOALS
from rules.model.commands import SetDemiseGoal
from rules.model.errors import field_errors
from rules.model.state import Encounter, Settings
from tracker.modals.form import Dialog, FieldError, buttons, labelled
from tracker.modals.parse import goal


class SettingsForm(Dialog[SetDemiseGoal]):
    """Type a number or a named goal (`Difficult`); enter saves."""

    DEFAULT_CSS = """
    SettingsForm > .dialog {
        width: 64;
    }
    """

    def __init__(self, encounter: Encounter) -> None:
        super().__init__()
        self.encounter = encounter

    def compose(self) -> ComposeResult:
        current = self.encounter.settings.demise_goal
        names = ", ".join(f"{name} {value}" for name, value in GOALS.items())
        with Vertical(classes="dialog"):
            yield Static("Settings", classes="dialog-title")
            yield Static(
                f"R15: the goal of every demise check (now {current}). Goals: {names}.",
                classes="hint",
                markup=False,
            )
            yield labelled("Demise goal", Input(value=str(current), id="demise-goal"))
            yield FieldError("demise-goal")
            yield from buttons()

    def validate_form(self) -> tuple[SetDemiseGoal | None, dict[str, str]]:
        value, problem = goal(self.query_one("#demise-goal", Input).value)
        if value is None:
            return None, {"demise-goal": problem}
        try:
            # Both limits hold: the command's goal range and the setting's own.
            Settings(demise_goal=value)
            command = SetDemiseGoal(demise_goal=value)
        except ValidationError as err:
            return None, {"demise-goal": "; ".join(field_errors(err, Settings).values())}
        return command, {}

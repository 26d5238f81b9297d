"""Roll a pending breakage (A15) or demise (A16) check, its goal first open to change (R15).

Both are pool rolls: as many d10 as the **base** Endurance, read on the row
of the **effective** Endurance. The dialog shows both numbers and the exact
odds of success for the goal being typed, so the GM sees what a change means.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Static

from rules.chart import clamp_stat
from rules.commands import ResolveCheck
from rules.errors import field_errors
from rules.odds import chance_of_success
from rules.state import Encounter, Pending
from tracker.modals.form import FORM, Dialog, FieldError, buttons, labelled
from tracker.modals.parse import goal

CHECKS = ("breakage", "demise")


def pending_check(encounter: Encounter, pending_id: int) -> Pending:
    """The pending breakage or demise check; anything else is the caller's bug."""
    for pending in encounter.pending:
        if pending.id == pending_id:
            if pending.kind not in CHECKS:
                raise ValueError(
                    f"pending_id: decision {pending_id} is a {pending.kind}, "
                    "not a breakage or demise check"
                )
            return pending
    raise ValueError(f"pending_id: no pending decision {pending_id}")


class ResolveCheckForm(Dialog[ResolveCheck]):
    """The goal is prefilled; change it or not, enter rolls."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="resolve-check.cancel"),
    ]

    DEFAULT_CSS = """
    ResolveCheckForm > .dialog {
        width: 70;
    }
    ResolveCheckForm #odds {
        margin-top: 1;
    }
    """

    def __init__(self, encounter: Encounter, pending_id: int) -> None:
        self.pending = pending_check(encounter, pending_id)
        if self.pending.combatant not in encounter.combatants:
            raise ValueError(f"pending_id: decision {pending_id} names no combatant in the fight")
        super().__init__()
        self.encounter = encounter
        self.combatant = encounter.combatants[self.pending.combatant]
        c = self.combatant
        self.has_endurance = "Endurance" in c.stats
        self.dice = c.stats.get("Endurance", 0)  # A15/A16: base Endurance dice
        self.stat = c.effective("Endurance") if self.has_endurance else 0  # effective row

    def _prefilled_goal(self) -> str:
        if self.pending.goal is not None:
            return str(self.pending.goal)
        if self.pending.kind == "demise":
            return str(self.encounter.settings.demise_goal)  # R15
        return ""

    def compose(self) -> ComposeResult:
        c = self.combatant
        kind = "Breakage roll" if self.pending.kind == "breakage" else "Demise check"
        with Vertical(classes="dialog"):
            yield Static(f"{kind}: {c.name}", classes="dialog-title", markup=False)
            yield Static(self.pending.text, markup=False)
            row = clamp_stat(self.stat)
            yield Static(
                f"{self.dice} d10 (base Endurance) on the Endurance {self.stat} row"
                + (f" (read as {row}, R1)" if row != self.stat else ""),
                classes="hint",
            )
            yield labelled("Goal", Input(value=self._prefilled_goal(), id="goal"))
            yield FieldError("goal")
            yield Static("", id="odds", markup=False)
            yield FieldError(FORM)
            yield from buttons("Roll")

    def validate_form(self) -> tuple[ResolveCheck | None, dict[str, str]]:
        odds = self.query_one("#odds", Static)
        odds.update("")
        if not self.has_endurance:
            return None, {FORM: f"{self.combatant.name} has no Endurance stat to roll"}
        value, problem = goal(self.query_one("#goal", Input).value)
        if value is None:
            return None, {"goal": problem}
        try:
            command = ResolveCheck(pending=self.pending.id, goal=value)
        except ValidationError as err:
            return None, {"goal": "; ".join(field_errors(err, ResolveCheck).values())}
        chance = chance_of_success(self.stat, self.dice, value)
        odds.update(f"chance of success: {float(chance):.1%}")
        return command, {}

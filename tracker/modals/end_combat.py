"""End the combat with its outcome: victory, defeat, retreat or truce.

The outcome matters beyond the log: C1 unlocks roleplay chance dice when the
battle ends, whatever its outcome.
"""

from __future__ import annotations

from typing import ClassVar, get_args

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.model.commands import EndCombat
from rules.model.state import Encounter, Outcome
from tracker.modals.form import FORM, FieldError, buttons
from tracker.modals.option_marks import MarkedOptionList
from tracker.modals.pick_dialog import PickDialog

OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)


class EndCombatModal(PickDialog[EndCombat]):
    """Highlight an outcome and press enter, or press its first letter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "pick('victory')", "Victory", id="end-combat.victory"),
        Binding("d", "pick('defeat')", "Defeat", id="end-combat.defeat"),
        Binding("r", "pick('retreat')", "Retreat", id="end-combat.retreat"),
        Binding("t", "pick('truce')", "Truce", id="end-combat.truce"),
    ]

    DEFAULT_CSS = """
    EndCombatModal > .dialog {
        width: 50;
    }
    """

    def __init__(self, encounter: Encounter) -> None:
        super().__init__()
        self.encounter = encounter

    def compose(self) -> ComposeResult:
        enc = self.encounter
        with Vertical(classes="dialog"):
            yield Static("End combat", classes="dialog-title")
            state = f"at track time {enc.time}" if enc.in_combat else "no combat is running"
            yield Static(f"{enc.name}: {state}", classes="hint", markup=False)
            yield MarkedOptionList(
                *(Option(f"{o[0]}  {o}", id=o) for o in OUTCOMES),
                id="outcome",
            )
            yield FieldError(FORM)
            yield from buttons("End combat")

    def validate_form(self) -> tuple[EndCombat | None, dict[str, str]]:
        if not self.encounter.in_combat:
            return None, {FORM: "no combat is running"}
        options = self.query_one("#outcome", OptionList)
        index = options.highlighted
        if index is None:
            return None, {FORM: "choose an outcome"}
        return EndCombat(outcome=OUTCOMES[index]), {}

    def action_pick(self, outcome: str) -> None:
        """Choose an outcome by its letter and end the combat with it."""
        self.query_one("#outcome", OptionList).highlighted = OUTCOMES.index(outcome)
        self.action_submit()

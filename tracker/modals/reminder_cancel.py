"""Cancel a reminder still ahead (the palette's "Cancel a reminder"): the list of those
waiting, each with when it fires in the rules' words; enter cancels the highlighted one
(`DismissReminder` with the reminder's own id: logged, `u` undoes it)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.model.effect_commands import DismissReminder
from rules.model.state import Encounter
from tracker.modals.form import FORM, FieldError, buttons
from tracker.modals.option_marks import MarkedOptionList
from tracker.modals.pick_dialog import PickDialog
from tracker.widgets.effect_marks import reminder_lines


class CancelReminderDialog(PickDialog[DismissReminder]):
    """Highlight a reminder and press enter."""

    DEFAULT_CSS = """
    CancelReminderDialog > .dialog {
        width: 76;
    }
    """

    def __init__(self, encounter: Encounter) -> None:
        super().__init__()
        self.encounter = encounter
        self.waiting = reminder_lines(encounter)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Cancel a reminder", classes="dialog-title")
            yield Static("enter cancels the highlighted one (u undoes it)", classes="hint")
            yield MarkedOptionList(
                *(Option(line, id=str(rid)) for rid, line in self.waiting), id="reminders"
            )
            yield FieldError(FORM)
            yield from buttons("Cancel it")

    def validate_form(self) -> tuple[DismissReminder | None, dict[str, str]]:
        if not self.waiting:
            return None, {FORM: "no reminder is waiting"}
        index = self.query_one("#reminders", OptionList).highlighted
        if index is None:
            return None, {FORM: "highlight the reminder to cancel"}
        return DismissReminder(id=self.waiting[index][0]), {}

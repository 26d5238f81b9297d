"""A reminder on the Time Track: a line of text the track stops for, at a time or an opportunity.

`t40` is track time 40, `10` is 10 TU from now, `next` the selected
combatant's next opportunity (`next Baron`: someone else's). When the track
reaches it, it stops with the line as a pending decision (`d` dismisses it)
and the log keeps it. Problems are shown under their field, in the rules'
words, and nothing is added.
"""

from __future__ import annotations

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from rules.engine.questions import why_not
from rules.model.effect_commands import AddReminder
from rules.model.errors import field_errors
from rules.model.state import Encounter
from tracker.modals.effect_parse import Problems, reminder_moment, slot_of, slots_of
from tracker.modals.form import FORM, Dialog, FieldError, buttons, labelled


class ReminderForm(Dialog[AddReminder]):
    """When, then the line; enter adds it."""

    DEFAULT_CSS = """
    ReminderForm > .dialog {
        width: 76;
    }
    """

    def __init__(self, encounter: Encounter, selected: str | None) -> None:
        super().__init__()
        self.encounter = encounter
        self.selected = selected if selected in encounter.combatants else None

    def compose(self) -> ComposeResult:
        enc = self.encounter
        who = enc.combatants[self.selected].name if self.selected else "the selected combatant"
        with Vertical(classes="dialog"):
            yield Static("Reminder on the track", classes="dialog-title")
            yield Static(
                f"now: track {enc.time} · t40 at track time 40 · 10 in 10 TU · "
                f"next at {who}'s next opportunity · next Baron at another's",
                classes="hint",
                markup=False,
            )
            yield labelled("When", Input(placeholder="t40, 10, next or next Baron", id="when"))
            yield FieldError("when")
            yield labelled("Text", Input(placeholder="the reinforcements arrive", id="text"))
            yield FieldError("text")
            yield FieldError(FORM)
            yield from buttons("Add reminder")

    def validate_form(self) -> tuple[AddReminder | None, Problems]:
        when = self.query_one("#when", Input).value
        text = self.query_one("#text", Input).value.strip()
        if not when.strip() and not text and not self.refusals:
            return None, {}  # quiet until the GM types or tries to add it
        moment, why = reminder_moment(self.encounter, when, self.selected)
        problems: Problems = {"when": why} if why else {}
        if not text:
            problems["text"] = "text: type the line the track should show"
        if problems:
            return None, problems
        try:
            command = AddReminder.model_validate({"text": text, **moment})
        except ValidationError as err:
            return None, slots_of(field_errors(err, AddReminder), FORM)
        refusal = why_not(self.encounter, command)
        if refusal is not None:
            return None, {slot_of(refusal, FORM): refusal}
        return command, {}

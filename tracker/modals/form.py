"""The pieces every form dialog shares: a message line under a field, and a dialog
that re-validates on every keystroke and refuses to submit until valid.

A dialog subclass only says how to read its fields (`validate_form`): it
returns the result it would dismiss with, or None plus a message per error
slot. The base shows each message in the `FieldError` with that slot, keeps
the Save button disabled while anything is wrong, and turns enter / Save
into a dismissal only when the result exists.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.events import ScreenResume
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    RadioSet,
    Select,
    Static,
    TextArea,
)

from rules.model.state import Combatant, Encounter
from tracker.host.key_order import hold_keys
from tracker.host.messages import DialogAnswered, DialogCancelled
from tracker.modals.cycle_line import CycleLine
from tracker.modals.kept_fields import KeptRestore, note_form, restore_kept
from tracker.modals.option_marks import MarkedSelectOverlay
from tracker.modals.space_button import SpaceButton
from tracker.textual_compat.messages import MessageGate
from tracker.textual_compat.screens import asking_screen
from tracker.textual_compat.select import SelectCurrent, type_to_search
from tracker.textual_compat.tint import MemoTint
from tracker.widgets.steady_layout import SteadyLayout
from tracker.widgets.styled_when_mounted import put_off, styles_generation
from tracker.widgets.tones import TONE_CLASSES, tone_css

if TYPE_CHECKING:
    from textual.await_complete import AwaitComplete
    from textual.message import Message

ResultT = TypeVar("ResultT")
SelectT = TypeVar("SelectT", bound=Hashable)

FORM = "form"  # the slot for problems that belong to no single field


class FieldError(Static):
    """The message line under a field: empty and hidden while the field is valid."""

    DEFAULT_CSS = """
    FieldError {
        color: $text-error;
        height: auto;
        padding: 0 0 0 1;
    }
    FieldError.-ok {
        display: none;
    }
    """

    def __init__(self, slot: str, *, id: str | None = None) -> None:
        super().__init__("", markup=False, id=id, classes="-ok")
        self.slot = slot
        self.message = ""

    def show(self, text: str) -> None:
        """Show `text` (or hide the line when it is empty)."""
        if text != self.message:
            self.message = text
            self.update(text)
        self.set_class(not text, "-ok")


def combatant_of(encounter: Encounter, combatant_id: str) -> Combatant:
    """The combatant a dialog is about; a wrong id is the caller's bug, named as such."""
    if combatant_id not in encounter.combatants:
        raise ValueError(f"combatant_id: no combatant with id {combatant_id!r}")
    return encounter.combatants[combatant_id]


def labelled(label: str, *widgets: Widget, classes: str = "") -> Horizontal:
    """One form row: a fixed-width label then the field widgets, side by side.

    Inputs and selects are made compact (one line, no border) so a whole sheet
    fits an 80x24 terminal; the dialog's CSS tints them so they still read as fields.
    """
    for widget in widgets:
        if isinstance(widget, Input | Select):
            widget.compact = True
    row = Horizontal(
        Label(label, classes="field-label", markup=False), *widgets, classes=f"field {classes}"
    )
    return row


def buttons(save_label: str = "Save") -> ComposeResult:
    """The Save / Cancel row every form ends with."""
    with Horizontal(classes="buttons"):
        yield SpaceButton(save_label, variant="primary", id="save", compact=True)
        yield SpaceButton("Cancel", id="cancel", compact=True)


class Dialog(SteadyLayout, MessageGate, MemoTint, ModalScreen[ResultT]):
    """A modal form: validates as you type; enter and Save are refused until valid."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(TONE_CLASSES)  # its widgets' tones (tones.py)
    DEFAULT_CSS = (
        tone_css("Dialog")
        + """
    Dialog {
        align: center middle;
    }
    Dialog > .dialog {
        width: 78;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $primary;
        background: $surface;
        padding: 0 1;
    }
    Dialog .dialog-title {
        text-style: bold;
        width: 100%;
    }
    Dialog .hint {
        color: $text-muted;
        height: auto;
    }
    Dialog .field {
        height: auto;
    }
    Dialog Input.-textual-compact {
        background: $boost;
        padding: 0 1;
    }
    Dialog Input.-textual-compact:focus {
        background-tint: $accent 20%;
    }
    Dialog .field-label {
        width: 18;
        padding-right: 1;
    }
    Dialog .field Input {
        width: 1fr;
    }
    Dialog .field Select {
        width: 1fr;
    }
    Dialog SelectCurrent Static#label, Dialog SelectCurrent .arrow {
        color: $foreground-muted;  /* Textual's own is $foreground 50%: 2:1 in some themes */
    }
    Dialog SelectCurrent.-has-value Static#label {
        color: $foreground;
    }
    Dialog .buttons {
        height: auto;
        align-horizontal: right;
        margin-top: 1;
    }
    Dialog .buttons Button {
        margin-left: 2;
        min-width: 10;
    }
    """
    )

    # Whether an answer's fields come back after its command is cancelled at the dice.
    KEEPS_FIELDS: ClassVar[bool] = True

    # Enter in a text field is taken by the app, in key order (a priority binding), not
    # by the field: see `action_submit_typed`. Other widgets keep their own enter.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit_typed", "Save", id="form.submit-typed", show=False, priority=True),
        Binding("escape", "cancel", "Cancel", id="form.cancel"),  # every dialog's (action_cancel)
    ]

    def __init__(self) -> None:
        super().__init__()
        self.refusals = 0  # how many submits were refused (tests and the bell read it)
        self._ready = False  # fields post Changed while mounting: validate once all exist
        self._save: Button | None = None
        # The fields of a command cancelled at a dice prompt, coming back (kept_fields).
        self.kept_restore: KeptRestore | None = None
        self._styled_with: tuple[int, int] | None = None  # see on_screen_resume

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Textual restyles the whole dialog each time it is shown (a fifth of the sheet
        form's opening). The first time comes just after its mount styled every widget.
        Shown again (a dice prompt over it closed, or kept built for the next question:
        tracker.app.dialog_pool), it needs it only if the app's styles changed meanwhile;
        else only the nodes whose restyle was put off while it was off the stack."""
        now = styles_generation(self.app)
        if self._styled_with in (None, now):
            event.refresh_styles = False
            for node in put_off(self):
                self.app.update_styles(node)
        self._styled_with = now

    def restart_form(self) -> None:
        """The form's own state as when first shown (a dialog refilled for another
        question: tracker.modals.act.refill; its fields are refilled there)."""
        self.refusals = 0
        self.kept_restore = None

    def validate_form(self) -> tuple[ResultT | None, dict[str, str]]:
        """Read the fields: (the result, {}) when valid, else (None, {slot: message})."""
        raise NotImplementedError(f"{type(self).__name__} must read its own fields")

    def refresh_form(self) -> ResultT | None:
        """Re-validate, show every message next to its field, enable Save only if valid."""
        if not self._ready:
            return None
        result, errors = self.validate_form()
        # One walk of the tree per keystroke, by type: a query matches a CSS selector
        # against every widget on the way (3 of the sheet form's 4 ms a keystroke).
        lines = self.walk_children(FieldError)
        slots = {error.slot for error in lines}
        stray = [text for slot, text in errors.items() if slot not in slots and text]
        for error in lines:
            text = errors.get(error.slot, "")
            if error.slot == FORM and stray:
                text = "; ".join([text, *stray] if text else stray)
            error.show(text)
        if self._save is not None:
            self._save.disabled = result is None
        return result

    def on_mount(self) -> None:
        self._save = self.query_one_optional("#save", Button)
        self._ready = True
        self.refresh_form()
        if self.kept_restore is None:  # Textual also calls this for each subclass's on_mount
            self.kept_restore = restore_kept(self)

    def drops_message(self, message: Message) -> bool:
        """Textual's dispatch, less a field's change that a restore made outdated (posted
        while mounting, before the kept value was put back)."""
        return self.kept_restore is not None and self.kept_restore.outdated(message)

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    @on(RadioSet.Changed)
    @on(TextArea.Changed)
    @on(CycleLine.Changed)
    def _changed(self) -> None:
        self.refresh_form()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_submit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is the form's own only while a one-line field has the focus."""
        if action == "submit_typed":
            return isinstance(self.focused, Input) and self.is_current
        return True

    async def action_submit_typed(self) -> None:
        """Enter in a text field: submit with the fields exactly as typed up to the enter.

        The app hands each key to the focused field's queue and goes on; a field
        reporting its enter later (Input.Submitted) let a fast GM's next keys land
        in the closing form (`+ Guy enter + Bob` saved "Guy+"). Here the app waits,
        in key order, until the field has handled every key before the enter, then
        submits at once: the keys after it reach whatever screen comes next.
        (tracker.host.key_order now routes no key before the one ahead of it is done;
        this wait stays for apps without it, the bare test hosts.)
        """
        await self.keys_handled()
        if self.is_current:
            self.action_submit()

    async def keys_handled(self) -> None:
        """Wait until the focused field has handled every key already sent to it."""
        field = self.focused
        if field is not None and field.is_running:
            handled = asyncio.Event()
            field.call_later(handled.set)  # queued behind the keys typed before the enter
            try:
                await asyncio.wait_for(handled.wait(), timeout=2)
            except TimeoutError:
                pass  # a field that stopped running has no keys left to handle

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_submit()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    def action_submit_soon(self) -> None:
        """Enter on a closed drop-down, a checkbox or a radio set: submit once the keys
        before it have done their work (a space's choice or toggle still on its way
        through the messages; after the next refresh they have all been handled).

        The keys typed after the enter wait meanwhile (`hold_keys`): they belong to
        what the answer opens (a dice prompt), or to this dialog if it is refused.
        """
        release = hold_keys(self.app)

        def submit() -> None:
            try:
                self.action_submit()
            finally:
                release()

        self.call_after_refresh(submit)

    def action_submit(self) -> None:
        """Dismiss with the result, or refuse (bell) and leave the messages showing."""
        result = self.refresh_form()
        if result is None:
            self.refusals += 1
            self.refresh_form()  # a form may word its messages more firmly once refused
            self.app.bell()
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        """Escape. A dialog that brought back a cancelled command's choices says so
        (`DialogCancelled.kept`): the GM changed their mind, the app forgets them, and
        the dialog opens at its defaults next time."""
        self.app.post_message(DialogCancelled(self, kept=self.kept_restore is not None))
        self.dismiss(None)

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        """Tell the app what was answered, with the fields behind it: if its command is
        cancelled at a dice prompt, the app keeps them and this dialog comes back with
        them (kept_fields). Posted to the app's queue before the answer's callback runs,
        so the app has it before the command's outcome (tracker.host.messages)."""
        if result is not None:
            fields = note_form(self) if self.KEEPS_FIELDS else None
            self.app.post_message(DialogAnswered(self, result, fields))
        # The answer's callback runs next on the screen that asked (Textual's
        # ResultCallback): the keys typed after the answer wait until it has run, so
        # they reach what it opens (a dice prompt), not the screen underneath.
        release = hold_keys(self.app)
        asked = asking_screen(self)
        popped = super().dismiss(result)
        if asked is None or not asked.call_later(release):
            release()
        return popped


SUBMIT = Binding("enter", "screen.submit_soon", "Apply", id="act-field.submit", show=False)


class FieldSelect(Select[SelectT]):
    """A drop-down whose enter submits the dialog, as every dialog's hint says;
    space, up and down open it. Its list marks the cursor and does not wrap."""

    BINDINGS: ClassVar[list[BindingType]] = [SUBMIT]

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        overlay = MarkedSelectOverlay(type_to_search=type_to_search(self))
        yield overlay.data_bind(compact=Select.compact)

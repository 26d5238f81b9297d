"""The act dialogs' shared frame: the house form dialog, in two columns that fold when narrow.

Each act dialog is a `tracker.modals.form.Dialog` (validate as you type,
enter refused until valid, escape cancels) laid out as a form on the left
and the odds on the right. From 76 to 110 columns (80x24) the layout is
compact: the odds keep a narrow column beside the form, always in view, and
the form scrolls on its own when the terminal is short. Narrower still, the
odds move under the form and the whole dialog scrolls.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, TypeVar

from textual import events, on
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widgets import Checkbox, Input, RadioButton, RadioSet

from tracker.modals.form import SUBMIT, Dialog
from tracker.modals.form import FieldSelect as FieldSelect  # re-exported for the act dialogs
from tracker.modals.marked_fields import MarkedCheckbox
from tracker.textual_compat.composed import press_in_place
from tracker.textual_compat.cursors import next_enabled, radio_cursor, set_radio_cursor

ResultT = TypeVar("ResultT")
COMPACT_FROM = 76  # columns: the form (39) and the odds (36) still fit side by side
SelectT = TypeVar("SelectT", bound=Hashable)


class ActDialog(Dialog[ResultT]):
    """A form dialog with a `.columns` row of `.form` and `#odds`, and compact fields.

    Enter submits from any field (a GM rolls with one key): the act dialogs
    use the field widgets below, whose enter submits, while space still
    toggles a checkbox or a radio and opens a drop-down; a button's enter
    presses it and an open drop-down's enter picks the option.

    Its answer (`DialogAnswered`, posted by `Dialog.dismiss`) is an act's: the
    app's act flow goes on to the next step once that command is applied.
    """

    # Set on mount and on every resize. `-compact` (80x24): the odds beside the form, in
    # view, the form scrolling by itself; `-narrow`: the odds fold under the form.
    HORIZONTAL_BREAKPOINTS = [  # typed by Textual's Screen
        (0, "-narrow"),
        (COMPACT_FROM, "-compact"),
        (110, "-wide"),
    ]

    DEFAULT_CSS = """
    ActDialog > .dialog {
        width: 118;
    }
    ActDialog .columns {
        height: auto;
    }
    ActDialog .form {
        width: 58;
        height: auto;
    }
    ActDialog .field {
        margin-top: 0;
    }
    ActDialog .field-label {
        width: 12;
    }
    ActDialog #special {
        margin-top: 1;
        width: 100%;
    }
    ActDialog #odds {
        width: 1fr;
        margin-left: 1;
    }
    ActDialog.-narrow .columns {
        layout: vertical;
    }
    ActDialog.-narrow .form {
        width: 100%;
    }
    ActDialog.-narrow #odds {
        margin-left: 0;
    }
    ActDialog.-compact .form {
        width: 1fr;
        max-height: 66vh;  /* 15 of 24 lines: title, odds and buttons stay in view */
        overflow-y: auto;
        scrollbar-size-vertical: 1;
    }
    ActDialog.-compact FieldCheckbox {
        width: 100%;
        text-wrap: wrap;
        text-overflow: fold;
    }
    ActDialog.-compact #odds {
        width: 36;
        min-width: 36;
    }
    """

    at_once = False  # the quick attack (tracker.app.act_flow): its defaults, submitted

    @on(events.Mount)
    def _answer_at_once(self) -> None:
        """A quick attack rolls at once: the defaults are submitted after the first
        refresh (every field's mount handler done). Refused (a Close-In goal to type, no
        one to attack), the dialog stays, saying why, for the GM to finish."""
        if self.at_once:
            self.call_after_refresh(self.action_submit)

    @on(events.Mount)
    def _watch_typing(self) -> None:
        """Re-validate the moment a text field's value changes, in the field's own turn.

        Textual draws a frame once the screen has nothing left to do. The key's own
        field redraw reaches the screen at once, but the field's `Changed` bubbles up
        through every container first, so the form heard of it only after that frame,
        and the odds waited for the next one: 17-33 ms later at 60 fps (bench
        odds_update_ms 37 ms; 7 with this). `Changed` still re-validates afterwards
        (`Dialog._changed`, after the dialog's own handlers): same inputs, no redraw.
        The fields are found by type, not by a CSS query matching every widget (0.7 ms
        of opening the parry question: issue 27, dialog_open_ms).
        """
        for field in self.walk_children(Input):
            self.watch(field, "value", self._revalidate_on_typing, init=False)

    def _revalidate_on_typing(self) -> None:
        self.refresh_form()  # before _ready (mounting) this does nothing

    def action_submit(self) -> None:
        """A fast GM's enter may come before the mount event: the fields exist once
        composed, so validate them now rather than refuse the key."""
        if not self._ready and self.query_one_optional("#save") is not None:
            self._ready = True
        super().action_submit()


class DialogBody(VerticalScroll, can_focus=False):
    """The dialog's frame: scrolls on a short terminal, but never takes the focus itself,
    so the first field has it on opening and a focused field scrolls into view."""


Measured = tuple[tuple[object, ...], int]  # (what the height depends on, the height)


def label_height(button: Checkbox | RadioButton, width: int, last: Measured | None) -> Measured:
    """The lines a toggle's wrapping label takes at `width`, measured again only when its
    label, wrap or width changed: a dialog's nested layout asks each button 4 times a
    frame, and each answer drew the label (a quarter of the parry dialog's layout)."""
    styles = button.styles
    key = (button.label.plain, styles.text_wrap, styles.text_overflow, width)
    if last is not None and last[0] == key:
        return last
    if width < 1:  # squeezed out by a shrinking terminal: rich cannot wrap at 0 (it raised)
        return key, 1
    # Textual's own widgets pass their styles too; its RulesMap type says no
    return key, max(1, button.render().get_height(styles, width))  # type: ignore[arg-type]


class FieldCheckbox(MarkedCheckbox):
    """A checkbox whose enter submits the dialog; space toggles it. In the compact
    layout its label wraps under itself rather than being cut at the column's edge."""

    BINDINGS: ClassVar[list[BindingType]] = [SUBMIT]
    _measured: Measured | None = None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._measured = label_height(self, width, self._measured)
        return self._measured[1]


class FieldRadioSet(RadioSet):
    """A radio set whose enter submits the dialog, and whose highlight is always the choice.

    Textual's radio set highlights the first enabled button on mount, whatever
    is pressed, and up/down move the highlight alone: enter would then apply a
    choice the cursor is not on (a parry taken while "do not parry" looked
    chosen). Here the highlight starts on the pressed button and up/down press
    the button they move to, so what looks chosen is what enter applies.
    """

    BINDINGS: ClassVar[list[BindingType]] = [SUBMIT]
    _synced = False  # until mounted, moving the highlight must not press anything

    def on_mount(self) -> None:
        # Runs before RadioSet's own mount handler (which highlights the first button).
        self.call_later(self._highlight_pressed)

    def _highlight_pressed(self) -> None:
        if self.pressed_index >= 0:
            set_radio_cursor(self, self.pressed_index)
        self._synced = True

    def action_previous_button(self) -> None:
        self._step(-1)

    def action_next_button(self) -> None:
        self._step(1)

    def _step(self, direction: int) -> None:
        """Up/down stop at the ends: Textual wraps past disabled buttons to the far end."""
        found = next_enabled(self.children, radio_cursor(self), direction)
        if found is not None:
            set_radio_cursor(self, found)
        self._press_highlighted()

    def _press_highlighted(self) -> None:
        highlighted = radio_cursor(self)
        if self._synced and highlighted is not None:
            button = self.children[highlighted]
            if isinstance(button, RadioButton) and not button.disabled:
                self.press(highlighted)

    def press(self, index: int) -> None:
        """Press button `index` (and highlight it) now: `pressed_index` says so at once.

        Textual's set learns of a press from the button's change message, a turn or two
        later; a submit queued after the next refresh could read the old choice first
        (`p` typed with the roll parried with nothing when the question was already
        built: tracker/app/dialog_pool.py). The set's own `Changed` still follows."""
        press_in_place(self, index)
        button = self.children[index]
        if isinstance(button, RadioButton):
            self.post_message(RadioSet.Changed(self, button))

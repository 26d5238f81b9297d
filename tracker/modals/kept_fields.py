"""A form reopened after its command was cancelled at a dice prompt comes back as it was.

When a form dialog answers, its fields are noted (`note_form`: id → value of
every Input, Select, Checkbox and RadioSet). If the command is then cancelled
at a dice prompt, the app keeps that note with it (`tracker.cancelled`) until
the encounter next changes. The same dialog reopened meanwhile (same class
and title, so the same act on the same encounter) puts the values back
(`KeptRestore`) one field at a time, each after a short pause in which the
dialog's own reactions to the previous one have run, just as if the GM
re-picked them: a target first, then the dodge its options allow. A field a
later reaction resets is put back again. Then it checks the form gives back
the cancelled command and says so above the fields; Escape there forgets the
kept choices (the GM changed their mind). Generic on purpose: no dialog has
to know about it, and a field added to a dialog later is kept too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.widget import Widget
from textual.widgets import Checkbox, Input, RadioButton, RadioSet, Select, Static
from textual.widgets.select import InvalidSelectValueError

if TYPE_CHECKING:
    from tracker.modals.form import Dialog

Field = tuple[str, str, object]  # (widget id, kind, value)
# What the note calls a cancelled command, by its type (default: the type itself).
WHAT = {
    "skill": "skill roll",
    "anima": "Anima check",
    "resolve": "check",
    "opposed-start": "opposed roll",
    "opposed-round": "opposed round",
    "start": "start of combat",
    "fight-status": "return to the fight",
}
STEPS_PER_FIELD = 3  # a field some reaction keeps resetting is given up after this
SETTLE_WAITS = 10  # pauses to wait for the form to give back the command, at most
STEP_PAUSE = 0.02  # seconds between two fields put back


@dataclass(frozen=True)
class FormNote:
    """A dialog's fields as the GM left them when it answered."""

    dialog: str  # the class name
    title: str
    fields: tuple[Field, ...]


def title_of(dialog: Dialog[Any]) -> str:
    """The dialog's title line (it names the act: who, with what, which action)."""
    found = dialog.query(".dialog-title")
    return str(found.first(Static).render()) if found else ""


def _read(widget: object) -> tuple[str, object] | None:
    """(kind, value) of one field, or None for what is not a field."""
    if isinstance(widget, Input):
        return "input", widget.value
    if isinstance(widget, Select):
        return "select", widget.value
    if isinstance(widget, RadioSet):
        pressed = widget.pressed_button
        return "radio", None if pressed is None else pressed.id
    if isinstance(widget, Checkbox):
        return "checkbox", widget.value
    return None


def note_form(dialog: Dialog[Any]) -> FormNote:
    """Every field with an id, in the order the GM meets them."""
    fields: list[Field] = []
    for widget in dialog.query("*"):
        read = _read(widget)
        if read is not None and widget.id:
            fields.append((widget.id, *read))
    return FormNote(type(dialog).__name__, title_of(dialog), tuple(fields))


def _put(dialog: Dialog[Any], field: Field) -> bool | None:
    """Put one value back: True if set now, False if it already holds, None if it cannot."""
    ident, kind, value = field
    found = dialog.query(f"#{ident}")
    if not found:
        return None
    widget = found.first()
    read = _read(widget)
    if read is None or read[0] != kind:
        return None
    if read[1] == value:
        return False
    if isinstance(widget, RadioSet):
        buttons = widget.query(f"#{value}") if isinstance(value, str) else None
        button = buttons.first(RadioButton) if buttons else None
        if button is None or button.disabled:
            return None
        if button.value:
            return False  # pressed already; the set catches up with its own message
        button.value = True
        return True
    try:
        widget.value = value  # type: ignore[attr-defined]  # an Input, Select or Checkbox (_read)
    except InvalidSelectValueError:
        return None  # not an option (yet): a later reaction may offer it
    return True


class KeptNote(Static):
    """The line saying the cancelled command's choices are back, and how to drop them."""

    DEFAULT_CSS = """
    KeptNote {
        color: $text-warning;
        height: auto;
    }
    """


class KeptRestore:
    """Puts a note's values back into a mounted dialog, one field per short pause."""

    def __init__(
        self, dialog: Dialog[Any], note: FormNote, command: object, what: str, faces: bool
    ) -> None:
        """`what` names the command for the GM; `faces`: some were typed and are offered."""
        self.dialog = dialog
        self.faces = faces
        self.note = note
        self.command = command
        self.what = what
        self.done = False
        self.same: bool | None = None  # does the form give back the cancelled command?
        self._steps = STEPS_PER_FIELD * len(note.fields)
        self._waits = SETTLE_WAITS
        self._then: list[Callable[[], object]] = []

    def start(self) -> None:
        self._later()

    def _later(self) -> None:
        """The next step after a short pause: a timer lets every widget's own task run
        first (a radio set catching up with its button), unlike a callback after refresh,
        which runs on the dialog's task before them."""
        self.dialog.set_timer(STEP_PAUSE, self._step)

    def when_done(self, callback: Callable[[], object]) -> None:
        """Run `callback` once every field is back (now if they are)."""
        if self.done:
            callback()
        elif callback not in self._then:  # a second enter while waiting submits once
            self._then.append(callback)

    def _step(self) -> None:
        if not self.dialog.is_attached:
            return
        if self._steps > 0:
            for field in self.note.fields:
                if _put(self.dialog, field):
                    self._steps -= 1
                    self._later()
                    return
        # Nothing to put back. A field's own messages (a radio set catching up with the
        # button pressed) may still be on their way: look again after a pause or two.
        if self.dialog.refresh_form() != self.command and self._waits > 0:
            self._waits -= 1
            self._later()
            return
        self._finish()

    def _finish(self) -> None:
        self.done = True
        self.same = self.dialog.refresh_form() == self.command
        offered = ", and the faces typed are offered again" if self.faces else ""
        if self.same:
            text = (
                f"Kept from the {self.what} cancelled at the dice: the same choices{offered}. "
                "Change anything, or Escape to forget them."
            )
        else:
            text = (
                f"Kept what could be kept from the {self.what} cancelled at the dice: check "
                "the fields. Escape forgets them."
            )
        note = KeptNote(text, id="kept", markup=False)
        title = self.dialog.query(".dialog-title")
        parent = title.first().parent if title else None
        if isinstance(parent, Widget):  # a screen or a container
            parent.mount(note, after=title.first())
        else:
            self.dialog.mount(note)
        for callback in self._then:
            callback()
        self._then.clear()


def restore_kept(dialog: Dialog[Any]) -> KeptRestore | None:
    """Start putting back the kept fields if this dialog is the one that made the
    cancelled command (None: nothing kept for it)."""
    keeper = getattr(dialog.app, "cancelled", None)  # a bare test host keeps nothing
    note = getattr(keeper, "form", None)
    if not isinstance(note, FormNote) or keeper is None:
        return None
    if (note.dialog, note.title) != (type(dialog).__name__, title_of(dialog)):
        return None
    kind = str(getattr(keeper.command, "type", "command"))
    what = WHAT.get(kind, kind)
    restore = KeptRestore(dialog, note, keeper.command, what, bool(keeper.entries))
    restore.start()
    return restore

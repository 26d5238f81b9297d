"""A form reopened after its command was cancelled at a dice prompt comes back as it was.

When a form dialog answers, its fields are noted (`note_form`: id → value of
every Input, Select, Checkbox, RadioSet and CycleLine). If the command is then cancelled
at a dice prompt, the app keeps that note with it (`tracker.app.cancelled`) until
the encounter next changes. The same dialog reopened meanwhile (same class
and title, so the same act on the same encounter) puts the values back
(`KeptRestore`) in one pass while it mounts, in the order the GM meets them,
each followed at once by the dialog's own reactions to it, just as if the GM
re-picked them: a target first (its reaction offers the dodges), then the
dodge. The fields' change messages are held back meanwhile and their
handlers run on the spot (`_deliver`); a field a reaction changes gets its
own reactions too, and a field still off after a pass is put back again.
The changes the fields posted while mounting are dropped (`outdated`), so
no reaction arrives late to reset a field already put back. No timer: the
dialog is whole before it takes a key (tracker.host.key_order waits for the
mount). Then it checks the form gives back the cancelled command and says
so above the fields; Escape there forgets the kept choices (the GM changed
their mind). Generic on purpose: no dialog has to know about it, and a field added to a
dialog later is kept too.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from inspect import isawaitable, signature
from typing import Any, Protocol, runtime_checkable

from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, RadioButton, RadioSet, Select, Static
from textual.widgets.select import InvalidSelectValueError

from tracker.host.dialog_host import KeepsCancelled
from tracker.modals.cycle_line import CycleLine
from tracker.textual_compat.messages import dispatch_methods, is_stopped, message_clock

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
PASSES = 3  # a field some reaction keeps resetting is given up after this many passes
CASCADE = 8  # reactions to reactions followed this deep at most (a loop between two fields)
# The messages a field posts when its value changes: held back while restoring (their
# handlers are run on the spot instead), so none arrives late to undo a field put back.
CHANGES: tuple[type[Message], ...] = (
    Input.Changed,
    Select.Changed,
    Checkbox.Changed,
    RadioButton.Changed,
    RadioSet.Changed,
)


@runtime_checkable
class Refreshes(Protocol):
    """A form that reads its fields back into the command they make (tracker.modals.form's
    `Dialog`; named here, not imported: the form imports this module)."""

    def refresh_form(self) -> object: ...


@dataclass(frozen=True)
class FormNote:
    """A dialog's fields as the GM left them when it answered."""

    dialog: str  # the class name
    title: str
    fields: tuple[Field, ...]


def title_of(dialog: ModalScreen[Any]) -> str:
    """The dialog's title line (it names the act: who, with what, which action)."""
    for widget in dialog.walk_children(Static):  # no CSS matched over every widget
        if widget.has_class("dialog-title"):
            return str(widget.content)  # its text, not drawn
    return ""


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
    if isinstance(widget, CycleLine):
        return "cycle", widget.value
    return None


def _fields(dialog: ModalScreen[Any]) -> dict[str, tuple[Widget, tuple[str, object]]]:
    """Every field with an id: id → (widget, (kind, value)), in the order the GM meets them."""
    found: dict[str, tuple[Widget, tuple[str, object]]] = {}
    for widget in dialog.walk_children(Widget):  # as query("*"), without matching CSS
        read = _read(widget)
        if read is not None and widget.id:
            found[widget.id] = (widget, read)
    return found


def note_form(dialog: ModalScreen[Any]) -> FormNote:
    """Every field with an id, in the order the GM meets them."""
    fields = tuple((ident, *read) for ident, (_w, read) in _fields(dialog).items())
    return FormNote(type(dialog).__name__, title_of(dialog), fields)


def _put(dialog: ModalScreen[Any], field: Field) -> Message | None:
    """Put one value back; the change message it would have posted (None: it already
    holds, or cannot: not a field of that kind, an option not offered, a button disabled)."""
    ident, kind, value = field
    found = dialog.query(f"#{ident}")
    if not found:
        return None
    widget = found.first()
    read = _read(widget)
    if read is None or read[0] != kind or read[1] == value:
        return None
    if isinstance(widget, RadioSet):
        buttons = widget.query(f"#{value}") if isinstance(value, str) else None
        button = buttons.first(RadioButton) if buttons else None
        if button is None or button.disabled or button.value:
            return None
        button.value = True
        return RadioButton.Changed(button, True)  # the set takes it as a press (its handler)
    try:
        widget.value = value  # type: ignore[attr-defined]  # a field _read knows
    except (InvalidSelectValueError, ValueError):
        return None  # not an option (yet), or not allowed now: a later reaction may offer it
    return _change(widget)


def _change(widget: Widget) -> Message | None:
    """The message `widget` posts when its value changes, as it would post it now."""
    if isinstance(widget, Input):
        return Input.Changed(widget, widget.value)
    if isinstance(widget, Select):
        return Select.Changed(widget, widget.value)
    if isinstance(widget, Checkbox):
        return Checkbox.Changed(widget, widget.value)
    if isinstance(widget, RadioSet) and widget.pressed_button is not None:
        return RadioSet.Changed(widget, widget.pressed_button)
    if isinstance(widget, CycleLine):
        return CycleLine.Changed(widget)
    return None


def _call(dialog: ModalScreen[Any], handler: Any, message: Message) -> None:
    """Run one handler now, with the message if it takes one (as Textual's `invoke` does);
    an async one (no reaction to a field is, today) finishes next on the dialog's task."""
    takes = len(signature(handler).parameters)
    result = handler(message) if takes else handler()
    if isawaitable(result):
        dialog.call_next(_awaited, result)


async def _awaited(result: Awaitable[object]) -> None:
    await result


def _deliver(dialog: ModalScreen[Any], message: Message, field: Widget, depth: int = 0) -> None:
    """Run the reactions to one field's change now, as its message would when it bubbles
    from the field up to the dialog (the same handlers Textual picks, in the same order),
    then the reactions to every field those changed in turn."""
    before = {ident: read for ident, (_w, read) in _fields(dialog).items()}
    node: Any = field
    while isinstance(node, Widget):
        for _cls, handler in dispatch_methods(node, message):
            _call(dialog, handler, message)
        if is_stopped(message) or node is dialog:
            break
        node = node.parent
    if depth >= CASCADE:
        return
    for ident, (widget, read) in _fields(dialog).items():
        if before.get(ident) != read and widget is not field:
            follow = _change(widget)
            if follow is not None:
                _deliver(dialog, follow, widget, depth + 1)


class KeptNote(Static):
    """The line saying the cancelled command's choices are back, and how to drop them."""

    DEFAULT_CSS = """
    KeptNote {
        color: $text-warning;
        height: auto;
    }
    """


class KeptRestore:
    """Puts a note's values back into a mounted dialog, in one pass with its reactions."""

    def __init__(
        self,
        dialog: ModalScreen[Any],
        note: FormNote,
        command: object,
        what: str,
        faces: bool,
        form: Callable[[], object],
    ) -> None:
        """`what` names the command for the GM; `faces`: some were typed and are offered;
        `form` reads the dialog's fields back into its command."""
        self.dialog = dialog
        self.form = form
        self.faces = faces
        self.note = note
        self.command = command
        self.what = what
        self.done = False
        self.same: bool | None = None  # does the form give back the cancelled command?
        self.ended: float | None = None  # when every field was back (Message.time's clock)

    def start(self) -> None:
        """Put every field back, now: called on the dialog's own task while it mounts,
        so no key reaches it before (tracker.host.key_order waits for the mount)."""
        with self.dialog.prevent(*CHANGES):
            for _ in range(PASSES):
                put = False
                for field in self.note.fields:
                    message = _put(self.dialog, field)
                    if message is not None:
                        put = True
                        if isinstance(message.control, Widget):
                            _deliver(self.dialog, message, message.control)
                if not put:
                    break
        self.ended = message_clock()
        self._finish()

    def outdated(self, message: Message) -> bool:
        """A field's change posted before its value was put back (while the dialog mounted,
        with the default it was composed with): its reactions are the ones the restore
        has since run for the kept value (or the dialog's mount ran, for a field left as
        it was), so running them again late would undo fields already put back."""
        return isinstance(message, CHANGES) and self.ended is not None and message.time < self.ended

    def _finish(self) -> None:
        self.done = True
        self.same = self.form() == self.command
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


def restore_kept(dialog: ModalScreen[Any]) -> KeptRestore | None:
    """Start putting back the kept fields if this dialog is the one that made the
    cancelled command (None: nothing kept for it)."""
    app = dialog.app
    if not isinstance(app, KeepsCancelled):  # a bare test host keeps nothing
        return None
    if not isinstance(dialog, Refreshes):  # every form dialog does: a plain screen keeps none
        return None
    keeper = app.cancelled
    note = keeper.form
    if not isinstance(note, FormNote) or keeper.command is None:
        return None
    if (note.dialog, note.title) != (type(dialog).__name__, title_of(dialog)):
        return None
    kind = keeper.command.type
    what = WHAT.get(kind, kind)
    restore = KeptRestore(
        dialog, note, keeper.command, what, bool(keeper.entries), dialog.refresh_form
    )
    restore.start()
    return restore

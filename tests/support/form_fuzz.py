"""The form fuzz harness: every Input of an open dialog, fed each hostile value.

For one dialog (already pushed by its key) and each of its modes (a drop-down
that switches the fields shown: heal's care, luck's what, the roll's mode,
the check's kind), every Input the GM can type in is set to each hostile value, the
others keep what the dialog opened with, and the dialog is submitted. Nothing may
raise (run_test re-raises what a handler raised), the state must not change (the
encounter's JSON and the done list, or what the caller's `state` reads), the dialog
must still be up, a number field must show a message the opening did not, and a
text field given what the text rule refuses (rules.model.plain_text) shows its words.

Two lanes, one set of checks:
- every value in every field through the dialog's own handlers: the value is set,
  the field's Changed is handled by every node up to the dialog (a barrier in each
  node's queue, not a frame or an idle wait), then the dialog is submitted;
- a sample of the values typed key by key, or pasted, into a sample of the fields,
  with enter: the real key path (`make soak` types every value into every field).

A value the form would take is not submitted (it would apply): it is kept in
`Coverage.accepted`, and the test asserts that only text fields (names,
reasons) and blanks (a default) are ever taken.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Select
from textual.widgets.input import Selection

from rules.model.plain_text import problem
from tests.support.burst import deliver, send_at_once
from tests.support.hostile_text import HOSTILE
from tests.support.modal_host import handled, keys_done, until
from tests.support.soak import SOAK
from tracker.app.tracker_app import TrackerApp
from tracker.modals.form import Dialog, FieldError
from tracker.modals.sheet_line_fill import SheetDialog

# Fields that hold words, where '²' or a control character is text like any other.
TEXT_FIELDS = {
    "name",
    "source",
    "reason",
    "skill",
    "their-skill",
    "their-name",
    "w-name",
    "w-skill",
    "w-stat",
    "a-name",
    "a-weapon",
    "a-skill",
    "a-stat",
}
MODE_SELECTS = ("care", "what", "mode", "kind")
TYPED_FIELDS = 2  # the real key path: this many fields of each dialog and mode...
TYPED = ("²", "+-3", "1e309")  # ...typed key by key (plain keys: no escape, no enter)
PASTED = ("x\u202eevil\x01y", "\x00\x1b[2J\x7f", "x" * 10_000)  # ...and pasted
DRAWN = "\x00\x1b[2J\x7f"  # each field's value in the frame drawn of it

State = Callable[[], object]


@dataclass
class Coverage:
    """What the fuzz reached: dialogs, fields (dialog, mode, field) and values typed."""

    dialogs: set[str] = field(default_factory=set)
    fields: set[tuple[str, str, str]] = field(default_factory=set)
    tries: int = 0
    typed: int = 0  # of the tries, those that went through the keys (or a paste)
    accepted: list[tuple[str, str, str]] = field(default_factory=list)


def field_name(widget: Input) -> str:
    """An Input's id, or for a sheet's row cell its cell class ('w-damage', 'a-cost')."""
    if widget.id:
        return widget.id
    return next((c for c in sorted(widget.classes) if c[:2] in ("w-", "a-")), "?")


def typable(widget: Widget) -> bool:
    """Displayed and enabled, as is every container above it (a ContentSwitcher hides
    some fields; a mode disables others, e.g. the goal of a complementary roll)."""
    node: object = widget
    while isinstance(node, Widget):
        if not node.display or node.disabled:
            return False
        node = node.parent
    return True


def messages(screen: Screen[object]) -> list[str]:
    """What the dialog says now (a walk by type: a CSS query is ten times the cost)."""
    return [e.message for e in screen.walk_children(FieldError) if e.message]


def encounter_state(app: TrackerApp) -> State:
    def state() -> tuple[str, int]:
        session = app.session
        assert session is not None
        return session.encounter.model_dump_json(), len(session.done)

    return state


async def fuzz_dialog(pilot: Pilot[None], coverage: Coverage, state: State | None = None) -> None:
    """Fuzz the dialog on top of the app, in each of its modes."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    dialog = app.screen
    assert isinstance(dialog, Dialog), f"expected a dialog, got {type(dialog).__name__}"
    name = type(dialog).__name__
    coverage.dialogs.add(name)
    modes: list[tuple[Select[object] | None, object]] = [(None, None)]
    for select_id in MODE_SELECTS:
        for select in dialog.query(f"#{select_id}").results(Select):
            opening = select.value
            others = [v for _, v in select._options if v != opening and v is not Select.NULL]
            modes += [(select, value) for value in others]
            modes.append((select, opening))  # back to where it opened, last
    for select, value in modes:
        if select is not None:
            select.value = value
            await pilot.pause()
        mode = "" if select is None else f"{select.id}={value}"
        where = f"{name}[{mode}]" if mode else name
        keys = SOAK or select is None  # the key path once a dialog, in every mode in a soak
        await fuzz_fields(pilot, dialog, where, coverage, state, keys=keys)


class _Judge:
    """The checks every refused value must pass, against the dialog as it opened."""

    def __init__(self, pilot: Pilot[None], dialog: Dialog[object], state: State) -> None:
        self.app = pilot.app
        self.dialog = dialog
        self.state = state
        self.baseline = messages(dialog)
        self.valid_at_opening = dialog.validate_form()[0] is not None
        self.before = state()

    def refused(self, case: tuple[str, str, str], key: str, value: str) -> None:
        assert self.app.screen is self.dialog, f"{case}: the dialog closed"
        assert self.state() == self.before, f"{case}: the state changed"
        if key in TEXT_FIELDS and (words := problem(value.strip())):
            assert words in " ".join(messages(self.dialog)), f"{case}: not the rule's words"
        if key not in TEXT_FIELDS and value.strip():
            shown = messages(self.dialog)
            assert shown, f"{case}: refused without a message"
            if self.valid_at_opening:
                assert shown != self.baseline, f"{case}: no message of its own ({shown})"


async def fuzz_fields(
    pilot: Pilot[None],
    dialog: Dialog[object],
    where: str,
    coverage: Coverage,
    state: State | None = None,
    *,
    keys: bool = True,
) -> None:
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    fields: dict[str, Input] = {}
    for f in dialog.query(Input):  # the first of each kind: a sheet's rows repeat theirs
        if typable(f):
            fields.setdefault(field_name(f), f)
    judge = _Judge(pilot, dialog, state or encounter_state(app))
    for key, target in fields.items():
        coverage.fields.add((type(dialog).__name__, where, key))
        opening = target.value
        with app.batch_update():  # no frame per value: each is drawn by nobody
            for value in HOSTILE:
                coverage.tries += 1
                target.value = value
                await handled(target, dialog)  # its Changed seen by every handler
                case = (where, key, value[:12])
                breaks_rule = key in TEXT_FIELDS and bool(problem(value.strip()))  # fields strip
                if dialog.validate_form()[0] is not None:
                    assert not breaks_rule, f"{case}: took what the text rule refuses"
                    coverage.accepted.append(case)  # taken as typed: not submitted
                    continue
                dialog.action_submit()  # synchronous: refuses (bell) or dismisses
                judge.refused(case, key, value)
            target.value = DRAWN  # one frame a field, of a hostile value and what it says
            await handled(target, dialog)
        await pilot.pause()
        with app.batch_update():
            target.value = opening
            await handled(target, dialog)
    if not keys:
        return
    sample = list(fields.items()) if SOAK else list(fields.items())[:TYPED_FIELDS]
    values = HOSTILE if SOAK else (*TYPED, *PASTED)
    for key, target in sample:
        for value in values:
            await _through_the_keys(pilot, dialog, target, value, judge, (where, key, value[:12]))
            coverage.tries += 1
            coverage.typed += 1


async def _through_the_keys(
    pilot: Pilot[None],
    dialog: Dialog[object],
    target: Input,
    value: str,
    judge: _Judge,
    case: tuple[str, str, str],
) -> None:
    """Type (or paste) `value` over the field's text and press enter, as a GM would;
    only a value the form refuses gets its enter (a taken one would apply)."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    # Every field as it opened: a digit typed into an effect's empty name picks a condition
    # and the keys behind it go on into the duration, so more than the target may change.
    openings = [(field, field.value) for field in dialog.query(Input)]
    with app.batch_update():  # frames cost more than the fuzz: one a value, drawn below
        target.focus()
        await handled(app, app)
        target.selection = Selection(0, len(target.value))  # what is typed replaces it all
        if value.isprintable() and len(value) < 40:
            send_at_once(app, *value)
        else:
            deliver(app, events.Paste(value))
        await keys_done(pilot)
        await handled(target, dialog)
        # What the keys made of it (a digit alone in a name picks a condition and moves
        # on): taken, it is not entered (it would apply); refused, enter must say why.
        if app.screen is dialog and dialog.validate_form()[0] is None:
            refusals = dialog.refusals
            send_at_once(app, "ctrl+s" if isinstance(dialog, SheetDialog) else "enter")
            await until(pilot, lambda: dialog.refusals > refusals or app.screen is not dialog)
            judge.refused(case, case[1], value)
    await pilot.pause()  # the frame of what was typed and what the dialog says of it
    with app.batch_update():
        for field, value in openings:
            field.value = value
        await handled(target, dialog)


def check_accepted(coverage: Coverage) -> None:
    """Only words in text fields and blanks (a default) may be taken as typed."""
    wrong = [case for case in coverage.accepted if case[1] not in TEXT_FIELDS and case[2].strip()]
    assert not wrong, f"number fields took hostile values: {wrong}"

"""The form fuzz harness: every Input of an open dialog, fed each hostile value.

For one dialog (already pushed by its key) and each of its modes (a drop-down
that switches the fields shown: heal's care, luck's what, the roll's mode,
the check's kind), every Input the GM can type in is set to each hostile value, the
others keep what the dialog opened with, and enter is pressed in the field.
Nothing may raise (run_test re-raises what a handler raised), the session
must not change (the encounter's JSON, the done list), the dialog must still
be up, a number field must show a message the opening did not, and a text
field given what the text rule refuses (rules.model.plain_text) shows its words.

A value the form would take is not submitted (it would apply): it is kept in
`Coverage.accepted`, and the test asserts that only text fields (names,
reasons) and blanks (a default) are ever taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Select

from rules.model.plain_text import problem
from tests.support.hostile_text import HOSTILE
from tracker.app import TrackerApp
from tracker.modals.form import Dialog, FieldError

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


@dataclass
class Coverage:
    """What the fuzz reached: dialogs, fields (dialog, mode, field) and values typed."""

    dialogs: set[str] = field(default_factory=set)
    fields: set[tuple[str, str, str]] = field(default_factory=set)
    tries: int = 0
    scenarios: set[str] = field(default_factory=set)  # the fuzz tests that finished
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
    return [e.message for e in screen.query(FieldError) if e.message]


def state(app: TrackerApp) -> tuple[str, int]:
    session = app.session
    assert session is not None
    return session.encounter.model_dump_json(), len(session.done)


async def fuzz_dialog(pilot: Pilot[None], coverage: Coverage) -> None:
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
        await fuzz_fields(pilot, dialog, f"{name}[{mode}]" if mode else name, coverage)


async def fuzz_fields(
    pilot: Pilot[None], dialog: Dialog[object], where: str, coverage: Coverage
) -> None:
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    fields: dict[str, Input] = {}
    for f in dialog.query(Input):  # the first of each kind: a sheet's rows repeat theirs
        if typable(f):
            fields.setdefault(field_name(f), f)
    baseline = messages(dialog)
    valid_at_opening = dialog.validate_form()[0] is not None
    before = state(app)
    for key, target in fields.items():
        coverage.fields.add((type(dialog).__name__, where, key))
        opening = target.value
        for value in HOSTILE:
            coverage.tries += 1
            target.value = value
            result, _errors = dialog.validate_form()
            case = (where, key, value[:12])
            breaks_rule = key in TEXT_FIELDS and bool(problem(value.strip()))  # fields strip
            assert result is None or not breaks_rule, f"{case}: took what the text rule refuses"
            if result is not None:
                coverage.accepted.append(case)  # taken as typed: not submitted (it applies)
                continue
            if value == HOSTILE[0]:  # the real key path once a field, the submit after
                target.focus()
                await pilot.press("enter")
            else:
                dialog.action_submit()  # synchronous: refuses (bell) or dismisses
            assert app.screen is dialog, f"{case}: the dialog closed"
            assert state(app) == before, f"{case}: the encounter changed"
            if breaks_rule:
                words = problem(value.strip())
                assert words in " ".join(messages(dialog)), f"{case}: not the rule's words"
            if key not in TEXT_FIELDS and value.strip():
                shown = messages(dialog)
                assert shown, f"{case}: refused without a message"
                if valid_at_opening:
                    assert shown != baseline, f"{case}: no message of its own ({shown})"
        target.value = opening
        await pilot.pause()  # its Changed handled before the next field


def check_accepted(coverage: Coverage) -> None:
    """Only words in text fields and blanks (a default) may be taken as typed."""
    wrong = [case for case in coverage.accepted if case[1] not in TEXT_FIELDS and case[2].strip()]
    assert not wrong, f"number fields took hostile values: {wrong}"

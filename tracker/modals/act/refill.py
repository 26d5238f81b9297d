"""A dialog already built takes a new question's content instead of being built again.

Why (issue 27, dialog_open_ms): composing, mounting and styling the parry question's
~20 widgets was about a third of the time from the roll to the question drawn. So a
closed question dialog waits in tracker.app.dialog_pool, and the next question of its
class is first made as ever, as a *twin* (its `__init__` works the question out),
whose `compose` builds its widgets but nothing mounts them. `fit` walks the kept
dialog and the twin side by side: where they differ in what is built once (a widget's
type, id, classes, inline styles, how many children, an input's kind...) it gives
None, having changed nothing, and the twin is shown fresh. Otherwise, once the kept
dialog is back on the screen stack (what its widgets change is styled there and
then), `refill` has every widget take what the twin's holds (a text, a label, a
placeholder, disabled, a tooltip) and leaves it as the twin's would be once mounted:
nothing typed, the first pressed radio pressed and highlighted, no error shown,
scrolled home, the focus on the first field; then the form is worked out and the
dialog laid out before its first frame. Only the widget types in `RULES` are
refilled: any other has the dialog built afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, RadioButton, Static

from tracker.modals.act.base import DialogBody, FieldRadioSet
from tracker.modals.act.common import DieLine
from tracker.modals.form import FieldError
from tracker.modals.marked_fields import MarkedRadioButton
from tracker.modals.space_button import SpaceButton
from tracker.textual_compat.composed import (
    composed_tree,
    press_in_place,
    reads_markup,
    unmounted_children,
)
from tracker.widgets.odds import OddsView

__all__ = ["Refillable", "first_focus", "fit", "refill"]

# Classes a widget's state sets (a radio's value, the highlight, an error shown, an
# input's value checked): taken with that state below, so they may differ between the trees.
STATEFUL_CLASSES = frozenset({"-on", "-selected", "-ok", "-valid", "-invalid"})
# What an input is built as: the two must agree on all of it to be the same field.
INPUT_MAKE = ("password", "restrict", "type", "max_length", "valid_empty", "compact")


@runtime_checkable
class Refillable(Protocol):
    """A dialog that can take a twin's question: its own state from it, then its form
    worked out again (tracker.modals.act.pending_dialog)."""

    def take_state(self, twin: Any) -> None: ...

    def refresh_form(self) -> object: ...


@dataclass(frozen=True)
class Rule:
    """How one widget type is compared (beyond what every widget is) and refilled; its
    children, if any, are compared and refilled first."""

    same: Callable[[Any, Any], bool]
    take: Callable[[Any, Any], None]


def _always(_old: Any, _new: Any) -> bool:
    return True


def _scrolled_home(old: Widget, _new: Widget) -> None:
    if old.scroll_offset != (0, 0):
        old.scroll_to(0, 0, animate=False, immediate=True)


def _same_static(old: Static, new: Static) -> bool:
    return (old.expand, old.shrink) == (new.expand, new.shrink)


def _take_static(old: Static, new: Static) -> None:
    if old.content != new.content:
        old.update(new.content)


def _take_error(old: FieldError, new: FieldError) -> None:
    old.show(new.message)


def _same_input(old: Input, new: Input) -> bool:
    made = all(getattr(old, name) == getattr(new, name) for name in INPUT_MAKE)
    plain = not (old.validators or new.validators or old.suggester or new.suggester)
    return made and plain and old.highlighter is None and new.highlighter is None


def _take_input(old: Input, new: Input) -> None:
    old.placeholder = new.placeholder
    if old.value != new.value:
        old.value = new.value
    old.selection = new.selection
    for checked in ("-valid", "-invalid"):  # set once a value is checked: none yet
        old.set_class(checked in new.classes, checked)
    _scrolled_home(old, new)


def _take_radio(old: RadioButton, new: RadioButton) -> None:
    if old.label != new.label:  # set, a label lays the button out again, changed or not
        old.label = new.label  # its value is the set's to press (below)


def _take_radios(old: FieldRadioSet, new: FieldRadioSet) -> None:
    """Pressed as the twin's first `value=True` button; none: the first enabled one
    highlighted, as a fresh set mounts."""
    buttons = unmounted_children(new)
    pressed = next((i for i, b in enumerate(buttons) if getattr(b, "value", False)), -1)
    press_in_place(old, pressed)
    _scrolled_home(old, new)


def _take_button(old: SpaceButton, new: SpaceButton) -> None:
    old.label = new.label
    old.variant = new.variant


def _same_button(old: SpaceButton, new: SpaceButton) -> bool:
    return old.compact == new.compact


def _take_own(old: DieLine | OddsView, new: Any) -> None:
    old.take_over(new)


RULES: dict[type[Widget], Rule] = {
    DialogBody: Rule(_always, _scrolled_home),
    Horizontal: Rule(_always, _scrolled_home),
    Vertical: Rule(_always, _scrolled_home),
    FieldRadioSet: Rule(lambda o, n: o.compact == n.compact, _take_radios),
    Static: Rule(_same_static, _take_static),
    Label: Rule(_same_static, _take_static),
    FieldError: Rule(lambda o, n: o.slot == n.slot, _take_error),
    Input: Rule(_same_input, _take_input),
    MarkedRadioButton: Rule(lambda o, n: o.compact == n.compact, _take_radio),
    SpaceButton: Rule(_same_button, _take_button),
    DieLine: Rule(lambda o, n: o.same_kind(n), _take_own),
    OddsView: Rule(_always, _take_own),
}


def _children(widget: Widget, mounted: bool) -> list[Widget]:
    return list(widget.children) if mounted else unmounted_children(widget)


def _same(old: Widget, new: Widget) -> bool:
    """Built alike: the same rule, id, classes, inline styles and markup, the same
    children built alike (a leaf has none on either side)."""
    rule = RULES.get(type(old))
    if rule is None or type(new) is not type(old) or old.id != new.id:
        return False
    if set(old.classes) - STATEFUL_CLASSES != set(new.classes) - STATEFUL_CLASSES:
        return False
    if old.styles.inline.get_rules() != new.styles.inline.get_rules():
        return False
    if reads_markup(old) != reads_markup(new) or not rule.same(old, new):
        return False
    return _same_lists(_children(old, True), _children(new, False))


def _same_lists(old: list[Widget], new: list[Widget]) -> bool:
    return len(old) == len(new) and all(map(_same, old, new))


def _take(old: Widget, new: Widget) -> None:
    """Children first: a radio set presses among its buttons once they are refilled."""
    for pair in zip(_children(old, True), _children(new, False), strict=True):
        _take(*pair)
    RULES[type(old)].take(old, new)
    if old.disabled != new.disabled:
        old.disabled = new.disabled
    if old.tooltip != new.tooltip:
        old.tooltip = new.tooltip


def fit(kept: list[Screen[Any]], twin: Screen[Any]) -> tuple[Screen[Any], list[Widget]] | None:
    """The first of `kept` (built, off the stack) built alike `twin`, and `twin`'s widgets
    as its compose builds them (made once, whichever are tried); None when none is.
    Nothing is changed."""
    composed: list[Widget] | None = None
    for dialog in kept:
        if type(dialog) is not type(twin) or not isinstance(dialog, Refillable):
            continue
        suspended = {dialog.app.SUSPENDED_SCREEN_CLASS}
        if set(dialog.classes) - suspended != set(twin.classes):  # a size class moved
            continue
        composed = composed_tree(twin) if composed is None else composed
        if _same_lists(list(dialog.children), composed):
            return dialog, composed
    return None


def refill(dialog: Screen[Any], twin: Screen[Any], composed: list[Widget]) -> None:
    """`dialog` made to ask `twin`'s question (`composed`: the widgets `fit` gave). Called once
    it is on the stack: the classes its widgets take are styled there and then."""
    assert isinstance(dialog, Refillable)
    dialog.take_state(twin)
    for pair in zip(list(dialog.children), composed, strict=True):
        _take(*pair)
    first = first_focus(dialog)
    if dialog.focused is not first:
        dialog.set_focus(first)
    dialog.refresh_form()
    # Laid out before its first frame, as a fresh dialog is: else that frame could come
    # before the widgets' own layout requests reach the screen, the old question's layout.
    dialog.refresh(layout=True)


def first_focus(screen: Screen[Any]) -> Widget | None:
    """The widget a screen's auto focus gives the focus to as it is first shown."""
    app = screen.app
    chosen = app.AUTO_FOCUS if screen.AUTO_FOCUS is None else screen.AUTO_FOCUS
    if not chosen or not app.app_focus:
        return None
    return next((widget for widget in screen.query(chosen) if widget.focusable), None)

"""What tracker.modals.act.refill needs to refill a dialog already built (issue 27:
dialog_open_ms), in Textual's private names.

- A widget not yet mounted holds the children it will mount with (its constructor's,
  its `with` block's) in its private `_pending_children`; Textual's public `compose()`
  builds only the top ones.
- Whether a widget reads its text as markup is its private `_render_markup`.
- A radio set keeps the pressed button in its private `_pressed_button`, which only its
  own change handler sets: pressing one in place, as a set starts when it mounts, sets
  it here with the change messages held back, as the set's own mount does (`prevent`).
- How many times the app's CSS changed as a whole (a theme, a stylesheet) is its private
  `_css_update_count`, which Textual checks a mode's screens against.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.compose import compose
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import RadioButton, RadioSet

from tracker.textual_compat.cursors import next_enabled, set_radio_cursor

__all__ = [
    "composed_tree",
    "css_generation",
    "press_in_place",
    "reads_markup",
    "unmounted_children",
]


def css_generation(app: App[Any]) -> int:
    """Counts the app's whole-CSS changes (a theme, a stylesheet): Textual's private
    `_css_update_count`, which it bumps for each and checks a mode's screens against."""
    return app._css_update_count


def composed_tree(node: DOMNode) -> list[Widget]:
    """The widgets `node.compose()` yields at the top, built and not mounted."""
    return compose(node)  # type: ignore[arg-type]  # a Screen is a Widget; Textual types it so


def unmounted_children(widget: Widget) -> list[Widget]:
    """The children a widget not yet mounted will mount with (its constructor's and its
    `with` block's); a mounted one's are its `children`."""
    return list(widget._pending_children)


def reads_markup(widget: Widget) -> bool:
    """Whether the widget's text is read as markup (its constructor's `markup`)."""
    return widget._render_markup


def press_in_place(radios: RadioSet, index: int) -> None:
    """Button `index` pressed and highlighted, every other off, as a set that has just
    mounted with that button's `value=True` (-1: none pressed, the first enabled one
    highlighted); no change message is posted."""
    buttons: list[Any] = [b for b in radios.children if isinstance(b, RadioButton)]
    with radios.prevent(RadioButton.Changed, RadioSet.Changed):
        for at, button in enumerate(buttons):
            button.value = at == index
    pressed = 0 <= index < len(buttons)
    radios._pressed_button = buttons[index] if pressed else None
    highlight = index if pressed else next_enabled(buttons, None, 1)
    if highlight is not None:
        set_radio_cursor(radios, highlight)

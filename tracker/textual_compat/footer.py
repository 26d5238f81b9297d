"""The footer's key widget, greyed or ungreyed where it stands (tracker.widgets.key_footer).

Textual's Footer shows a key that may not be pressed now by building a new
FooterKey with `disabled=True`; flipping it means recomposing the whole bar,
which at 200 combatants cost 5-10 ms of every `n` frame (issue 26's bench: the
footer's greying changes with nearly every revision). FooterKey is not exported
from `textual.widgets`, and its "may not be pressed" flag (read by its click
handler) is private; no public setter exists in the pinned version.
"""

from __future__ import annotations

from textual.widgets._footer import FooterKey

__all__ = ["FooterKey", "set_greyed"]


def set_greyed(key: FooterKey, greyed: bool) -> None:
    """Grey (or ungrey) one footer key as a rebuilt one would be: dimmed, a click bells."""
    key._disabled = greyed
    key.set_class(greyed, "-disabled")

"""A button that space presses as well as enter, as everywhere else a GM has used one.

Textual's Button binds enter only: on the sheet form's `+ weapon` a GM pressed space,
nothing happened, and they tabbed on thinking it done (issue 27). Every button of
the dialogs is this one.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Button


class SpaceButton(Button):
    """Enter (Textual's own binding) or space presses it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "press", "Press button", show=False, id="button.space")
    ]

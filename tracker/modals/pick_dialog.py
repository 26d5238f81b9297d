"""The base of the dialogs that are one list to pick from: a save, a template, an outcome.

Moving the highlight re-validates (Save follows what is highlighted), and
enter on a line picks it, as enter submits every other dialog.
"""

from __future__ import annotations

from textual import on
from textual.widgets import OptionList

from tracker.modals.form import Dialog, ResultT


class PickDialog(Dialog[ResultT]):
    """A form whose answer is the highlighted line of its OptionList."""

    DEFAULT_CSS = """
    PickDialog OptionList {
        height: auto;
        max-height: 18;
    }
    """

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self.refresh_form()

    @on(OptionList.OptionSelected)
    def _selected(self) -> None:
        self.action_submit()

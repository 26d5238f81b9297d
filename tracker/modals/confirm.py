"""A yes/no question before anything hard to take back (removing a combatant, quitting)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tracker.modals.space_button import SpaceButton
from tracker.widgets.steady_layout import SteadyLayout


class Confirm(SteadyLayout, ModalScreen[bool]):
    """y or enter says yes; n or escape says no. Dismisses with a plain bool."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    DEFAULT_CSS = """
    Confirm {
        align: center middle;
    }
    Confirm > Vertical {
        width: auto;
        min-width: 30;
        max-width: 70;
        height: auto;
        border: round $warning;
        background: $surface;
        padding: 0 1;
    }
    Confirm #question {
        width: auto;
        max-width: 66;
        margin-bottom: 1;
    }
    Confirm Horizontal {
        width: auto;
        height: auto;
        align-horizontal: right;
    }
    Confirm Button {
        margin-left: 2;
    }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question", markup=False)
            with Horizontal():
                yield SpaceButton("Yes (y)", variant="warning", id="yes", compact=True)
                yield SpaceButton("No (n)", id="no", compact=True)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

"""A short prompt for an encounter's name: naming a new fight in the saves browser, and
renaming the current one (the palette; the main screen sends `RenameEncounter`)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from rules.model.plain_text import NAME_MAX, printable
from tracker.modals.form import Dialog, FieldError, buttons, labelled


def name_problem(name: str) -> str:
    """Why a typed encounter name is refused ('' when it is fine): rules.model.plain_text's Name."""
    if not name:
        return f"type a name (1-{NAME_MAX} characters)"
    if len(name) > NAME_MAX:
        return f"at most {NAME_MAX} characters ({len(name)} typed)"
    try:
        printable(name)
    except ValueError as error:
        return str(error)
    return ""


class EncounterName(Dialog[str]):
    """Type the name (prefilled); enter takes it, escape changes nothing."""

    AUTO_FOCUS = "#name"
    KEEPS_FIELDS: ClassVar[bool] = False  # no dice: nothing to bring back

    DEFAULT_CSS = """
    EncounterName > .dialog {
        width: 70;
    }
    """

    def __init__(self, title: str, current: str, save_label: str = "OK") -> None:
        super().__init__()
        self.title_text = title
        self.current = current
        self.save_label = save_label

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static("enter takes the name · escape cancels", classes="hint")
            yield labelled("Name", Input(value=self.current, id="name"))
            yield FieldError("name")
            yield from buttons(self.save_label)

    def validate_form(self) -> tuple[str | None, dict[str, str]]:
        name = self.query_one("#name", Input).value.strip()
        problem = name_problem(name)
        return (None, {"name": problem}) if problem else (name, {})

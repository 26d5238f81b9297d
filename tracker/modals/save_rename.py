"""Renaming a save from the saves browser: its new name, and the file that name makes.

The field is the encounter's name as the browser shows it; below it, the file
it becomes (`bridge-ambush.json`), or why the name will not do (empty, too long,
a path, dots alone, a file already there), checked by `rules.saves.names` as
the GM types, so enter takes only a name the rename will accept. The file
itself is renamed by the browser (`rules.saves.tidy`), never here.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from rules.saves.names import rename_target
from rules.saves.raw import SaveError
from tracker.modals.form import Dialog, FieldError, buttons, labelled


class RenameSave(Dialog[str]):
    """Type the new name (prefilled); enter renames, escape changes nothing."""

    AUTO_FOCUS = "#name"
    KEEPS_FIELDS: ClassVar[bool] = False  # no dice: nothing to bring back

    DEFAULT_CSS = """
    RenameSave > .dialog {
        width: 74;
    }
    """

    def __init__(self, folder: Path, path: Path, current: str, *, opens: bool = True) -> None:
        """`opens`: the save opens, so its encounter is renamed too (else only its file)."""
        super().__init__()
        self.folder = folder
        self.path = path
        self.current = current
        self.hint = (
            "the encounter's name and its file change together"
            if opens
            else "it will not open, so only its file is renamed"
        )

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"Rename {self.path.name}", classes="dialog-title", markup=False)
            yield Static(
                f"{self.hint} · enter renames · escape cancels", classes="hint", markup=False
            )
            yield labelled("Name", Input(value=self.current, id="name"))
            yield FieldError("name")
            yield Static("", id="new-file", classes="hint", markup=False)
            yield from buttons("Rename")

    def validate_form(self) -> tuple[str | None, dict[str, str]]:
        name = self.query_one("#name", Input).value
        shown = self.query_one("#new-file", Static)
        try:
            target = rename_target(self.folder, self.path, name)
        except SaveError as error:
            shown.update("")
            return None, {"name": error.problem}
        shown.update(
            f"the file stays {target.name}"
            if target == self.path
            else f"the file becomes {target.name}"
        )
        return name.strip(), {}

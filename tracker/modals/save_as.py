"""Save as: a new file name for the encounter, in the saves folder.

Only a bare file name is accepted (no folders), `.json` is added when
missing, and a file that is not a tracker save is never offered as a target
(rules.saves.store would refuse to overwrite it anyway; saying so here is kinder).
"""

from __future__ import annotations

import os
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from rules.model.plain_text import problem
from rules.saves.folder import list_saves
from rules.saves.store import SaveError
from tracker.modals.form import Dialog, FieldError, buttons, labelled

SUFFIX = ".json"
MAX_NAME_BYTES = 120  # rules.saves.store keeps names this short so temp and .bak names fit


def name_problem(name: str) -> str:
    """Why `name` cannot be a save's file name, or "" when it can."""
    if not name:
        return "type a file name"
    separators = {"/", "\\", os.sep, *([os.altsep] if os.altsep else [])}
    if any(sep in name for sep in separators):
        return "just a file name, without folders (no / or \\)"
    if name.startswith("."):
        return "a name must not start with a dot (the saves list hides those)"
    if why := problem(name):  # the one text rule: before the encode a lone surrogate fails
        return f"the name {why}"
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        return f"the name is too long (at most {MAX_NAME_BYTES} bytes)"
    return ""


def with_suffix(name: str) -> str:
    return name if name.lower().endswith(SUFFIX) else name + SUFFIX


class SaveAs(Dialog[Path]):
    """Type the new name (prefilled with the current one); enter saves."""

    DEFAULT_CSS = """
    SaveAs > .dialog {
        width: 70;
    }
    SaveAs #target {
        margin-top: 1;
    }
    """

    def __init__(self, folder: Path, current_name: str) -> None:
        super().__init__()
        self.folder = Path(folder)
        self.current_name = current_name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Save as", classes="dialog-title")
            yield Static(f"in {self.folder}", classes="hint", markup=False)
            yield labelled("File name", Input(value=self.current_name, id="name"))
            yield FieldError("name")
            yield Static("", id="target", classes="hint", markup=False)
            yield from buttons()

    def _existing_problem(self, path: Path) -> tuple[str, str]:
        """(refusal, note) about what already sits at `path`."""
        if not os.path.lexists(path):
            return "", "a new file"
        if path.is_dir() or not path.is_file():
            return f"{path.name} is in the way and is not a save file", ""
        try:
            infos = {info.path.name: info for info in list_saves(self.folder)}
        except SaveError as err:
            return str(err), ""
        info = infos.get(path.name)
        if info is None or info.error is not None:
            why = info.error if info is not None and info.error else "it is not a tracker save"
            return f"{path.name} exists and is not a tracker save ({why}): choose another name", ""
        return "", f"replaces the save {info.name!r} (day {info.day}, {info.alive} alive)"

    def validate_form(self) -> tuple[Path | None, dict[str, str]]:
        target = self.query_one("#target", Static)
        name = self.query_one("#name", Input).value.strip()
        problem = name_problem(name)
        if problem:
            target.update("")
            return None, {"name": problem}
        path = self.folder / with_suffix(name)
        refusal, note = self._existing_problem(path)
        target.update(f"→ {path.name}: {note}" if note else "")
        if refusal:
            return None, {"name": refusal}
        return path, {}

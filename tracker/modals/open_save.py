"""Open a save: the folder's saves, newest first, with their day, track time and who lives.

A file that will not open is still listed, greyed out with the reason, so
the GM learns why an encounter is missing instead of wondering.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.saves.folder import SaveInfo, list_saves
from rules.saves.store import SaveError
from tracker.modals.form import FORM, FieldError
from tracker.modals.option_marks import MarkedOptionList
from tracker.modals.pick_dialog import PickDialog


def describe(info: SaveInfo) -> str:
    """One line (two for a broken file) of the saves list."""
    when = info.modified.astimezone().strftime("%Y-%m-%d %H:%M")
    if info.error is not None:
        return f"{info.path.name}  {when}\n  {info.error}"
    track = f"in combat, track {info.time}" if info.in_combat else "no combat"
    return (
        f"{info.name}  ({info.path.name}, {when})\n"
        f"  day {info.day}, {track}, {info.alive}/{info.total} alive"
    )


class OpenSave(PickDialog[Path]):
    """Arrows choose, enter opens; broken saves cannot be chosen."""

    DEFAULT_CSS = """
    OpenSave > .dialog {
        width: 90;
    }
    """

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = Path(folder)
        self.problem = ""
        try:
            self.saves = list_saves(self.folder)
        except SaveError as err:
            self.saves = []
            self.problem = str(err)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Open a save", classes="dialog-title")
            yield Static(f"in {self.folder}", classes="hint", markup=False)
            yield MarkedOptionList(
                *(
                    Option(Content(describe(info)), id=str(i), disabled=info.error is not None)
                    for i, info in enumerate(self.saves)
                ),
                id="saves",
            )
            yield FieldError(FORM)

    def on_mount(self) -> None:
        options = self.query_one("#saves", OptionList)
        openable = [i for i, info in enumerate(self.saves) if info.error is None]
        if openable:
            options.highlighted = openable[0]

    def validate_form(self) -> tuple[Path | None, dict[str, str]]:
        if self.problem:
            return None, {FORM: self.problem}
        if not self.saves:
            return None, {FORM: f"no saves in {self.folder}"}
        index = self.query_one("#saves", OptionList).highlighted
        if index is None or self.saves[index].error is not None:
            return None, {FORM: "no save that opens is chosen"} if self.refusals else {}
        return self.saves[index].path, {}

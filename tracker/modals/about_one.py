"""The base of the dialogs about one combatant: wound, care, luck, fight status.

Each is opened from the main screen with the encounter and the selected
combatant's id; a wrong id is the caller's bug and fails before any widget exists.
Opened for marked roster rows (`for_marked`), the dialog is filled in for the
first of them and says in its title whom it is for: the main screen sends
the answer to each of them as one Batch command.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widgets import Static

from rules.model.state import Encounter
from tracker.modals.form import Dialog, ResultT, combatant_of


class CombatantDialog(Dialog[ResultT]):
    """A form about `combatant`, read from `encounter` when the dialog opens."""

    def __init__(self, encounter: Encounter, combatant_id: str) -> None:
        self.combatant = combatant_of(encounter, combatant_id)
        super().__init__()
        self.encounter = encounter
        self.marked: list[str] = []  # names: the answer goes to each of them

    def for_marked(self, names: Sequence[str]) -> CombatantDialog[ResultT]:
        """The dialog for several marked combatants (its title names them)."""
        self.marked = list(names)
        return self

    def on_mount(self) -> None:  # Textual calls Dialog.on_mount too (each class's handler)
        if self.marked:
            for title in self.query(".dialog-title").results(Static):
                shown = ", ".join(self.marked)
                # Content: names are text, never markup ("Guard [x=1:2]" stopped the app)
                title.update(Content(f"{title.content} · for {len(self.marked)} marked: {shown}"))
                break

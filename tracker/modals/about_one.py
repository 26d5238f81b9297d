"""The base of the dialogs about one combatant: wound, care, luck, fight status.

Each is opened from the main screen with the encounter and the selected
combatant's id; a wrong id is the caller's bug and fails before any widget exists.
"""

from __future__ import annotations

from rules.model.state import Encounter
from tracker.modals.form import Dialog, ResultT, combatant_of


class CombatantDialog(Dialog[ResultT]):
    """A form about `combatant`, read from `encounter` when the dialog opens."""

    def __init__(self, encounter: Encounter, combatant_id: str) -> None:
        self.combatant = combatant_of(encounter, combatant_id)
        super().__init__()
        self.encounter = encounter

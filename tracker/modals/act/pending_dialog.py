"""The base of the act dialogs that answer a pending decision: a parry, a damage, a check.

Each is opened with the encounter and the decision's id; a wrong id, a
decision of another kind, or one naming no combatant is the caller's bug and
fails before any widget exists.
"""

from __future__ import annotations

from typing import ClassVar

from rules.model.pending import Pending
from rules.model.state import Encounter
from tracker.modals.act.base import ActDialog
from tracker.modals.form import ResultT

__all__ = ["PendingDialog", "pending_of"]


def pending_of(encounter: Encounter, pending_id: int, kinds: tuple[str, ...]) -> Pending:
    """The pending decision a dialog answers; a wrong id or kind is the caller's bug."""
    for pending in encounter.pending:
        if pending.id == pending_id:
            if pending.kind not in kinds:
                raise ValueError(
                    f"pending_id: decision {pending_id} is a {pending.kind}, "
                    f"not a {' or '.join(kinds)}"
                )
            if pending.combatant not in encounter.combatants:
                raise ValueError(f"pending_id: decision {pending_id} names no combatant")
            return pending
    raise ValueError(f"pending_id: no pending decision {pending_id}")


class PendingDialog(ActDialog[ResultT]):
    """An act dialog about `pending` (one of `KINDS`) and its `target`, who answers it."""

    KINDS: ClassVar[tuple[str, ...]]
    # What its `__init__` works out from the question: taken from a twin when a dialog
    # already built is refilled for another question (tracker.modals.act.refill).
    REFILLED: ClassVar[tuple[str, ...]] = ("pending", "encounter", "target")

    def __init__(self, encounter: Encounter, pending_id: int) -> None:
        self.pending = pending_of(encounter, pending_id, self.KINDS)
        super().__init__()
        self.encounter = encounter
        self.target = encounter.combatants[self.pending.combatant]

    def take_state(self, twin: PendingDialog[ResultT]) -> None:
        """Ask `twin`'s question: its worked-out state, the form's as when first shown."""
        for name in self.REFILLED:
            setattr(self, name, getattr(twin, name))
        self.restart_form()

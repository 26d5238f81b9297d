"""Answer the first pending decision (`d`): a check to roll, a parry to choose, damage to confirm.

The engine never asks the UI anything (engine rule 7): it leaves a Pending
in the state and refuses to advance until it is answered. One set of
dialogs answers them, the act dialogs, each with its odds or its preview:
- breakage (A15) / demise (A16): `CheckDialog`, the goal prefilled and editable (R15);
- parry (A10): `ParryDialog`, a melee weapon or no parry, the parry's odds;
- damage (A11-A13): `DamageDialog`, the stored breakdown, each stage open to an override.
"""

from __future__ import annotations

from rules.model.commands import ConfirmDamage, Parry, ResolveCheck
from rules.model.pending import Pending
from rules.model.state import Encounter
from tracker.modals.act import CheckDialog, DamageDialog, ParryDialog

Answer = ResolveCheck | Parry | ConfirmDamage


def decision_dialog(
    encounter: Encounter, pending: Pending
) -> ParryDialog | DamageDialog | CheckDialog:
    """The act dialog that answers `pending`; escape leaves it pending."""
    if pending.kind == "parry":
        return ParryDialog(encounter, pending.id)
    if pending.kind == "damage":
        return DamageDialog(encounter, pending.id)
    return CheckDialog(encounter, pending.id)

"""The tracker's modal dialogs: one file each, each dismissing with a Command (or a value) or None.

Every dialog validates as the GM types and refuses enter / Save until its
fields are valid; escape cancels. The dialogs read the encounter, never
change it: the app applies what they return.
"""

from tracker.modals.begin_combat import BeginCombat
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.confirm import Confirm
from tracker.modals.demise_goal import SettingsForm
from tracker.modals.dice_entry import DiceEntry
from tracker.modals.end_combat import EndCombatModal
from tracker.modals.heal import HealForm
from tracker.modals.luck import LuckForm
from tracker.modals.open_save import OpenSave
from tracker.modals.save_as import SaveAs
from tracker.modals.templates import TemplatePicker
from tracker.modals.wound import WoundForm

__all__ = [
    "BeginCombat",
    "CombatantForm",
    "Confirm",
    "DiceEntry",
    "EndCombatModal",
    "HealForm",
    "LuckForm",
    "OpenSave",
    "SaveAs",
    "SettingsForm",
    "TemplatePicker",
    "WoundForm",
]

"""The act dialogs: acting, reacting and rolling, each a modal returning one command.

Step by step: every dialog dismisses with exactly one validated Command (or
None when cancelled). A flow that needs several commands (an attack, then a
parry, then the damage, then a breakage roll) is driven from the state: the
engine leaves each decision as a pending entry or a turn with actions left,
and `tracker.app.act_flow` opens the next dialog for it. Nothing is queued in the
UI, so undo, a reload or a physical-dice retry never leaves a half-applied list.
"""

from tracker.modals.act.anima import AnimaDialog
from tracker.modals.act.attack import AttackDialog
from tracker.modals.act.base import ActDialog
from tracker.modals.act.check import CheckDialog
from tracker.modals.act.damage import DamageDialog
from tracker.modals.act.opportunity import LandingPreview, OpportunityDialog
from tracker.modals.act.parry import ParryDialog
from tracker.modals.act.react import ReactDialog
from tracker.modals.act.skill_roll import SkillRollDialog

__all__ = [
    "ActDialog",
    "AnimaDialog",
    "AttackDialog",
    "CheckDialog",
    "DamageDialog",
    "LandingPreview",
    "OpportunityDialog",
    "ParryDialog",
    "ReactDialog",
    "SkillRollDialog",
]

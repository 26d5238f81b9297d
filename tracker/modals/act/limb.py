"""A15 in the dialogs: which hurt limb a roll uses (shown only when the actor has one).

A broken or shattered limb puts the roll at -4 and costs 1 WP after it; a
severed one cannot be used. The rules' roll planner (rules/engine/roll_plan.py)
says both, for the engine and for the odds view; this only offers the choice.
"""

from __future__ import annotations

from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Select

from rules.engine.questions import LIMB_PENALTY, limb_refusal
from rules.mechanics.wounds import LOCATIONS, Location
from rules.model.state import Combatant
from tracker.modals.act.base import FieldSelect
from tracker.modals.form import labelled


def limb_options(c: Combatant) -> list[tuple[str, str]]:
    """The hurt limbs as (what the GM reads, the limb): the choices of a 'Uses limb' field."""
    return [
        (
            f"{where} ({state}: "
            + ("unusable)" if state == "severed" else f"{LIMB_PENALTY}, then 1 WP)"),
            where,
        )
        for where, state in c.limbs.items()
    ]


def limb_picker(c: Combatant, id: str = "limb") -> Widget | None:
    """The 'Uses limb' field, or None when every limb is whole."""
    if not c.limbs:
        return None
    select = FieldSelect[str](limb_options(c), prompt="no hurt limb", id=id, compact=True)
    return labelled("Uses limb", select)


def chosen_limb(
    screen: DOMNode, c: Combatant, id: str = "limb"
) -> tuple[Location | None, str | None]:
    """(the limb chosen in the dialog, why it cannot be used): the -4 is `plan_roll`'s."""
    select = screen.query_one_optional(f"#{id}", Select)  # by id: Textual's fast path
    if select is None:
        return None, None
    value = select.value
    limb = next((name for name in LOCATIONS if name == value), None)  # none: no limb chosen
    return limb, limb_refusal(c, limb)

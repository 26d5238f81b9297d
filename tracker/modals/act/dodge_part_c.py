"""The dodge's own exertion and special die in the attack dialog (A5, A10, C, R16).

Part C modifies "whatever attempt was made" and A5 any roll, so the target's
dodge takes them as every roll does: the same picker as the attacker's (the
engine's refusals, `rules.engine.questions.special_die_refusal`, for the one-kind-
a-turn rule), redrawn for whoever is the target, and its odds are the engine's
roll (`rules.engine.questions.preview_roll` for the modifiers, `roll_distribution` for the die and
exertion).
"""

from __future__ import annotations

from fractions import Fraction

from textual.app import ComposeResult
from textual.dom import DOMNode
from textual.widgets import Checkbox, Static

from rules.engine.questions import DODGE_SKILL, DODGE_STAT, held_penalty, preview_roll
from rules.mechanics.farad import SpecialKind
from rules.mechanics.skill import exert_bonus
from rules.model.commands import Dodge
from rules.model.state import Combatant, Encounter
from rules.odds.declared import roll_distribution
from tracker.modals.act.base import FieldCheckbox
from tracker.modals.act.common import SpecialPicker

STAT = DODGE_STAT  # the engine rolls a dodge on Dexterity (A10)


def fields(encounter: Encounter, first: Combatant) -> ComposeResult:
    """The exert box and the die picker, drawn for `first` until a target is chosen."""
    parts = (
        FieldCheckbox("Dodge exert (A5)", id="dodge-exert", compact=True),
        Static("The dodge's special die (C; ^l picks):", id="dodge-special-title", markup=False),
        SpecialPicker(encounter, first, id="dodge-special"),
    )
    for part in parts:
        part.display = False  # until a dodge is declared (`reveal`)
        yield part


def _stat(target: Combatant) -> int:
    return target.effective(STAT) if STAT in target.stats else 0


def show(screen: DOMNode, encounter: Encounter, target: Combatant | None, allowed: bool) -> None:
    """Redraw both for the target (its dice, its Dexterity); off when it may not dodge."""
    exert = screen.query_one("#dodge-exert", Checkbox)
    picker = screen.query_one("#dodge-special", SpecialPicker)
    if target is not None:
        picker.show_for(encounter, target)
        bonus = exert_bonus(_stat(target))
        exert.label = f"Dodge exert: +{bonus} to its SS, then 1 exhaustion (A5)"
        title = screen.query_one("#dodge-special-title", Static)
        title.update(f"{target.name}'s special die on the dodge (C):")
    exert.value = False
    exert.disabled = picker.disabled = target is None or not allowed


def reveal(screen: DOMNode, dodging: bool) -> None:
    """Shown only once a dodge is declared: until then they are clutter. (They were not
    what slowed odds_update_ms: that was a frame's wait, `ActDialog._watch_typing`.)"""
    for part in ("#dodge-exert", "#dodge-special-title", "#dodge-special"):
        screen.query_one(part).display = dodging


def declared(screen: DOMNode) -> tuple[bool, SpecialKind | None]:
    """What the GM declared for the dodge: (exert, the special die or None)."""
    exert = screen.query_one("#dodge-exert", Checkbox)
    picker = screen.query_one("#dodge-special", SpecialPicker)
    if exert.disabled:
        return False, None
    return exert.value, picker.kind


def odds(target: Combatant, dodge: Dodge) -> dict[int, Fraction]:
    """The dodge's SS distribution as the engine rolls it (A8, A10, A15, R26, A4, A5, C)."""
    preview = preview_roll(  # as the handler rolls it (rules.engine.questions.rolls, A10)
        target,
        skill=DODGE_SKILL,
        stat=DODGE_STAT,
        goal=dodge.goal,
        held=held_penalty(target, dodge.use_held),
        gm=dodge.modifier,
        limb=dodge.limb,
        special=dodge.special,
    )
    positive = target.luck >= 0  # R17: the pool's sign picks the luck die
    if preview is None:  # no Dexterity: row 0, as the odds always read it
        dice = target.skill_rating(DODGE_SKILL)
        return roll_distribution(0, dice, 0, dodge.exert, dodge.special, positive)
    inputs = preview.inputs
    return roll_distribution(
        inputs.effective, inputs.dice, preview.plan.total, dodge.exert, dodge.special, positive
    )

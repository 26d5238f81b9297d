"""The attack dialog's odds (A8, A10, C): the roll as the handler will roll it, the
target's declared dodge raising the goal by its own roll's victory points."""

from __future__ import annotations

from rules.engine.questions import modifier_text, preview_attack
from rules.mechanics.wounds import Location
from rules.model.commands import Dodge
from rules.model.state import Combatant, Encounter, Weapon
from rules.odds.declared import victory_distribution
from tracker.modals.act import dodge_part_c
from tracker.modals.act.common import SpecialPicker
from tracker.widgets.odds import OddsView

# What the form declares: goal, GM modifier, limb, exert, die picker, target, dodge.
Declared = tuple[
    int | None, int, Location | None, bool, SpecialPicker, Combatant | None, Dodge | None
]


def show_attack_odds(
    odds: OddsView,
    encounter: Encounter,
    a: Combatant,
    w: Weapon,
    declared: Declared,
    errors: dict[str, str],
) -> None:
    """The attack's odds as the handler will roll it, redrawn for the fields as typed."""
    goal, modifier, limb, exert, picker, target, dodge = declared
    # The roll as the handler will roll it (rules.engine.questions.rolls): the weapon's
    # skill and stat with their effects, A8's penalty, the target's effects on the goal.
    preview = preview_attack(
        encounter, a, w, target, goal=goal, gm=modifier, limb=limb, special=picker.kind
    )
    shift = None
    note = "" if preview is None else preview.plan.text()
    if preview is not None and preview.goal_modifiers:
        note = " ".join(p for p in (note, f"goal {modifier_text(preview.goal_modifiers)}") if p)
    goal = goal if preview is None else preview.goal
    if dodge is not None and target is not None:
        dodger = dodge_part_c.odds(target, dodge)  # the dodge as the engine rolls it
        shift = tuple(sorted(victory_distribution(dodger, dodge.goal).items()))
        odds.shift_label = f"{target.name}'s dodge"  # its VS raises the goal (A10)
    odds.stat_name = w.stat
    odds.stat = 0 if preview is None else preview.inputs.effective
    odds.dice = a.skill_rating(w.skill) if preview is None else preview.inputs.dice
    bad = sorted(set(errors) & {"goal", "modifier", "dodge-modifier"})
    odds.goal = None if bad else goal  # a refused field: no odds guessed from it
    if bad:
        note = f"fix the {' and '.join(slot.replace('-', ' ') for slot in bad)} to see the odds"
    odds.modifier = 0 if preview is None else preview.plan.total
    odds.exert = exert
    odds.special = picker.kind
    odds.positive = picker.positive
    odds.goal_shift = shift
    odds.note = note

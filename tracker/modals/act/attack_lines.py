"""The attack dialog's fixed lines: its title, who may react, a range preset's label.

Read once when the dialog opens, from the state; their own module keeps
the dialog's file about its fields.
"""

from __future__ import annotations

from rules.engine.questions import next_place
from rules.model.state import Combatant, Encounter, Weapon
from tracker.modals.act.kept_line import keep
from tracker.modals.act.react import reaction_options


def attack_title(enc: Encounter, a: Combatant, w: Weapon) -> str:
    """`Lio attacks with Blaster: Shoot 6 on Dexterity 8, damage 5, ranged · action 1 of 2`."""
    skill = a.skill_rating(w.skill)
    stat = a.effective(w.stat) if w.stat in a.stats else "?"
    head = f"{a.name} attacks with {w.name}: {w.skill} {skill} on {w.stat} {stat}"
    return head + f", damage {w.damage}, {w.kind}" + turn_place(enc, a)


def turn_place(enc: Encounter, c: Combatant, penalty: bool = False) -> str:
    """A8: where this roll stands in `c`'s turn, ` · action 1 of 2` (with its penalty)."""
    turn, where = enc.turn, next_place(enc)
    if turn is None or where is None or turn.actor != c.id:
        return ""
    place = f" · action {where[0]} of {where[1]}"
    return place + (f", {turn.penalty} (A8)" if penalty and turn.penalty else "")


def reactors_line(enc: Encounter) -> str:
    """A10: who may react to this attack now (r lists what each may do)."""
    if not enc.in_combat:
        return "Out of combat: no one reacts (A10)."
    names = sorted({o.reactor.name for o in reaction_options(enc) if o.allowed})
    listed = ", ".join(keep(name) for name in names)  # wraps between names, never inside
    return f"May react (A10): {listed}" if names else "No one may react (A10)."


def preset_label(name: str, goal: int | None) -> str:
    """A8: `Short (3)`, or Close-In's `(the GM sets the goal)`."""
    return f"{name} ({goal})" if goal is not None else f"{name} (the GM sets the goal)"

"""A10 in the dialogs: a dodge or parry keeps the held Opportunity Action, or spends it.

A10: "With a held Opportunity Action, the reaction can be any action; without
one, only a defensive action (dodge or parry)". A dodge or parry needs no held
action, so by default it leaves it for later (A8: it lapses at the holder's
next opportunity); the GM ticks "Spend the held ..." to use it instead, and its
roll then carries the A8 penalty of the opportunity that held it. A payer that
is not a dodge or parry can only be the held action. The engine decides
(`rules.engine.reactions.spend_reaction`); this only offers the choice and says why not.
"""

from __future__ import annotations

from textual.dom import DOMNode
from textual.widgets import Checkbox

from rules.engine.questions import payment_refusal
from rules.model.state import ActionKind, Combatant

KEPT = "Unticked, a dodge or parry leaves the held action for later (A10)."


def held_label(c: Combatant) -> str:
    """The checkbox's words: what is held and its A8 penalty (the tooltip says `KEPT`)."""
    penalty = f"{c.held_penalty} to the roll" if c.held_penalty else "no penalty"
    return f"Spend the held {c.held_action} on it ({penalty}, A8)"


def uses_held(screen: DOMNode, id: str) -> bool:
    """Whether the dialog's 'Spend the held ...' box is shown and ticked."""
    box = screen.query_one_optional(f"#{id}", Checkbox)  # by id: Textual's fast path
    return box is not None and box.display and box.value


def payer_refusal(
    c: Combatant, action_name: object, kinds: tuple[ActionKind, ...], use_held: bool
) -> str | None:
    """Why this payer cannot pay for the reaction (None: it can): the rules'
    `payment_refusal`, with the dialog's checkbox named where it says what to do."""
    if not isinstance(action_name, str):
        return None  # the default payer: a dodge or parry (`default_reaction`)
    action = next((a for a in c.actions if a.name == action_name), None)
    if action is None:
        return None  # not on the sheet: the handler names it
    why = payment_refusal(c, action, kinds, use_held)
    spend = ": spend the held action"
    if why is not None and why.endswith(spend):
        why = why[: -len(spend)].replace(" (A10)", f" (tick 'Spend the held {c.held_action}', A10)")
    return why

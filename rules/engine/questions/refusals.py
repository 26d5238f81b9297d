"""Why the rules would say no, asked before the GM sends anything (A7, A10, A15, A16, C).

A greyed key, a dialog's disabled choice and the command's own refusal must give one
answer in the same words, so each refusal here is the one the engine raises: `why_not`
runs the command's handler and rolls it back, the rest are the checks the handlers call.
`CommandError` is the refusal itself, caught by the app under this name.
"""

from __future__ import annotations

from rules.engine.checks import why_not
from rules.engine.context import CommandError, living_refusal
from rules.engine.farad_in_play import die_refusal
from rules.engine.orders_offer import orders_refusal
from rules.engine.reactions import payment_refusal, reactor_refusal, timing_refusal
from rules.engine.roll_plan import limb_refusal
from rules.model.state import Combatant, Encounter

__all__ = [
    "CommandError",
    "limb_refusal",
    "living_refusal",
    "orders_refusal",
    "payment_refusal",
    "reactor_refusal",
    "special_die_refusal",
    "timing_refusal",
    "why_not",
]


def special_die_refusal(encounter: Encounter, c: Combatant, kind: str) -> str | None:
    """Why `c` may not declare this chance, luck or desperation die now (None: it may), in
    the words a command declaring it would be refused with (C, R16-R20)."""
    return die_refusal(encounter, c, kind)

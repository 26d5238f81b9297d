"""Standing orders on offer: the actions an order may name, and why the track cannot run
on orders now (A7, A8). The orders dialog and its key ask here, so both give the run's
own answer."""

from __future__ import annotations

from rules.engine.handlers.standing_orders import is_plain
from rules.engine.handlers.track import advance_refusal
from rules.model.state import Action, Combatant, Encounter

__all__ = ["orders_refusal", "plain_actions"]


def plain_actions(c: Combatant) -> list[Action]:
    """The actions a standing order may name: no roll to make (A8, kind other)."""
    return [a for a in c.actions if is_plain(a)]


def orders_refusal(enc: Encounter) -> str | None:
    """Why the track cannot run on orders now, or None: first what the track waits for
    (the run's own refusal, A7), then whether anyone on it could take an order."""
    waiting = advance_refusal(enc)
    if waiting is not None:
        return waiting
    active = [c for c in enc.combatants.values() if c.active]
    if not active:
        return "no one is left on the time track"
    if not any(plain_actions(c) for c in active):
        return "no one on the track has a plain action (no roll) to take as orders"
    return None

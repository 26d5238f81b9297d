"""Whose moment it is: who acts now, what the turn rolls next, what may be reacted to.

Questions the screens ask at every redraw (which row to follow, which dialog
`a` opens, whether `r` has anything to answer). They live here, beside the
handlers that act on the same answers, so the tracker keeps no copy of a rule.
"""

from __future__ import annotations

from rules.engine.track_index import tied
from rules.model.state import Action, ActionKind, Combatant, Encounter, Turn

__all__ = ["ROLLED", "acting_now", "declared_action", "next_action"]

ROLLED: tuple[ActionKind, ...] = ("attack", "skill")  # the kinds that roll, spending a slot (A8)


def acting_now(enc: Encounter) -> str | None:
    """R5: whose opportunity it is: the one opened, else the first of those tied at this
    time by R5 order (the one `TakeOpportunity` would open first); None if nobody."""
    if not enc.in_combat:
        return None
    now = tied(enc)
    return now[0] if now else None


def next_action(enc: Encounter) -> tuple[Combatant, Action] | None:
    """A8: the turn's next declared attack or skill roll not yet rolled.

    Only rolls spend a slot of the turn (`rules.engine.handlers.track.use_turn_action`),
    so the n-th roll of the turn is the n-th attack/skill action declared. A
    reaction's turn (A10, `React`) holds one action of any kind, and it is
    over only once that action is rolled, so it is always offered.
    """
    turn = enc.turn
    if not enc.in_combat or turn is None or turn.actor not in enc.combatants:
        return None
    actor = enc.combatants[turn.actor]
    rolled: list[Action] = []
    for name in turn.actions:
        try:
            action = actor.action(name)
        except ValueError:
            continue
        if action.kind in ROLLED or turn.reaction:
            rolled.append(action)  # A10: a reaction's short turn ends with its one roll
    if actor.dead or turn.done >= len(turn.actions) or turn.done >= len(rolled):
        return None
    return actor, rolled[turn.done]


def declared_action(enc: Encounter) -> Turn | None:
    """A10: the turn whose declared action, not yet done, another may react to."""
    turn = enc.turn
    if not enc.in_combat or turn is None or turn.actor not in enc.combatants:
        return None
    return turn if turn.done < len(turn.actions) else None

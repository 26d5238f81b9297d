"""Whose moment it is: who acts now, what the turn rolls next, what may be reacted to.

Questions the screens ask at every redraw (which row to follow, which dialog
`a` opens, whether `r` has anything to answer). They live here, beside the
handlers that act on the same answers, so the tracker keeps no copy of a rule.
"""

from __future__ import annotations

from rules.engine.track_index import tied
from rules.model.state import Action, ActionKind, Combatant, Encounter, Turn

__all__ = ["ROLLED", "acting_now", "declared_action", "left_to_do", "next_action", "next_place"]

ROLLED: tuple[ActionKind, ...] = ("attack", "skill")  # the kinds that roll, spending a slot (A8)


def acting_now(enc: Encounter) -> str | None:
    """R5: whose opportunity it is: the one opened, else the first of those tied at this
    time by R5 order (the one `TakeOpportunity` would open first); None if nobody."""
    if not enc.in_combat:
        return None
    now = tied(enc)
    return now[0] if now else None


def _rolls(turn: Turn, actor: Combatant) -> list[int]:
    """A8: the positions in `turn.actions` of the actions that roll, in order.

    Only rolls spend a slot of the turn (`rules.engine.handlers.track.use_turn_action`),
    so `turn.done` counts rolls made; a plain action (Aim, Move) needs none. A
    reaction's turn (A10, `React`) holds one action of any kind, and it is over
    only once that action is rolled. A name the sheet no longer has rolls nothing.
    """
    positions = []
    for index, name in enumerate(turn.actions):
        try:
            kind = actor.action(name).kind
        except ValueError:
            continue
        if kind in ROLLED or turn.reaction:
            positions.append(index)
    return positions


def _turn(enc: Encounter) -> tuple[Turn, Combatant] | None:
    turn = enc.turn
    if not enc.in_combat or turn is None or turn.actor not in enc.combatants:
        return None
    return turn, enc.combatants[turn.actor]


def turn_left(turn: Turn, actor: Combatant) -> list[str]:
    """A8: the declared actions not yet done: those after the last roll made (in order)."""
    rolls = _rolls(turn, actor)
    start = rolls[turn.done - 1] + 1 if 0 < turn.done <= len(rolls) else 0
    return turn.actions[start:] if turn.done <= len(rolls) else []


def left_to_do(enc: Encounter) -> list[str]:
    """A8/A10: what is left of the turn under way (what `r` may react to), or []."""
    found = _turn(enc)
    return [] if found is None else turn_left(*found)


def next_action(enc: Encounter) -> tuple[Combatant, Action] | None:
    """A8: the turn's next declared attack or skill roll not yet rolled."""
    found = _turn(enc)
    if found is None:
        return None
    turn, actor = found
    rolls = _rolls(turn, actor)
    if actor.dead or turn.done >= len(rolls):
        return None
    return actor, actor.action(turn.actions[rolls[turn.done]])


def next_place(enc: Encounter) -> tuple[int, int] | None:
    """A8: where the next roll stands among the declared actions: (2, 2) for [Aim, Shoot]."""
    found = _turn(enc)
    if found is None or next_action(enc) is None:
        return None
    turn, actor = found
    return _rolls(turn, actor)[turn.done] + 1, len(turn.actions)


def declared_action(enc: Encounter) -> Turn | None:
    """A10: the turn whose declared action, not yet done, another may react to."""
    return enc.turn if left_to_do(enc) else None

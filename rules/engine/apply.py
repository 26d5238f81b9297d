"""`apply(encounter, command, dice)`: the one way the encounter changes.

Design note (improves DESIGN.md's "return a new encounter"): the encounter is
advanced *in place* and every change is written to a `Journal` of inverse
operations. Copying a pydantic encounter on each command would cost far more
than the track-speed targets allow and make undo O(state); the journal makes
a step O(changes) and undo exact. `Applied.encounter` is the same object, now
advanced; callers that need to notice a change (the TUI) watch a revision.
"""

from __future__ import annotations

from rules.engine import farad_in_play, reactions, wounding  # noqa: F401
from rules.engine.context import HANDLERS, CommandError, Context
from rules.engine.handlers import (  # noqa: F401
    anima_checks,
    attack,
    batch,
    care,
    effects,
    party_join,
    pool_checks,
    rename,
    roster,
    skill_rolls,
    standing_orders,
    track,
    visibility,
)
from rules.engine.track_index import invalidate_track, keys_may_have_moved
from rules.mechanics.dice import DiceSource
from rules.model.commands import Advance, Command, FastForward, Reorder, TakeOpportunity
from rules.model.state import Encounter

# Commands that change no stat and no name: after them the track's R5 keys still hold
# (their bleeding ticks say so themselves). Any other command may move a Wits (A9).
KEEPS_R5_KEYS = frozenset({Advance, TakeOpportunity, Reorder, FastForward})


Applied = Context  # what one command did: its journal, events and faces


def apply(encounter: Encounter, command: Command, dice: DiceSource) -> Applied:
    """Apply one command; on any error nothing is changed and the error propagates."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise CommandError(f"no rule handles {type(command).__name__}")
    ctx = Context(encounter, dice, command)
    try:
        handler(ctx, command)
        if encounter.pending:
            wounding.refresh_demise_texts(ctx)  # A16: an open check shows today's Endurance
    except BaseException:
        ctx.undo()
        invalidate_track(encounter)
        raise
    if type(command) not in KEEPS_R5_KEYS:
        keys_may_have_moved(encounter)
    if ctx.recorder is not None:
        ctx.faces = ctx.recorded()
    return ctx

"""An Action Opportunity opens (A8): what lasts one turn, declared once, and the opening.

Both ways through an Advance (the general one in `rules.engine.handlers.track`
and the quick step, `rules.engine.quick_step`) close the turn by the table
`ENCOUNTER_PER_TURN` and open the next opportunity with `opening` (as do the
standing orders, the GM's reorder and a tied combatant taken first, through
`open_opportunity`): one list of per-turn resets, one log line, so a field added
to a table is reset on every path at once. Each field of a Combatant and of the
Encounter is either reset here or declared kept (tests/engine/test_opportunity_resets.py),
so a new field must be classified.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Final

from rules.engine.context import Context
from rules.engine.fx_schedule import at_opening, watched
from rules.engine.journal import undo_append
from rules.model.event import Event, new_event
from rules.model.state import Combatant

# A combatant's fields that last until its next opportunity, with their fresh values.
PER_TURN: Final[tuple[tuple[str, Any], ...]] = (
    ("held_action", None),  # A8: an Opportunity Action not spent by now lapses (logged)
    ("held_penalty", 0),  # A8: the penalty kept for it goes with it
    ("special_used", None),  # C: one special kind per turn
    ("turn_bonus", 0),  # R26: a desperation result lasts the rest of the turn
)
# A7/A10: not a fresh value but a one-way change: surprise ends at the first opportunity.
SURPRISE_ENDS: Final = ("awareness", "surprised", "standard")
# The opening leaves these alone: each changes by its own rule (A3-A5, A9, A14-A16, C1, R17...).
LASTING: Final = frozenset(
    {
        *("id", "name", "side", "notes", "stats", "skills", "abilities", "resistances"),
        "skill_stats",  # the sheet: a skill's usual stat
        *("actions", "weapons", "armour", "shield"),
        *("ttu", "arrival"),  # moved by the turn taken (A8, R5), not by its opening
        *("wounds", "bleed_wp", "tick_wp", "bleed_rate", "bleed_anchor", "limbs"),
        "broken_ribs",
        *("vital_organ", "half_endurance_checked", "zero_endurance_checked"),
        *("dead", "out_of_fight", "exhaustion", "chance", "luck", "drains"),
        *("extended", "complement_bonus"),  # A3, A4: they wait for their rolls, across turns
        "effects",  # issue 15: each ends by its own duration (rules.engine.fx_schedule)
        *("hidden", "reveal"),  # the players' screen: the GM's to change
        "letter",  # the players' tag, given once (issue 25)
    }
)

# The encounter's: the Turn under way (A8, its actions and penalty) ends when the track moves.
ENCOUNTER_PER_TURN: Final[tuple[tuple[str, Any], ...]] = (("turn", None),)
ENCOUNTER_STEP: Final = frozenset({"time", "due", "log"})  # what the Advance itself moves
ENCOUNTER_LASTING: Final = frozenset(
    {
        *("schema_version", "name", "day", "in_combat", "outcome", "settings"),
        *("combatants", "pending", "opposed", "next_id", "arrivals", "party"),
        "reminders",  # issue 15: each fires at its own time (rules.engine.fx_schedule)
        "letters",  # the players' tags given (issue 25)
    }
)

# The per-turn fields' values, read in one C call (the common case: nothing to reset).
_per_turn_values = itemgetter(*(name for name, _ in PER_TURN))
_FRESH_VALUES: Final = _per_turn_values(dict(PER_TURN))
_AWARENESS, _SURPRISED, _AWARE = SURPRISE_ENDS


def close_turn(ctx: Context, ed: dict[str, Any]) -> None:
    """The track moves on: the encounter's per-turn state (`ed`, its `__dict__`) is fresh."""
    for field, fresh in ENCOUNTER_PER_TURN:
        if ed[field] is not fresh:
            ctx.put(ed, field, fresh)


def reset_per_turn(ctx: Context, d: dict[str, Any]) -> None:
    """`PER_TURN`'s fields fresh, each written only if it is not (an opening, combat's end)."""
    for field, fresh in PER_TURN:
        if d[field] != fresh:
            ctx.put(d, field, fresh)


def fresh_turn(ctx: Context, d: dict[str, Any]) -> None:
    """A8: a held action lapses, the per-turn fields reset, surprise ends.

    `d` is the combatant's `__dict__`. Each field is written only if it is not
    fresh already; the lapse and the end of surprise are logged.
    """
    name, held = d["name"], d["held_action"]
    if held is not None:
        ctx.emit("held", f"{name}'s held {held} lapses (A8)", actor=d["id"])
    reset_per_turn(ctx, d)
    if d[_AWARENESS] == _SURPRISED:
        # A7/A10: surprise is about the start; by its first opportunity it knows the fight.
        ctx.put(d, _AWARENESS, _AWARE)
        ctx.emit("aware", f"{name} is no longer surprised", actor=d["id"])


def opening(ctx: Context, ed: dict[str, Any], d: dict[str, Any], announce: bool = True) -> None:
    """`open_opportunity`, given the encounter's and the combatant's `__dict__`s.

    The quick step calls this directly: it holds both dicts already, and every
    Advance opens one, so the log line is `Context.emit` written out (in combat:
    an opportunity opens only there, so the event's time is the track's).
    """
    if _per_turn_values(d) != _FRESH_VALUES or d[_AWARENESS] == _SURPRISED:
        fresh_turn(ctx, d)
    if announce:
        log, time = ed["log"], ed["time"]
        text = f"Track {time}: Action Opportunity for {d['name']}"
        event = new_event(Event, (len(log) + 1, time, "opportunity", text, [], d["id"]))
        ctx.ops.append((undo_append, log))
        log.append(event)
        ctx.events.append(event)


def open_opportunity(ctx: Context, c: Combatant, announce: bool = True) -> None:
    """A8: the opportunity opens (`fresh_turn`), logged at the track's time.

    Standing orders pass `announce=False` (their summary line counts it). Then what
    waits for this opportunity ends or fires (issue 15, `at_opening`); the quick step
    leaves a watched combatant's opening to this general way.
    """
    opening(ctx, ctx.enc.__dict__, c.__dict__, announce)
    if c.id in watched(ctx.enc):
        at_opening(ctx, c.id)

"""Combat on the Time Track: start, end, advance, ties, opportunities and turns (A7-A8).

Reactions (A10), which cut into the track, are `rules.engine.reactions`; what an
opportunity's opening resets, and its log line, are `rules.engine.opportunity`'s.
"""

from __future__ import annotations

from rules.engine import effect_track, farad_in_play, wounding
from rules.engine.context import Context, handles
from rules.engine.opportunity import close_turn, open_opportunity, reset_per_turn
from rules.engine.quick_step import quick_first
from rules.engine.reactions import drop_held
from rules.engine.track_index import (
    acts_now,
    invalidate_track,
    pop_next,
    pop_opportunity,
    set_ttu,
    tied,
)
from rules.engine.turns import turn_left
from rules.mechanics.skill import (
    multi_action_penalty,
    opportunity_cost,
    reaction_time,
    victory_points,
)
from rules.model.base import built
from rules.model.commands import Advance, EndCombat, Reorder, StartCombat, TakeOpportunity
from rules.model.state import Action, Combatant, Encounter, Turn

__all__ = [
    "advance_refusal",
    "open_opportunity",
    "ready_to_advance",
    "invalidate_track",
    "roll_reaction",
    "use_turn_action",
]


def _wits(ctx: Context, c: Combatant) -> int:
    if "Wits" not in c.stats:
        ctx.fail(f"{c.name} has no Wits stat for the reaction roll (A7)")
    return c.effective("Wits")


def roll_reaction(ctx: Context, c: Combatant, awareness: str) -> int:
    """A7 / R8: one die against effective Wits, its VP off the awareness's base time.

    Returns the reaction time; the log names the TTU it gives from now (a late joiner, R8).
    """
    wits = _wits(ctx, c)
    (face,) = ctx.dice.roll(10, 1, f"reaction roll: {c.name}")
    time = reaction_time(awareness, wits, face)
    vp = victory_points(wits, face)
    ttu = ctx.enc.time + time
    ctx.emit(
        "reaction",
        f"{c.name} ({awareness}) reacts: d10 {face} vs Wits {wits} → {vp} VP → TTU {ttu}",
        [face],
        c.id,
    )
    return time


@handles(StartCombat)
def start_combat(ctx: Context, cmd: StartCombat) -> None:
    enc = ctx.enc
    if enc.in_combat:
        ctx.fail("combat is already running: end it first")
    initiators = [ctx.living(cid) for cid in cmd.initiators]
    for cid in cmd.awareness:
        ctx.combatant(cid)
    j = ctx.j
    clock = enc.time  # the new track's 0 (R29: outside combat the track's time runs on)
    effect_track.rebase(ctx, -clock)  # effects and reminders keep their TU left
    j.set(enc, "in_combat", True)
    j.set(enc, "time", 0)
    j.set(enc, "outcome", None)
    j.set(enc, "due", [])
    j.set(enc, "turn", None)
    invalidate_track(enc)
    names = ", ".join(c.name for c in initiators)
    ctx.emit("combat", f"Combat begins: {names} {'starts' if len(initiators) == 1 else 'start'}")
    starters = {c.id for c in initiators}
    for c in enc.combatants.values():
        if c.bleed_rate > 0:  # R29: bleeding keeps its rhythm, wherever the new 0 falls
            anchor = c.bleed_anchor  # the dead's too: revived, one bleeds on that rhythm
            j.set(c, "bleed_anchor", 0 if anchor is None else anchor - clock)
        if c.dead:
            continue
        if c.out_of_fight:
            continue  # out of the fight, but its wounds still bleed
        farad_in_play.on_battle_start(ctx, c)
        drop_held(ctx, c)
        if c.id in starters:
            j.set(c, "awareness", cmd.awareness.get(c.id, "active"))
            set_ttu(ctx, c, 0)
            continue
        awareness = cmd.awareness.get(c.id, c.awareness)
        j.set(c, "awareness", awareness)
        set_ttu(ctx, c, roll_reaction(ctx, c, awareness))
    invalidate_track(enc)


@handles(EndCombat)
def end_combat(ctx: Context, cmd: EndCombat) -> None:
    enc = ctx.enc
    if not enc.in_combat:
        ctx.fail("no combat is running")
    ctx.checked()  # the rest refuses nothing: a dry run need not end 200 fighters' fight
    j = ctx.j
    ctx.emit("combat", f"Combat ends at track {enc.time}: {cmd.outcome}")
    effect_track.end_of_combat(ctx)
    j.set(enc, "in_combat", False)
    j.set(enc, "outcome", cmd.outcome)
    j.set(enc, "due", [])
    close_turn(ctx, enc.__dict__)
    for c in enc.combatants.values():
        j.set(c, "ttu", None)
        reset_per_turn(ctx, c.__dict__)  # A8: a held action ends with the combat, unlogged
        if not c.dead:
            farad_in_play.on_battle_end(ctx, c)
    invalidate_track(enc)


def advance(ctx: Context, cmd: Advance) -> None:
    """A7: to the next event. Bleeding ticks due at T resolve first (then effects' ticks,
    ends and reminders, issue 15), then the next opportunity.

    R5: combatants tied at T open one at a time in the tie order (the heap's
    own order), so a step costs O(log n) however many share the time; the GM
    may reorder the rest of the tie, or act with any of them.
    """
    enc = ctx.enc
    ed = enc.__dict__  # plain reads: the track's hot path (Journal.put)
    if not ed["in_combat"] or ed["pending"] or ed["due"]:
        ready_to_advance(ctx)  # says why not
    found = pop_next(enc)
    if found is None:
        ctx.fail("no one is left on the time track")
    time, bleeding, cid, due = found
    if time != ed["time"]:
        ctx.put(ed, "time", time)
    close_turn(ctx, ed)  # the quick step writes the same loop out
    if bleeding or due:
        for bleeder in bleeding:
            wounding.bleed_tick(ctx, ed["combatants"][bleeder])
        effect_track.land(ctx, due)  # issue 15: effect ticks, ends, reminders
        if ed["pending"]:
            return  # a demise check or a reminder first; the opportunity waits
        cid = pop_opportunity(enc, time)
    if cid is not None:
        ctx.put(ed, "due", [cid])
        open_opportunity(ctx, ed["combatants"][cid])


# The common step first (rules/engine/quick_step.py), else the general way above.
handles(Advance)(quick_first(advance))


def ready_to_advance(ctx: Context) -> None:
    """The track moves only in combat, with no decision pending and nobody left to act now."""
    reason = advance_refusal(ctx.enc)
    if reason is not None:
        ctx.fail(reason)


def advance_refusal(enc: Encounter) -> str | None:
    """What the track waits for before it may move (A7), or None; changes nothing.

    Advance and the standing orders' run refuse with it; the tracker's `n` and `g`
    keys ask it too, so key and engine give one answer.
    """
    if not enc.in_combat:
        return "no combat is running: begin combat first"
    if enc.pending:
        return f"answer the pending decision first: {enc.pending[0].text}"
    if enc.due:
        c = enc.combatants[enc.due[0]]
        return f"{c.name} still has an Action Opportunity at {enc.time}: act first"
    return None


@handles(Reorder)
def reorder(ctx: Context, cmd: Reorder) -> None:
    """R5: the GM orders everyone acting at this time; they all open, in that order."""
    enc = ctx.enc
    if not enc.in_combat:
        ctx.fail("no combat is running")
    now = tied(enc)
    if sorted(cmd.order) != sorted(now):
        names = ", ".join(enc.combatants[cid].name for cid in now) or "nobody"
        ctx.fail(f"the new order must name exactly those acting at {enc.time}: {names}")
    opened = set(enc.due)
    ctx.j.set(enc, "due", list(cmd.order))
    names = ", ".join(enc.combatants[cid].name for cid in cmd.order)
    ctx.emit("order", f"GM orders those acting at {enc.time}: {names}")
    for cid in cmd.order:
        if cid not in opened:
            open_opportunity(ctx, enc.combatants[cid])


@handles(TakeOpportunity)
def take_opportunity(ctx: Context, cmd: TakeOpportunity) -> None:
    """A8 / R7: up to three actions at the largest cost, each at the multi-action penalty."""
    enc = ctx.enc
    if not enc.in_combat:
        ctx.fail("no combat is running: begin combat first")
    c = ctx.living(cmd.actor)
    if cmd.actor not in enc.due:
        if not acts_now(enc, c) or enc.pending:
            ctx.fail(f"it is not {c.name}'s Action Opportunity (next at {c.ttu})")
        # R5: the GM may take anyone tied at this time first; its opportunity opens now.
        ctx.j.append(enc.due, c.id)
        open_opportunity(ctx, c)
    actions: list[Action] = []
    for name in cmd.actions:
        try:
            actions.append(c.action(name))
        except ValueError as error:
            ctx.fail(str(error))
    if cmd.hold is not None and cmd.hold not in cmd.actions:
        ctx.fail(f"the held action {cmd.hold!r} must be one of the declared actions")
    cost = opportunity_cost([a.cost for a in actions], cmd.cost)
    penalty = multi_action_penalty(len(actions))
    j = ctx.j
    j.remove(enc.due, c.id)
    old = c.ttu or 0
    set_ttu(ctx, c, old + cost)
    performed = list(cmd.actions)
    if cmd.hold is not None:
        performed.remove(cmd.hold)
        j.set(c, "held_action", cmd.hold)
        # A8: the held action "counts toward the 3", and the penalty falls on "each" of the
        # opportunity's actions: when it is spent later (A10) its roll carries this penalty.
        j.set(c, "held_penalty", penalty)
    turn = built(
        Turn,
        actor=c.id,
        actions=performed,
        done=0,
        penalty=penalty,
        cost=cost,
        reaction=False,
        interrupted=None,
    )
    j.set(enc, "turn", turn)
    listing = " + ".join(
        f"{a.name} ({a.cost})" + (" held" if a.name == cmd.hold else "") for a in actions
    )
    gm = " (GM)" if cmd.cost is not None else ""
    pen = f", {penalty} to each roll" if penalty else ""
    ctx.emit(
        "opportunity",
        f"{c.name}: {listing} → cost {cost}{gm}{pen} → next at {old + cost}",
        actor=c.id,
    )
    if not performed:
        j.set(enc, "turn", None)


def use_turn_action(ctx: Context, actor: Combatant) -> int:
    """Spend one declared action of the actor's turn; returns its penalty (A8).

    Out of combat there is no turn: any roll may be made, without penalty.
    """
    enc = ctx.enc
    if not enc.in_combat:
        return 0
    turn = enc.turn
    if turn is None or turn.actor != actor.id:
        ctx.fail(f"it is not {actor.name}'s turn: take the opportunity (or react) first")
    if turn.done >= len(turn.actions):
        ctx.fail(f"{actor.name} has no declared action left this opportunity")
    new = turn.model_copy(update={"done": turn.done + 1})
    if new.done >= len(new.actions) or not turn_left(new, actor):  # A8: nothing left to do
        ctx.j.set(enc, "turn", turn.interrupted)
    else:
        ctx.j.set(enc, "turn", new)
    return turn.penalty

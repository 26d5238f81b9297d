"""Reactions on the Time Track (A10): who may react, what one costs, the short turn it opens.

A reaction is paid on the reactor's own track (its TTU moves by the action's
cost) and may spend the held Opportunity Action (A8), which is why dropping a
held action lives here too; the opportunities themselves are `rules.engine.handlers.track`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.context import Context, handles
from rules.engine.opportunity import PER_TURN, SURPRISE_ENDS, open_opportunity
from rules.engine.roll_choices import declared_roll
from rules.engine.roll_plan import held_penalty
from rules.engine.track_index import acts_now, set_ttu
from rules.engine.turns import declared_action
from rules.mechanics.chart import DEFAULT_ACTION_COST
from rules.mechanics.skill import can_react
from rules.model.commands import React
from rules.model.state import Action, ActionKind, Combatant, Encounter, Turn

__all__ = [
    "DEFENSIVE",
    "as_reactor",
    "default_reaction",
    "drop_held",
    "open_tied",
    "eligible",
    "landing",
    "payment_refusal",
    "Reaction",
    "reaction_skill",
    "reaction_skill_name",
    "reactor_refusal",
    "spend_reaction",
    "timing",
    "timing_refusal",
    "unaware",
]

DEFENSIVE: tuple[ActionKind, ...] = ("dodge", "parry")  # A10: all that needs no held action
SURPRISED = "{name} is surprised: unaware, so it cannot react (A10)"


def drop_held(ctx: Context, c: Combatant) -> None:
    """A8: the held Opportunity Action is gone (spent, lapsed, or the combat's edge)."""
    ctx.j.set(c, "held_action", None)
    if c.held_penalty:
        ctx.j.set(c, "held_penalty", 0)


def reaction_skill_name(c: Combatant, action: Action, skill: str | None = None) -> str:
    """R9: the name of the reaction's skill (as named, else as a declared action's roll:
    the action's, its weapon's, Dodge, its name; `roll_choices.declared_roll`)."""
    return skill or declared_roll(c, action)[0]


def reaction_skill(c: Combatant, action: Action, skill: str | None = None) -> int:
    """R9: the rating of the skill of the reaction being made."""
    return c.skill_rating(reaction_skill_name(c, action, skill))


def landing(c: Combatant, action: Action) -> int:
    """A10: where a reaction leaves the reactor: its TTU plus the reaction's cost."""
    return (c.ttu or 0) + action.cost


def timing(c: Combatant, skill_name: str, skill: int, now: int) -> str:
    """A10's test for `c` in one line: `TTU 16 − Dodge 6 = 10 ≤ now 13`, or why it
    does not apply (off the track, surprised): the words the dialogs show."""
    if not c.active:
        return f"{c.name} is not on the time track"
    if unaware(c, now):
        return SURPRISED.format(name=c.name)
    ttu = c.ttu or 0
    sign = "≤" if ttu - skill <= now else ">"
    return f"TTU {ttu} − {skill_name} {skill} = {ttu - skill} {sign} now {now}"


def reactor_refusal(enc: Encounter, c: Combatant) -> str | None:
    """A10 in combat: why `c` may not react to anything now, whatever the action (None: it
    might): dead, the declared action's own actor, or off the time track."""
    if c.dead:
        return f"{c.name} is dead"
    declared = declared_action(enc)
    if declared is not None and declared.actor == c.id:
        return f"{c.name} cannot react to its own action (A10)"
    if not c.active:
        return f"{c.name} is not on the time track"
    return None


def unaware(c: Combatant, now: int) -> bool:
    """A7/A10: still surprised at `now`, so it cannot react.

    Surprise ends at the combatant's first opportunity; one tied at `now`
    whose opportunity has not opened yet (R5) already knows the fight.
    """
    return c.awareness == "surprised" and c.ttu != now


def eligible(c: Combatant, skill: int, now: int) -> bool:
    """A10: aware (`unaware`), on the track, and TTU - skill <= now."""
    ttu = c.ttu
    return ttu is not None and c.active and not unaware(c, now) and can_react(ttu, skill, now)


@dataclass(frozen=True)
class Reaction:
    """A reaction paid for: its action, the held action it spent (None: a plain
    defensive reaction) and that held action's A8 penalty, due on its roll."""

    action: Action
    held: str | None = None
    penalty: int = 0


def spend_reaction(
    ctx: Context,
    c: Combatant,
    action_name: str | None,
    kinds: tuple[ActionKind, ...],
    skill: int,
    use_held: bool = False,
) -> Reaction:
    """A10: check eligibility, pay the reaction's cost on the track, spend a held action
    only when asked.

    A10: "With a held Opportunity Action, the reaction can be any action; without
    one, only a defensive action (dodge or parry)". A dodge or parry (`kinds`)
    needs no held action, so a plain one leaves the held action for later (A8: it
    lapses only at the holder's next opportunity); `use_held` spends it instead,
    and any other action can only be paid by it.
    """
    action = _reaction_action(ctx, c, action_name, kinds)
    if (refused := timing_refusal(ctx.enc, c, skill)) is not None:
        ctx.fail(refused)
    open_tied(ctx, c)
    if (refused := payment_refusal(c, action, kinds, use_held)) is not None:
        ctx.fail(refused)  # the failure rolls the opening back too
    held = c.held_action
    penalty = held_penalty(c, use_held)  # A8: the one the dialogs preview (roll_plan)
    if use_held:
        drop_held(ctx, c)
    set_ttu(ctx, c, landing(c, action))
    if use_held:
        pen = f", {penalty} to its roll (A8)" if penalty else ""
        source = f"spends its held {held}, cost {action.cost}{pen}"
    else:
        kept = f"; keeps its held {held}" if held is not None else ""
        source = f"reaction, cost {action.cost}{kept}"
    ctx.emit(
        "react", f"{c.name} reacts with {action.name} ({source}) → next at {c.ttu}", actor=c.id
    )
    return Reaction(action, held if use_held else None, penalty)


def open_tied(ctx: Context, c: Combatant) -> None:
    """A7/R5: a reactor whose TTU is the track's time has its Action Opportunity now, whether
    or not the GM has opened it yet (the opening only orders the tie). Its reaction is made
    in that opportunity's turn (C), so the opportunity opens first and stays: the reaction's
    cost goes on its TTU (A10) and it still acts now, as a reactor the GM opened first does.
    """
    enc = ctx.enc
    if c.id not in enc.due and acts_now(enc, c):
        ctx.j.append(enc.due, c.id)
        open_opportunity(ctx, c)


def as_reactor(enc: Encounter, c: Combatant) -> Combatant:
    """`c` as its reaction will find it (`open_tied`): with a tied opportunity not yet
    opened, a copy with the opening's resets applied (A8: a held action lapses; C: a new
    turn's die; surprise ends), else `c` itself. Changes nothing: the dialogs ask it so
    the held action and dice they offer are the ones the reaction may use."""
    if not enc.in_combat or c.id in enc.due or not acts_now(enc, c):
        return c
    fresh: dict[str, object] = dict(PER_TURN)
    field, surprised, aware = SURPRISE_ENDS
    if getattr(c, field) == surprised:
        fresh[field] = aware
    return c.model_copy(update=fresh)


def _reaction_action(
    ctx: Context, c: Combatant, name: str | None, kinds: tuple[ActionKind, ...]
) -> Action:
    if name is None:
        return default_reaction(c, kinds)
    try:
        return c.action(name)
    except ValueError as error:
        ctx.fail(str(error))


def default_reaction(c: Combatant, kinds: tuple[ActionKind, ...]) -> Action:
    """A10: what pays for a dodge or parry when none is named: the first of the kinds in
    the repertoire, else a plain one at the default cost (R6)."""
    for action in c.actions:
        if action.kind in kinds:
            return action
    return Action(name=kinds[0].capitalize(), cost=DEFAULT_ACTION_COST, kind=kinds[0])


def timing_refusal(enc: Encounter, c: Combatant, skill: int) -> str | None:
    """A10: why `c` cannot react now with a reaction of this skill (R9); None: it can."""
    if not enc.in_combat:
        return "reactions happen on the time track: begin combat first"
    if not c.active:
        return f"{c.name} is not on the time track"
    if unaware(c, enc.time):
        return SURPRISED.format(name=c.name)
    if not eligible(c, skill, enc.time):
        return (
            f"{c.name} cannot react: TTU {c.ttu} - skill {skill} = {(c.ttu or 0) - skill}"
            f" is after now ({enc.time}) (A10)"
        )
    return None


def payment_refusal(
    c: Combatant, action: Action, kinds: tuple[ActionKind, ...], use_held: bool
) -> str | None:
    """A8/A10: why `action` cannot pay for this reaction (None: it can). A dodge or parry
    (`kinds`) needs no held action; anything else only the held action can pay for."""
    held = c.held_action
    if held is None and action.kind not in kinds:
        return f"{c.name} has no held action: only {' or '.join(kinds)} may react (A10)"
    if use_held and held is None:
        return f"{c.name} holds no action to spend: react without it (A8, A10)"
    if not use_held and action.kind not in kinds:
        return (
            f"{action.name} is not a {' or '.join(kinds)}: only {c.name}'s held {held}"
            f" can pay for it (A10): spend the held action"
        )
    return None


@handles(React)
def react(ctx: Context, cmd: React) -> None:
    """A10: a reaction opens a short turn for the reactor, resolved before the actor's."""
    enc = ctx.enc
    c = ctx.living(cmd.reactor)
    if enc.in_combat:  # out of combat spend_reaction says reactions need the track
        declared = declared_action(enc)
        if declared is None:
            ctx.fail("no action is declared to react to (A10): take an opportunity first")
        if (refused := reactor_refusal(enc, c)) is not None:
            ctx.fail(refused)
    try:
        action = c.action(cmd.action)
    except ValueError as error:
        ctx.fail(str(error))
    skill = c.skill_rating(cmd.skill) if cmd.skill else reaction_skill(c, action)
    # A10: only the held action can pay for an action that is not a dodge or parry.
    use_held = cmd.use_held or (action.kind not in DEFENSIVE and c.held_action is not None)
    reaction = spend_reaction(ctx, c, cmd.action, DEFENSIVE, skill, use_held)
    turn = Turn(
        actor=c.id,
        actions=[action.name],
        penalty=reaction.penalty,  # A8: a held action keeps its opportunity's penalty
        reaction=True,
        interrupted=enc.turn,
    )
    ctx.j.set(enc, "turn", turn)

"""The GM's effects, reminders and passing time (issue 15): add, remove, dismiss, pass.

Each handler checks everything before it changes anything (rules.engine.context),
so `why_not` gives the same refusal. What the track does with effects as it moves
is rules.engine.effect_track's.
"""

from __future__ import annotations

from rules.engine.context import Context, handles
from rules.engine.effect_track import pass_time
from rules.engine.fx_schedule import (
    end_effect,
    invalidate_watch,
    schedule_effect,
    schedule_reminder,
)
from rules.model.base import built
from rules.model.effect_commands import (
    SECONDS_PER_TU,
    AddEffect,
    AddReminder,
    DismissReminder,
    PassTime,
    RemoveEffect,
)
from rules.model.effects import Duration, Effect, Reminder
from rules.model.pending import ReminderData
from rules.model.state import Combatant


def _ends(ctx: Context, duration: Duration) -> int | None:
    """The track time a tu/until duration ends at (refused unless after now)."""
    now = ctx.enc.time
    if duration.kind == "tu":
        assert duration.amount is not None  # Duration checks it
        return now + duration.amount
    if duration.kind == "until":
        assert duration.amount is not None
        if duration.amount <= now:
            ctx.fail(f"duration: track {duration.amount} is not after now ({now})")
        return duration.amount
    return None


def _check_stat_or_skill(ctx: Context, c: Combatant, cmd: AddEffect) -> None:
    m = cmd.modifier
    if m is not None and m.target == "stat" and m.name is not None:
        if m.name.lower() not in {s.lower() for s in c.stats}:
            have = ", ".join(c.stats)
            ctx.fail(f"modifier name: {c.name} has no stat {m.name!r} (has {have})")


@handles(AddEffect)
def add_effect(ctx: Context, cmd: AddEffect) -> None:
    """One effect on each target, each its own copy (own id, so each comes off alone)."""
    bearers = [ctx.living(cid) for cid in cmd.targets]
    whose = cmd.duration.whose
    if whose is not None:
        ctx.combatant(whose)  # names someone in the encounter
    for c in bearers:
        _check_stat_or_skill(ctx, c, cmd)
    ends = _ends(ctx, cmd.duration)
    enc = ctx.enc
    for c in bearers:
        duration = cmd.duration
        if duration.kind == "next" and whose is None:
            duration = Duration(kind="next", whose=c.id)  # the bearer's own next opportunity
        effect = built(
            Effect,
            id=enc.next_id,
            name=cmd.name,
            modifier=cmd.modifier,
            duration=duration,
            tick=cmd.tick,
            start=enc.time,
            ends=ends,
        )
        ctx.add(enc, "next_id", 1)
        ctx.j.append(c.effects, effect)
        schedule_effect(enc, c, effect)
        ctx.emit("effect", f"{c.name}: {effect.text()}", actor=c.id)
    if cmd.duration.kind == "next":
        invalidate_watch(enc)


@handles(RemoveEffect)
def remove_effect(ctx: Context, cmd: RemoveEffect) -> None:
    c = ctx.combatant(cmd.target)
    for e in c.effects:
        if e.id == cmd.effect:
            end_effect(ctx, c, e, "removed by the GM")
            return
    have = ", ".join(f"{e.id} {e.name}" for e in c.effects) or "none"
    ctx.fail(f"{c.name} has no effect {cmd.effect} (has {have})")


@handles(AddReminder)
def add_reminder(ctx: Context, cmd: AddReminder) -> None:
    enc = ctx.enc
    at = cmd.at if cmd.in_tu is None else enc.time + cmd.in_tu
    if cmd.whose is not None:
        who = ctx.living(cmd.whose)
        when = f"at {who.name}'s next Action Opportunity"
    else:
        assert at is not None  # AddReminder names exactly one moment
        if at <= enc.time:
            ctx.fail(f"at: track {at} is not after now ({enc.time})")
        when = f"at track {at}"
    reminder = built(Reminder, id=enc.next_id, text=cmd.text, at=at, whose=cmd.whose)
    ctx.add(enc, "next_id", 1)
    ctx.j.append(enc.reminders, reminder)
    if at is not None:
        schedule_reminder(enc, at, reminder.id)
    else:
        invalidate_watch(enc)
    ctx.emit("reminder", f"Reminder set {when}: {cmd.text}", actor=cmd.whose)


@handles(DismissReminder)
def dismiss_reminder(ctx: Context, cmd: DismissReminder) -> None:
    """Answer a fired reminder (its decision's id or its own), or cancel one ahead."""
    enc = ctx.enc
    for p in enc.pending:
        if isinstance(p.data, ReminderData) and cmd.id in (p.id, p.data.reminder):
            ctx.on_the_clock()  # seen at the time it fired
            ctx.close_pending(p)
            ctx.emit("reminder", f"{p.text}: seen", actor=p.combatant or None)
            return
    for r in enc.reminders:
        if r.id == cmd.id:
            ctx.j.remove(enc.reminders, r)
            if r.whose is not None:
                invalidate_watch(enc)
            ctx.emit("reminder", f"Reminder cancelled: {r.text}", actor=r.whose)
            return
    ctx.fail(f"no reminder {cmd.id} is pending or ahead")


@handles(PassTime)
def pass_time_handler(ctx: Context, cmd: PassTime) -> None:
    """Outside combat the clock runs on (A14 bleeding, effects, reminders); the log says so."""
    enc = ctx.enc
    if enc.in_combat:
        ctx.fail("combat is running: the track moves with Advance")
    if enc.pending:
        ctx.fail(f"answer the pending decision first: {enc.pending[0].text}")
    ctx.on_the_clock()
    tu = cmd.tu
    start = enc.time
    unit = "" if cmd.unit == "TU" else f" ({cmd.amount} {cmd.unit}, {SECONDS_PER_TU} s a TU)"
    stopped = pass_time(ctx, tu)
    if stopped is None:
        ctx.emit("time", f"Time passes: {tu} TU{unit}, track {start} → {enc.time}")
    else:
        ctx.emit("time", f"Time stops at track {enc.time} ({stopped})")

"""Rolling a pending breakage (A15) or demise (A16) check, a Part C die declared first.

The checks are pool rolls (base Endurance d10 on the effective Endurance row,
`rules.mechanics.wounds`); Part C modifies "whatever attempt was made", so the
being may declare a chance, luck or desperation die before the dice, under the
same one-kind-a-turn rule as any roll (C, R16). The handler sits above
`rules.engine.farad_in_play`, which itself calls `rules.engine.wounding` (an R20
drain on Endurance may cross a demise line), so it cannot live in wounding.
"""

from __future__ import annotations

import dataclasses

from rules.engine import farad_in_play, track_index
from rules.engine.context import Context, handles
from rules.engine.roll_plan import called_check_plan
from rules.engine.wounding import break_by
from rules.mechanics import farad
from rules.mechanics.wounds import ENDURANCE, breakage_outcome, read_breakage, read_demise
from rules.model.commands import ResolveCheck
from rules.model.pending import BreakageData, DemiseData

__all__ = ["resolve_check"]


@handles(ResolveCheck)
def resolve_check(ctx: Context, cmd: ResolveCheck) -> None:
    """A15/A16: base-Endurance d10 on the effective Endurance row (R15: row 0 still scores).

    A declared die (C) is rolled before the pool: its result joins the VP, a 10 doubles
    (or a negative luck 10 halves) the row, and R27's row is the Endurance as it stood
    when the die was declared. R26: a desperation result of the turn does not enter it
    (the check is no action of the being); a die declared on the check itself does.
    """
    p = ctx.pending(cmd.pending, ("breakage", "demise"))
    ctx.on_the_clock()  # out of combat: answered at the time the clock stopped (issue 15)
    c = ctx.combatant(p.combatant)
    if c.dead:
        ctx.close_pending(p)
        ctx.emit("check", f"{c.name} is dead: the {p.kind} check is dropped", actor=c.id)
        return
    if ENDURANCE not in c.stats:
        ctx.fail(f"{c.name} has no Endurance stat to roll the {p.kind} check")
    base, effective = c.stats[ENDURANCE], c.effective(ENDURANCE)
    goal = cmd.goal if cmd.goal is not None else p.goal
    if goal is None:
        ctx.fail(f"decision {p.id} has no goal: give one")
    if cmd.special is not None and (why := farad_in_play.special_refusal(ctx, c, cmd.special)):
        ctx.fail(why)  # before any change or die
    ctx.close_pending(p)
    outcome = farad_in_play.declare_special(ctx, c, cmd.special)
    row, stat_name = effective, ENDURANCE
    if outcome is not None:
        row = farad.scaled_stat(effective, outcome.stat_factor)
        if outcome.stat_factor != farad.UNCHANGED:
            stat_name += " doubled" if outcome.stat_factor == farad.DOUBLED else " halved"
    rolled = (outcome.label, outcome.modifier) if outcome is not None else None
    plan = called_check_plan(c, special=cmd.special, rolled=rolled)  # R26: no turn result
    modifiers = plan.modifiers  # issue 15: an Endurance effect shifts A15/A16 checks too
    data = p.data
    rule = "A15" if isinstance(data, BreakageData) else "A16"
    where = f"{data.location}, " if isinstance(data, BreakageData) else ""
    label = f"{p.kind} check: {c.name} ({where}base Endurance {base} d10, {rule})"
    faces = ctx.dice.roll(10, base, label) if base else []
    if isinstance(data, BreakageData):
        location, wp = data.location, data.wp
        check = read_breakage(base, row, wp, faces, modifiers, stat_name)
        if goal != check.goal:  # the GM's goal replaces 2 + WP
            check = dataclasses.replace(check, goal=goal, success=check.success_score >= goal)
        gm = " (GM goal)" if cmd.goal is not None else ""
        ctx.emit("check", f"{c.name} ({location}): {check.explain()}{gm}", faces, c.id)
        if not check.success:
            break_by(ctx, c, location, breakage_outcome(location, wp, False))
        return
    assert isinstance(data, DemiseData)  # ctx.pending took a breakage or a demise
    check = read_demise(base, row, goal, faces, modifiers, stat_name)
    gm = " (GM goal)" if cmd.goal is not None and cmd.goal != p.goal else ""
    ctx.emit("check", f"{c.name} ({data.trigger}): {check.explain()}{gm}", faces, c.id)
    if not check.success:
        track_index.kill(ctx, c, f"failed demise check, {data.trigger}")
        for other in [q for q in ctx.enc.pending if q.combatant == c.id]:
            if other.kind in ("breakage", "demise"):
                ctx.close_pending(other)

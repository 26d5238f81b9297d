"""Care: healing, staunching, treating conditions, rest (A5, A14-A16, R13, R20).

Care is for the living: the dead stay dead (A16) until the GM revives them.
Each handler re-keys the combatant on the track (`track_index.restamp`), since
fewer WP or less exhaustion raise effective Wits (A9) and so its place in a tie (R5).
"""

from __future__ import annotations

from rules.engine import track_index
from rules.engine.context import Context, handles
from rules.engine.fx_schedule import schedule_tick
from rules.model.commands import Heal, Rest, Staunch, TreatCondition
from rules.model.state import Combatant


def _in_care(ctx: Context, cid: str, what: str) -> Combatant:
    """Care is for the living (A16: the dead stay dead); only a GM revive brings one back."""
    c = ctx.combatant(cid)
    if c.dead:
        ctx.fail(f"{c.name} is dead and cannot {what}: revive first (treat: revive)")
    return c


@handles(Heal)
def heal(ctx: Context, cmd: Heal) -> None:
    """Remove WP from one wound (by index) or newest wound first, then the ticks' WP (the
    newest source first), then bleeding WP.

    A wound healed to 0 is removed, and so is a source's count of ticks. Healing changes
    neither the BLR (staunch, R13) nor the A16 "first time" flags: a line once crossed
    is not checked again. The rulebook says nothing of healing WP that are not one wound:
    an effect's ticks are healed as bleeding's are (after the wounds, issue 23).
    """
    c = _in_care(ctx, cmd.target, "heal")
    amount, j = cmd.wound_points, ctx.j
    if cmd.wound is not None:
        if not 0 <= cmd.wound < len(c.wounds):
            ctx.fail(f"wound {cmd.wound}: {c.name} has wounds 0-{len(c.wounds) - 1}")
        wound = c.wounds[cmd.wound]
        if amount > wound.wp:
            ctx.fail(f"wound_points {amount}: wound {cmd.wound} of {c.name} has {wound.wp} WP")
        _heal_wound(ctx, c, cmd.wound, amount)
    else:
        if amount > c.total_wp():
            ctx.fail(f"wound_points {amount}: {c.name} has only {c.total_wp()} WP")
        left = amount
        for index in range(len(c.wounds) - 1, -1, -1):
            if left == 0:
                break
            taken = min(left, c.wounds[index].wp)
            _heal_wound(ctx, c, index, taken)
            left -= taken
        for source in reversed(list(c.tick_wp)):
            if left == 0:
                break
            left = _heal_ticks(ctx, c, source, left)
        if left:
            j.add(c, "bleed_wp", -left)
    ctx.emit("heal", f"{c.name} heals {amount} WP → total {c.total_wp()} WP", actor=c.id)
    track_index.restamp(ctx.enc, c)  # A9: fewer WP, higher Wits, earlier in a tie (R5)


def _heal_wound(ctx: Context, c: Combatant, index: int, amount: int) -> None:
    wound = c.wounds[index]
    if amount >= wound.wp:
        ctx.j.pop(c.wounds, index)
    else:
        ctx.j.set(wound, "wp", wound.wp - amount)


def _heal_ticks(ctx: Context, c: Combatant, source: str, amount: int) -> int:
    """Heal up to `amount` of `source`'s ticks' WP (at 0 its count goes): what is left."""
    ticked = c.tick_wp[source]
    if amount >= ticked.wp:
        ctx.j.delitem(c.tick_wp, source)
        return amount - ticked.wp
    ctx.j.set(ticked, "wp", ticked.wp - amount)
    return 0


@handles(Staunch)
def staunch(ctx: Context, cmd: Staunch) -> None:
    """R13: first aid lowers the BLR (or stops it); at 0 the anchor is cleared."""
    c = _in_care(ctx, cmd.target, "be staunched")
    if c.bleed_rate <= 0:
        ctx.fail(f"{c.name} is not bleeding")
    new = 0 if cmd.amount is None else max(0, c.bleed_rate - cmd.amount)
    old = c.bleed_rate
    ctx.j.set(c, "bleed_rate", new)
    if new == 0:
        ctx.j.set(c, "bleed_anchor", None)
        ctx.emit("staunch", f"{c.name}'s bleeding stops (BLR {old} → 0, R13)", actor=c.id)
        return
    track_index.schedule_bleeding(ctx.enc, c)
    ctx.emit("staunch", f"{c.name}'s bleeding slows: BLR {old} → {new} (R13)", actor=c.id)


@handles(TreatCondition)
def treat_condition(ctx: Context, cmd: TreatCondition) -> None:
    """Mend a limb, ribs or vital organ; restore R20 drains; revive the dead (GM fiat)."""
    if cmd.condition == "revive":
        c = ctx.combatant(cmd.target)
    else:
        c = _in_care(ctx, cmd.target, "be treated")
    j = ctx.j
    if cmd.condition == "limb":
        location = cmd.location
        if location is None:
            if len(c.limbs) != 1:
                ctx.fail(f"location: name which of {c.name}'s limbs to mend")
            location = next(iter(c.limbs))
        if location not in c.limbs:
            ctx.fail(f"location: {c.name}'s {location} is not broken")
        state = j.delitem(c.limbs, location)
        text = f"{c.name}'s {state} {location} is mended"
    elif cmd.condition == "ribs":
        if not c.broken_ribs:
            ctx.fail(f"{c.name} has no broken ribs")
        j.set(c, "broken_ribs", False)
        text = f"{c.name}'s broken ribs are mended (Endurance +1)"
    elif cmd.condition == "vital organ":
        if not c.vital_organ:
            ctx.fail(f"{c.name} has no struck vital organ")
        j.set(c, "vital_organ", False)
        text = f"{c.name}'s vital organ is treated"
    elif cmd.condition == "drains":
        if not any(c.drains.values()):
            ctx.fail(f"{c.name} has no desperation drains (R20)")
        j.set(c, "drains", {})
        text = f"{c.name}'s desperation drains are restored (R20)"
    else:
        if not c.dead:
            ctx.fail(f"{c.name} is not dead")
        j.set(c, "dead", False)
        text = f"{c.name} is revived (GM)"
        if ctx.enc.in_combat and not c.out_of_fight:
            track_index.set_ttu(ctx, c, ctx.enc.time + 1)
            text += f", back on the track at {c.ttu}"
        track_index.schedule_bleeding(ctx.enc, c)
        for effect in c.effects:  # the dead do not tick (E): their ticks left the track
            schedule_tick(ctx.enc, c, effect)
    ctx.emit("treat", text, actor=c.id)
    track_index.restamp(ctx.enc, c)


@handles(Rest)
def rest(ctx: Context, cmd: Rest) -> None:
    """A5: rest clears every Exhaustion Point."""
    c = _in_care(ctx, cmd.target, "rest")
    if c.exhaustion == 0:
        ctx.fail(f"{c.name} has no exhaustion to rest off")
    old = c.exhaustion
    ctx.j.set(c, "exhaustion", 0)
    ctx.emit("rest", f"{c.name} rests: exhaustion {old} → 0 (A5)", actor=c.id)
    track_index.restamp(ctx.enc, c)

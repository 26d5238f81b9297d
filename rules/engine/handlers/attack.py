"""An attack from declaration to wound: dodge, roll, parry, damage (A8, A10-A13).

The flow stops wherever the GM has a say: a target that may parry gets a
pending "parry" decision; a hit's damage is worked out in full (damage VS,
shield, armour with its soft dice, wear) and left as a pending "damage"
decision, so the GM sees every stage (and may override one) before
`ConfirmDamage` applies it and calls `injury.inflict_wound`.
"""

from __future__ import annotations

from functools import partial

from rules.engine.context import Context, handles
from rules.engine.damage_breakdown import MAX_LEVEL_WP, damage_breakdown
from rules.engine.handlers.track import use_turn_action
from rules.engine.reactions import (
    default_reaction,
    payment_refusal,
    spend_reaction,
    timing_refusal,
)
from rules.engine.roll import check_roll, perform_roll
from rules.engine.roll_choices import DODGE_SKILL, DODGE_STAT, parries_with, parry_weapons
from rules.engine.roll_plan import Modifier, attack_goal, attack_goal_modifiers
from rules.engine.targets import target_refusal
from rules.engine.wounding import inflict_wound
from rules.mechanics.damage import AttackDamage, apply_shield, resolve_damage
from rules.mechanics.wounds import Location
from rules.model.commands import Attack, ConfirmDamage, Dodge, Parry
from rules.model.pending import DamageData, ParryData, Pending
from rules.model.state import Combatant, Weapon

__all__ = ["MAX_LEVEL_WP", "parry_weapon", "pending_damage", "target_refusal"]


def _weapon(ctx: Context, c: Combatant, name: str) -> Weapon:
    try:
        return c.weapon(name)
    except ValueError as error:
        ctx.fail(str(error))


def _require_no_pending(ctx: Context) -> None:
    if ctx.enc.pending:
        ctx.fail(f"answer the pending decision first: {ctx.enc.pending[0].text}")


def parry_weapon(ctx: Context, target: Combatant, attack_weapon: Weapon) -> Weapon | None:
    """A10: the target's best melee weapon it may parry this melee attack with, if any.

    Parrying puts a weapon in the way of a blow, so only melee attacks are
    parried, with a melee weapon, by a target the Parry handler would let
    react (`timing_refusal`: aware, on the track, TTU - the weapon's skill <= now,
    R9; `payment_refusal`: a parry to pay with). None: no parry is asked at all.
    """
    if not ctx.enc.in_combat or attack_weapon.kind != "melee":
        return None
    if payment_refusal(target, default_reaction(target, ("parry",)), ("parry",), False):
        return None
    best: Weapon | None = None
    for weapon in parry_weapons(target):
        skill = target.skill_rating(weapon.skill)
        if timing_refusal(ctx.enc, target, skill) is not None:
            continue
        if best is None or skill > target.skill_rating(best.skill):
            best = weapon
    return best


def _dodge(ctx: Context, target: Combatant, dodge: Dodge, attacker: Combatant) -> int:
    """A10: the target reacts (cost on its track) and rolls Dodge; its VS (0 if failed)."""
    skill = target.skill_rating(DODGE_SKILL)
    reaction = spend_reaction(ctx, target, dodge.action, ("dodge",), skill, dodge.use_held)
    roll = perform_roll(
        ctx,
        target,
        skill=DODGE_SKILL,
        stat=DODGE_STAT,
        goal=dodge.goal,
        held=reaction.penalty,
        gm=dodge.modifier,
        exert=dodge.exert,  # A5 and Part C: a dodge is a roll like any other
        special=dodge.special,
        purpose=f"dodge: {target.name}",
        kind="dodge",
        limb=dodge.limb,  # A15: a broken or shattered limb: -4, then 1 WP
    )
    vs = roll.victory_score or 0
    ctx.emit(
        "dodge",
        f"{target.name} dodges {attacker.name} ({dodge.situation}, goal {dodge.goal}):"
        f" VS {vs} added to the attack goal (A10)",
        actor=target.id,
    )
    return vs


def _goal_text(goal: int, dodge: int | None, against: tuple[Modifier, ...], total: int) -> str:
    """`goal 3 + dodge 2 = 5`, `goal 3 +2 (Prone) = 5`: each addition with its reason."""
    parts = [f"goal {goal}"]
    if dodge is not None:
        parts.append(f"+ dodge {dodge}")
    parts.extend(f"{m.value:+d} ({m.label})".replace("-", "−", 1) for m in against)
    return " ".join(parts) + (f" = {total}" if len(parts) > 1 else "")


@handles(Attack)
def attack(ctx: Context, cmd: Attack) -> None:
    """A11: declared dodge first, then the attack roll; a hit goes to parry or damage."""
    enc = ctx.enc
    _require_no_pending(ctx)
    attacker = ctx.living(cmd.attacker)
    target = ctx.combatant(cmd.target)
    if (refused := target_refusal(attacker, target)) is not None:
        ctx.fail(refused)
    weapon = _weapon(ctx, attacker, cmd.weapon)
    if cmd.dodge is not None and not enc.in_combat:
        ctx.fail("a dodge is a reaction on the time track: begin combat first")
    penalty = use_turn_action(ctx, attacker)  # A8: fails unless it is the attacker's turn
    # The attack roll's own refusals come before the dodge's dice (no refusal after a die).
    check_roll(ctx, attacker, stat=weapon.stat, goal=cmd.goal, special=cmd.special, limb=cmd.limb)
    dodge_vs = _dodge(ctx, target, cmd.dodge, attacker) if cmd.dodge is not None else 0
    against = attack_goal_modifiers(target)  # issue 15: the target's effects move the goal
    goal = attack_goal(cmd.goal, target, dodge_vs)
    roll = perform_roll(
        ctx,
        attacker,
        skill=weapon.skill,
        stat=weapon.stat,
        goal=goal,
        actions=penalty,
        gm=cmd.modifier,
        exert=cmd.exert,
        special=cmd.special,
        purpose=f"attack: {attacker.name} → {target.name}",
        kind="attack",
        limb=cmd.limb,
    )
    goal_text = _goal_text(cmd.goal, dodge_vs if cmd.dodge else None, against, goal)
    if roll.victory_score is None:
        ctx.emit(
            "miss",
            f"{attacker.name} misses {target.name} with {weapon.name}"
            f" (SS {roll.success_score} vs {goal_text})",
            actor=attacker.id,
        )
        return
    vs = roll.victory_score
    ctx.emit(
        "hit",
        f"{attacker.name} hits {target.name} with {weapon.name}"
        f" (SS {roll.success_score} vs {goal_text} → VS {vs})",
        actor=attacker.id,
    )
    parry = parry_weapon(ctx, target, weapon)
    if parry is not None:
        text = (
            f"{target.name} may parry {attacker.name}'s {weapon.name} with {parry.name}:"
            f" goal {roll.success_score} (attacker's SS, A10)"
        )
        ctx.emit("pending", text, actor=target.id)
        data = ParryData(
            attacker=attacker.id,
            weapon=weapon.name,
            weapon_damage=weapon.damage,
            attack_vs=vs,
            location=cmd.location,
            parry_weapon=parry.name,
        )
        ctx.new_pending(target.id, text, data, goal=roll.success_score)
        return
    pending_damage(ctx, attacker, target, weapon.name, weapon.damage, vs, cmd.location)


@handles(Parry)
def parry(ctx: Context, cmd: Parry) -> None:
    """A10: against the attacker's SS; success blocks, failure takes the full blow."""
    p = ctx.pending(cmd.pending, "parry")
    d = p.data
    assert isinstance(d, ParryData)  # Pending checks its data is of its kind
    target = ctx.living(p.combatant)
    attacker = ctx.combatant(d.attacker)
    args = (d.weapon, d.weapon_damage, d.attack_vs)
    location = d.location
    if cmd.weapon is None:
        ctx.close_pending(p)
        ctx.emit("parry", f"{target.name} does not parry", actor=target.id)
        pending_damage(ctx, attacker, target, *args, location)
        return
    weapon = _weapon(ctx, target, cmd.weapon)
    if not parries_with(weapon):
        ctx.fail(f"{target.name} cannot parry with {weapon.name}: not a melee weapon")
    ctx.close_pending(p)
    skill = target.skill_rating(weapon.skill)
    reaction = spend_reaction(ctx, target, cmd.action, ("parry",), skill, cmd.use_held)
    roll = perform_roll(
        ctx,
        target,
        skill=weapon.skill,
        stat=weapon.stat,
        goal=p.goal,
        held=reaction.penalty,
        gm=cmd.modifier,
        special=cmd.special,
        purpose=f"parry: {target.name}",
        kind="parry",
        limb=cmd.limb,  # A15: a broken or shattered limb: -4, then 1 WP
    )
    if roll.succeeded:
        ctx.emit(
            "parry",
            f"{target.name} parries {attacker.name}'s {args[0]} with {weapon.name}: blocked",
            actor=target.id,
        )
        return
    ctx.emit(
        "parry",
        f"{target.name}'s parry fails: the blow of {attacker.name}'s {args[0]} lands with "
        "full force",
        actor=target.id,
    )
    pending_damage(ctx, attacker, target, *args, location)


def pending_damage(
    ctx: Context,
    attacker: Combatant,
    target: Combatant,
    weapon: str,
    weapon_damage: int,
    attack_vs: int,
    location: Location,
) -> Pending:
    """A11-A13: work the hit out in full (soft dice rolled now) and leave it for the GM.

    The data keeps the armour and shield as they stood, so ConfirmDamage
    recomputes exactly the same breakdown (with any override) and never re-rolls.
    """
    shield = target.shield
    low, high = (shield.low, shield.high) if shield else (None, None)
    hits = shield.hits_left if shield else None
    armour = target.armour
    sh = (shield.low, shield.high) if shield else None
    passing = apply_shield(attack_vs + weapon_damage, sh, hits).victory_score
    faces: list[int] = []
    if passing is not None and armour.soft:
        faces = ctx.dice.roll(10, armour.soft, f"soft armour: {target.name}")
    result = resolve_damage(
        attack_vs,
        weapon_damage,
        sh,
        hits,
        armour.hard,
        armour.soft,
        armour.rating,
        faces,
    )
    text = result.explain()  # logged once, when confirmed (its soft faces with it)
    data = DamageData(
        attacker=attacker.id,
        weapon=weapon,
        weapon_damage=weapon_damage,
        attack_vs=attack_vs,
        location=location,
        shield_low=low,
        shield_high=high,
        shield_hits=hits,
        hard=armour.hard,
        soft=armour.soft,
        rating=armour.rating,
        soft_faces=tuple(faces),
        damage_vs=result.damage_vs,
        after_shield=result.after_shield,
        after_armour=result.victory_score,
        wound_points=result.wound_points,
        level=result.damage_name,
        explanation=text,
    )
    return ctx.new_pending(target.id, f"Damage to {target.name}{_at(location)}: {text}", data)


def _at(location: str) -> str:
    return "" if location == "unspecified" else f" ({location})"


@handles(ConfirmDamage)
def confirm_damage(ctx: Context, cmd: ConfirmDamage) -> None:
    """Apply a pending damage (GM overrides recompute the later stages), wear, then wound."""
    p = ctx.pending(cmd.pending, "damage")
    d = p.data
    assert isinstance(d, DamageData)  # Pending checks its data is of its kind
    target = ctx.combatant(p.combatant)
    with_gm = partial(
        damage_breakdown,
        d,
        after_shield=cmd.after_shield,
        after_armour=cmd.after_armour,
        wound_points=cmd.wound_points,
    )
    rolled: list[int] = []  # the soft faces rolled by this command (a stopped hit let through)
    try:
        breakdown = with_gm()
        if breakdown.soft_to_roll:  # a stopped hit let through: now it meets soft armour
            rolled = ctx.dice.roll(10, breakdown.soft_to_roll, f"soft armour: {target.name}")
            breakdown = with_gm(faces=rolled)
    except ValueError as error:
        ctx.fail(str(error))
    result = breakdown.result
    assert result is not None  # the soft dice are rolled
    ctx.close_pending(p)
    _wear(ctx, target, result, d.hard, d.soft)
    attacker = ctx.enc.combatants.get(d.attacker)
    who = attacker.name if attacker else "the attacker"  # a GM reads names, never ids
    ctx.emit(
        "damage",
        f"{who} → {target.name} applied: {breakdown.line(d)}" + (" (GM)" if breakdown.gm else ""),
        [*d.soft_faces, *rolled],  # one line per hit: the faces of both soft rolls
        target.id,
    )
    if result.wound_points > 0:
        level = result.damage_name or "Bruise"
        source = f"{who}'s {d.weapon}"
        inflict_wound(ctx, target, result.wound_points, d.location, level, source)


def _wear(ctx: Context, target: Combatant, result: AttackDamage, hard: int, soft: int) -> None:
    """R10: an activation spends a shield hit; A13/R11: armour wear, as deltas on the gear."""
    shield = target.shield
    if result.shield_activated and shield is not None and shield.hits_left is not None:
        ctx.j.set(
            target, "shield", shield.model_copy(update={"hits_left": max(0, shield.hits_left - 1)})
        )
    dh, ds = result.hard - hard, result.soft - soft
    if dh or ds:
        armour = target.armour
        worn = armour.model_copy(
            update={"hard": max(0, armour.hard + dh), "soft": max(0, armour.soft + ds)}
        )
        ctx.j.set(target, "armour", worn)

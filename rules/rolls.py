"""Skill rolls, opposed actions and Anima checks as commands (A3-A6, R3, R4, B4-B6, C).

Every Fading Suns roll goes through `rules.roll.perform_roll`; Anima checks
through `rules.anima`'s roll_* functions. A special die (Part C) is declared
before the dice of the roll it modifies.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from rules import anima, characteristic, farad, specials
from rules.commands import AnimaCheck, OpposedRound, OpposedStart, SkillRollCommand
from rules.context import Context, handles
from rules.opposed import OpposedState, opposed_round
from rules.roll import perform_roll, roll_stat
from rules.skill import complementary_bonus, victory_level
from rules.state import Combatant, ExtendedAction, Opposed
from rules.track import use_turn_action

__all__ = ["skill_roll", "opposed_start", "opposed_round_command", "anima_check"]


# --- skill rolls (A1-A5) ----------------------------------------------------------------


def _check_special(ctx: Context, c: Combatant, kind: str | None) -> None:
    if kind is not None:
        reason = specials.special_refusal(ctx, c, kind)
        if reason:
            ctx.fail(reason)


@handles(SkillRollCommand)
def skill_roll(ctx: Context, cmd: SkillRollCommand) -> None:
    """Standard, complementary (A4) or extended (A3/R3) skill roll.

    In combat, a roll by the current turn's actor spends one of its declared
    actions and takes that opportunity's multi-action penalty (A8).
    """
    enc = ctx.enc
    c = ctx.living(cmd.actor)
    roll_stat(ctx, c, cmd.stat)
    _check_special(ctx, c, cmd.special)
    ext = c.extended
    continuing = (
        cmd.mode == "extend" and ext is not None and (ext.skill, ext.stat) == (cmd.skill, cmd.stat)
    )
    goal = cmd.goal
    if cmd.mode == "complementary":
        if cmd.goal is not None:
            ctx.fail("a complementary roll has no goal: its SS gives the bonus (A4)")
        if c.complement_bonus:
            ctx.fail(
                f"{c.name} already has a complementary bonus of +{c.complement_bonus} "
                "waiting: make the supported roll first (A4)"
            )
    if continuing:
        assert ext is not None
        if ext.goal is not None and goal is not None and goal != ext.goal:
            ctx.fail(
                f"{c.name}'s extended {ext.skill} roll has goal {ext.goal}; "
                f"an additional roll cannot change it to {goal} (A3)"
            )
        goal = ext.goal if goal is None else goal
    modifiers: list[tuple[str, int]] = [("GM", cmd.modifier)]
    if enc.in_combat and enc.turn is not None and enc.turn.actor == c.id:
        modifiers.append(("actions, A8", use_turn_action(ctx, c)))
    # Every mode rolls the same declared roll; only the goal, purpose and log differ.
    roll = partial(
        perform_roll,
        ctx,
        c,
        skill=cmd.skill,
        stat=cmd.stat,
        dice=cmd.dice,
        modifiers=modifiers,
        exert=cmd.exert,
        special=cmd.special,
        limb=cmd.limb,
    )
    if cmd.mode == "complementary":
        result = roll(
            goal=None,
            purpose=f"complementary {cmd.skill}: {c.name}",
            kind="complementary",
            use_complement=False,
        )
        bonus = complementary_bonus(result.success_score)
        ctx.j.set(c, "complement_bonus", bonus)
        ctx.emit(
            "complementary",
            f"{c.name}'s supporting {cmd.skill} SS {result.success_score} → "
            f"+{bonus} to the next roll (A4)",
            actor=c.id,
        )
        return
    if cmd.mode == "standard":
        if ext is not None:
            ctx.j.set(c, "extended", None)
        roll(goal=goal)
        return
    # A3: extended. The first roll's SS starts the total; each further one adds SS - 2 (R3).
    result = roll(goal=None if continuing else goal, purpose=f"extended {cmd.skill}: {c.name}")
    score = result.success_score
    if continuing:
        assert ext is not None
        total = ext.total + score - 2
        rolls = [*ext.rolls, score]
        step = f"+ ({score} - 2 = {score - 2:+d})"
    else:
        total, rolls, step = score, [score], f"first roll {score}"
    ctx.j.set(
        c,
        "extended",
        ExtendedAction(skill=cmd.skill, stat=cmd.stat, goal=goal, total=total, rolls=rolls),
    )
    units = len(rolls)
    text = (
        f"{c.name}'s extended {cmd.skill}: {step} → total {total} after {units} "
        f"roll{'s' if units > 1 else ''} ({units} time unit{'s' if units > 1 else ''}, A3)"
    )
    if goal is not None:
        vs = total - goal
        outcome = f"VS {vs}, {victory_level(vs)}" if vs >= 0 else f"short by {-vs}"
        text += f" vs goal {goal} → {outcome}"
    ctx.emit("extended", text, actor=c.id)


# --- opposed actions (A6, R4) ---------------------------------------------------------


@handles(OpposedStart)
def opposed_start(ctx: Context, cmd: OpposedStart) -> None:
    """A6: A wins when the margin reaches B's skill, B when -margin reaches A's."""
    enc = ctx.enc
    a, b = ctx.living(cmd.a), ctx.living(cmd.b)
    if a.id == b.id:
        ctx.fail(f"{a.name} cannot oppose itself")
    roll_stat(ctx, a, cmd.a_stat)
    roll_stat(ctx, b, cmd.b_stat)
    old = enc.opposed
    if old is not None and old.winner is None:
        names = f"{enc.combatants[old.a].name} vs {enc.combatants[old.b].name}"
        ctx.emit("opposed", f"The undecided contest {names} is abandoned")
    contest = Opposed(
        a=a.id,
        a_skill=cmd.a_skill,
        a_stat=cmd.a_stat,
        b=b.id,
        b_skill=cmd.b_skill,
        b_stat=cmd.b_stat,
    )
    ctx.j.set(enc, "opposed", contest)
    skill_a, skill_b = a.skills.get(cmd.a_skill, 0), b.skills.get(cmd.b_skill, 0)
    ctx.emit(
        "opposed",
        f"Opposed: {a.name} ({cmd.a_skill} {skill_a}) vs {b.name} ({cmd.b_skill} {skill_b}): "
        f"{a.name} wins at margin +{skill_b}, {b.name} at -{skill_a} (A6)",
    )


@handles(OpposedRound)
def opposed_round_command(ctx: Context, cmd: OpposedRound) -> None:
    """A6/R4: both roll with no goal; margin += SS_A - SS_B; check for a winner."""
    enc = ctx.enc
    op = enc.opposed
    if op is None:
        ctx.fail("no opposed action is running: start one first")
    a, b = ctx.living(op.a), ctx.living(op.b)
    if op.winner is not None:
        ctx.fail(f"the contest is decided: {enc.combatants[op.winner].name} has won")
    roll_stat(ctx, a, op.a_stat)
    roll_stat(ctx, b, op.b_stat)
    state = OpposedState(
        skill_a=a.skills.get(op.a_skill, 0),
        skill_b=b.skills.get(op.b_skill, 0),
        margin=op.margin,
        rounds=tuple((r[0], r[1], r[2]) for r in op.rounds),
    )
    rolled = []
    for c, skill, stat in ((a, op.a_skill, op.a_stat), (b, op.b_skill, op.b_stat)):
        rolled.append(
            perform_roll(
                ctx,
                c,
                skill=skill,
                stat=stat,
                goal=None,
                purpose=f"opposed {skill}: {c.name}",
                kind="opposed-roll",
            ).success_score
        )
    new = opposed_round(state, rolled[0], rolled[1])
    winner = {"A": a.id, "B": b.id}.get(new.winner or "")
    ctx.j.set(
        enc,
        "opposed",
        op.model_copy(
            update={"margin": new.margin, "rounds": [list(r) for r in new.rounds], "winner": winner}
        ),
    )
    verdict = f"{enc.combatants[winner].name} wins" if winner else "no winner yet"
    ctx.emit(
        "opposed",
        f"round {len(new.rounds)}: {a.name} {rolled[0]} vs {b.name} {rolled[1]} → "
        f"margin {new.margin:+d} → {verdict}",
    )


# --- Anima checks (B4-B6) -------------------------------------------------------------


def _score(ctx: Context, c: Combatant, kind: str, name: str, value: int | None) -> int:
    """The ability, resistance or characteristic a check uses (cmd value wins)."""
    if value is not None:
        return value
    if kind == "ability":
        table = c.abilities
    elif kind == "resistance":
        table = c.resistances
    else:
        return roll_stat(ctx, c, name)  # B6: "after the penalties of A9"
    if name not in table:
        ctx.fail(f"{c.name} has no {kind} {name!r}: give its value")
    return table[name]


def _with_bonus(check: anima.Check, bonus: int) -> anima.Check:
    """C: a flat special bonus on the total; a fumble still fails, a natural 100 still
    succeeds (B2, B5, R23, R24)."""
    if bonus == 0 or check.automatic:
        return check
    total = check.total + bonus
    natural_100 = check.kind == "resistance" and check.faces[0] == 100
    success = not check.fumble and (
        check.difficulty is None or natural_100 or total >= check.difficulty
    )
    return replace(check, total=total, success=success)


def _d100_verdict(check: anima.Check, final: anima.Check, bonus: int, extra: str) -> str:
    """The log's tail after a special bonus: the new total and verdict."""
    if final is check:
        return ""
    head = f"; {bonus:+d}{extra} → {final.total}"
    if final.fumble:
        return f"{head}, but a fumble fails (B2)"
    if final.difficulty is None:
        return head
    margin = final.total - final.difficulty
    verdict = f"success by {margin}" if final.success else f"fails by {-margin}"
    return f"{head} vs {final.difficulty} → {verdict}"


@handles(AnimaCheck)
def anima_check(ctx: Context, cmd: AnimaCheck) -> None:
    """B4-B6 checks; a special die (C) adds to the total or the margin.

    A luck/desperation 10 doubles or halves a characteristic (a stat) for
    this check; abilities and resistances are no stats, so only the flat
    modifier applies to them.
    """
    c = ctx.living(cmd.actor)
    score = _score(ctx, c, cmd.kind, cmd.name, cmd.value)
    opponent: Combatant | None = None
    other = 0
    if cmd.kind == "resistance" and cmd.difficulty is None:
        ctx.fail("a resistance check needs a difficulty (B5)")
    if cmd.kind == "opposed-characteristic" or (cmd.kind == "ability" and cmd.opponent is not None):
        if cmd.opponent is None:
            ctx.fail("an opposed characteristic check needs an opponent (B6)")
        opponent = ctx.living(cmd.opponent)
        if opponent.id == c.id:
            ctx.fail(f"{c.name} cannot oppose itself")
        base = "characteristic" if cmd.kind == "opposed-characteristic" else "ability"
        other = _score(ctx, opponent, base, cmd.opponent_name or cmd.name, cmd.opponent_value)
    elif cmd.kind == "ability" and cmd.difficulty is None:
        ctx.fail("an ability check needs a difficulty or an opponent (B4)")
    _check_special(ctx, c, cmd.special)
    automatic = cmd.kind == "resistance" and anima.resistance_is_automatic(
        score, cmd.difficulty or 0
    )
    # Part C: declared before the check's dice; R23's automatic success rolls nothing.
    outcome = None if automatic else specials.declare_special(ctx, c, cmd.special)
    bonus = outcome.modifier if outcome else 0
    factor = outcome.stat_factor if outcome else farad.UNCHANGED
    extra = f" ({outcome.label})" if outcome and bonus else ""
    if cmd.kind in ("ability", "resistance"):
        _d100(ctx, c, cmd, score, opponent, other, bonus, extra)
        return
    value = farad.scaled_stat(score, factor) if factor != farad.UNCHANGED else score
    label = cmd.name + (" doubled" if factor == farad.DOUBLED else "")
    label += " halved" if factor == farad.HALVED else ""
    mine = characteristic.roll_characteristic(ctx.dice, value, label)
    if opponent is None:
        margin = mine.margin + bonus
        text = f"{c.name}: {mine.explain()}"
        if bonus:
            verdict = f"success by {margin}" if margin >= 0 else f"fails by {-margin}"
            text += f"; {bonus:+d}{extra} → {verdict} (R25)"
        ctx.emit("check", text, [mine.face], c.id)
        return
    name_b = cmd.opponent_name or cmd.name
    theirs = characteristic.roll_characteristic(ctx.dice, other, name_b)
    counted_a, counted_b = characteristic.opposed_characteristics(value, other)
    diff = characteristic.opposed_characteristic(value, mine.face, other, theirs.face) + bonus
    margin_a = characteristic.characteristic_margin(counted_a, mine.face)
    margin_b = characteristic.characteristic_margin(counted_b, theirs.face)
    counts = ""
    if (counted_a, counted_b) != (value, other):
        counts = f" (over 4 apart: counts {counted_a} vs {counted_b})"
    verdict = (
        f"{c.name} wins by {diff}"
        if diff > 0
        else f"{opponent.name} wins by {-diff}"
        if diff < 0
        else "a tie"
    )
    ctx.emit(
        "check",
        f"{c.name} {label} {value} vs {opponent.name} {name_b} {other}{counts}: "
        f"d10 {mine.face} → {margin_a:+d}, d10 {theirs.face} → {margin_b:+d}"
        f"{f' {bonus:+d}{extra}' if bonus else ''} → {verdict} (B6)",
        [mine.face, theirs.face],
        c.id,
    )


def _d100(
    ctx: Context,
    c: Combatant,
    cmd: AnimaCheck,
    score: int,
    opponent: Combatant | None,
    other: int,
    bonus: int,
    extra: str,
) -> None:
    """B4/B5 (and B4 opposed): roll through rules.anima and log the arithmetic."""
    if cmd.kind == "resistance":
        check = anima.roll_resistance_check(ctx.dice, score, cmd.difficulty or 0, name=cmd.name)
    else:
        difficulty = None if opponent is not None else cmd.difficulty
        check = anima.roll_ability_check(ctx.dice, score, difficulty, name=cmd.name)
    if opponent is None:
        final = _with_bonus(check, bonus)
        text = f"{c.name}: {check.explain()}{_d100_verdict(check, final, bonus, extra)}"
        if check.automatic and cmd.special:
            text += f" (no roll, so the {cmd.special} die is not spent)"
        ctx.emit("check", text, check.faces, c.id)
        return
    name_b = cmd.opponent_name or cmd.name
    theirs = anima.roll_ability_check(ctx.dice, other, None, name=name_b)
    final = _with_bonus(check, bonus)
    lead = anima.opposed_ability(final, theirs)
    verdict = (
        f"{c.name} wins by {lead}"
        if lead > 0
        else f"{opponent.name} wins by {-lead}"
        if lead < 0
        else "a tie"
    )
    ctx.emit(
        "check",
        f"{c.name}: {check.explain()}{f' {bonus:+d}{extra} = {final.total}' if bonus else ''}; "
        f"{opponent.name}: {theirs.explain()} → {verdict} (B4)",
        [*check.faces, *theirs.faces],
        c.id,
    )

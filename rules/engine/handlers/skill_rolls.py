"""Skill rolls and opposed actions as commands (A3-A6, R3, R4, C).

Every Fading Suns roll goes through `rules.engine.roll.perform_roll`. A special die
(Part C) is declared before the dice of the roll it modifies. Anima checks
(B4-B6) are `rules.engine.handlers.anima_checks`. Skill and stat names typed in any case are
the sheet's (`rules.mechanics.sheet_names`).
"""

from __future__ import annotations

from functools import partial

from rules.engine import farad_in_play
from rules.engine.context import Context, handles
from rules.engine.handlers.track import use_turn_action
from rules.engine.roll import perform_roll, roll_stat, stat_on_sheet
from rules.mechanics.opposed import OpposedState, opposed_round
from rules.mechanics.sheet_names import on_sheet, rating, same_name
from rules.mechanics.skill import complementary_bonus, victory_level
from rules.model.commands import OpposedRound, OpposedStart, SkillRollCommand
from rules.model.state import Combatant, ExtendedAction, Opposed

__all__ = ["continues", "skill_roll", "opposed_start", "opposed_round_command"]


# --- skill rolls (A1-A5) ----------------------------------------------------------------


def _check_special(ctx: Context, c: Combatant, kind: str | None) -> None:
    if kind is not None:
        reason = farad_in_play.special_refusal(ctx, c, kind)
        if reason:
            ctx.fail(reason)


def continues(c: Combatant, skill: str, stat: str) -> bool:
    """A3: would an extended roll of this skill and stat add to the one in progress?

    Names match in any case (the sheet's). The skill-roll dialog asks this too.
    """
    ext = c.extended
    return ext is not None and same_name(ext.skill, skill) and same_name(ext.stat, stat)


def _against_goal(total: int, goal: int | None) -> str:
    """A3: ` vs goal 12 → VS 2, ...` or ` vs goal 12 → short by 3`; '' without a goal."""
    if goal is None:
        return ""
    vs = total - goal
    outcome = f"VS {vs}, {victory_level(vs)}" if vs >= 0 else f"short by {-vs}"
    return f" vs goal {goal} → {outcome}"


def _end_extended(ctx: Context, c: Combatant, why: str) -> None:
    """A3: close the extended roll in progress, logging the total it reached."""
    ext = c.extended
    assert ext is not None
    units = len(ext.rolls)
    text = (
        f"{c.name}'s extended {ext.skill} roll ends at total {ext.total} after {units} "
        f"roll{'s' if units != 1 else ''}"
    ) + _against_goal(ext.total, ext.goal)
    ctx.j.set(c, "extended", None)
    ctx.emit("extended", f"{text}: {why} (A3)", actor=c.id)


@handles(SkillRollCommand)
def skill_roll(ctx: Context, cmd: SkillRollCommand) -> None:
    """Standard, complementary (A4) or extended (A3/R3) skill roll.

    In combat, a roll by the current turn's actor spends one of its declared
    actions and takes that opportunity's multi-action penalty (A8). Names
    typed in any case are the sheet's (logged as the sheet spells them).

    A3 lets the actor roll again "any number of times" and names nothing that
    ends an extended roll, so a roll of another skill leaves it running (as
    attacks and checks always did). Only a fresh standard roll of the same
    skill, or a new extended roll (a combatant keeps one), ends it, and the
    log says at what total.
    """
    enc = ctx.enc
    c = ctx.living(cmd.actor)
    stat = stat_on_sheet(ctx, c, cmd.stat)
    skill = on_sheet(c.skills, cmd.skill) or cmd.skill
    _check_special(ctx, c, cmd.special)
    ext = c.extended
    same_skill = ext is not None and same_name(ext.skill, skill)
    continuing = cmd.mode == "extend" and continues(c, skill, stat)
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
    # A3: a further roll is the same roll: a dice count set for it stays set.
    dice = ext.dice if continuing and ext is not None and cmd.dice is None else cmd.dice
    actions = 0
    if enc.in_combat and enc.turn is not None and enc.turn.actor == c.id:
        actions = use_turn_action(ctx, c)
    # Every mode rolls the same declared roll; only the goal, purpose and log differ.
    roll = partial(
        perform_roll,
        ctx,
        c,
        skill=skill,
        stat=stat,
        dice=dice,
        actions=actions,
        gm=cmd.modifier,
        exert=cmd.exert,
        special=cmd.special,
        limb=cmd.limb,
    )
    if cmd.mode == "complementary":
        result = roll(
            goal=None,
            purpose=f"complementary {skill}: {c.name}",
            kind="complementary",
            use_complement=False,
        )
        bonus = complementary_bonus(result.success_score)
        ctx.j.set(c, "complement_bonus", bonus)
        ctx.emit(
            "complementary",
            f"{c.name}'s supporting {skill} SS {result.success_score} → "
            f"+{bonus} to the next roll (A4)",
            actor=c.id,
        )
        return
    if cmd.mode == "standard":
        if same_skill:
            _end_extended(ctx, c, f"a standard {skill} roll starts afresh")
        roll(goal=goal)
        return
    if ext is not None and not continuing:
        _end_extended(ctx, c, f"a new extended {skill} roll ({stat}) replaces it")
    # A3: extended. The first roll's SS starts the total; each further one adds SS - 2 (R3).
    result = roll(goal=None if continuing else goal, purpose=f"extended {skill}: {c.name}")
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
        ExtendedAction(skill=skill, stat=stat, goal=goal, total=total, rolls=rolls, dice=dice),
    )
    units = len(rolls)
    text = (
        f"{c.name}'s extended {skill}: {step} → total {total} after {units} "
        f"roll{'s' if units > 1 else ''} ({units} time unit{'s' if units > 1 else ''}, A3)"
    ) + _against_goal(total, goal)
    ctx.emit("extended", text, actor=c.id)


# --- opposed actions (A6, R4) ---------------------------------------------------------


@handles(OpposedStart)
def opposed_start(ctx: Context, cmd: OpposedStart) -> None:
    """A6: A wins when the margin reaches B's skill, B when -margin reaches A's."""
    enc = ctx.enc
    a, b = ctx.living(cmd.a), ctx.living(cmd.b)
    if a.id == b.id:
        ctx.fail(f"{a.name} cannot oppose itself")
    a_stat, b_stat = stat_on_sheet(ctx, a, cmd.a_stat), stat_on_sheet(ctx, b, cmd.b_stat)
    a_skill = on_sheet(a.skills, cmd.a_skill) or cmd.a_skill  # the sheet's spelling
    b_skill = on_sheet(b.skills, cmd.b_skill) or cmd.b_skill
    if not rating(a.skills, a_skill) and not rating(b.skills, b_skill):
        ctx.fail(
            f"neither {a.name} has {a_skill!r} nor {b.name} has {b_skill!r}: with no dice on"
            " either side the contest could never end (A6); check the skill names"
        )
    old = enc.opposed
    if old is not None and old.winner is None:
        names = f"{enc.combatants[old.a].name} vs {enc.combatants[old.b].name}"
        ctx.emit("opposed", f"The undecided contest {names} is abandoned")
    contest = Opposed(
        a=a.id,
        a_skill=a_skill,
        a_stat=a_stat,
        b=b.id,
        b_skill=b_skill,
        b_stat=b_stat,
    )
    ctx.j.set(enc, "opposed", contest)
    skill_a, skill_b = rating(a.skills, a_skill), rating(b.skills, b_skill)
    ctx.emit(
        "opposed",
        f"Opposed: {a.name} ({a_skill} {skill_a}) vs {b.name} ({b_skill} {skill_b}): "
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
        skill_a=rating(a.skills, op.a_skill),
        skill_b=rating(b.skills, op.b_skill),
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

"""Anima checks as a command: ability, resistance, characteristic, opposed (B4-B6, C, R26).

The dice are read by `rules.mechanics.anima` (d100) and `rules.mechanics.characteristic` (d10).
Part C: "their result is a flat bonus or penalty to ... the total of a d100
check, the margin of a characteristic check". Two such results reach a check:

- a special die declared for it, rolled before the check's own dice;
- R26: a desperation result rolled earlier in the being's turn, which
  applies "to every action the being takes that turn" (a check included,
  exactly as `rules.engine.roll.perform_roll` adds it to a skill roll).

Each is named in the log line with its value. Names typed in any case are
the sheet's (`rules.mechanics.sheet_names`); typed values keep the sheet's ranges
(`rules.model.check_limits`).
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine import farad_in_play
from rules.engine.context import Context, handles
from rules.engine.roll import stat_on_sheet
from rules.engine.roll_plan import anima_plan
from rules.mechanics import anima, characteristic, farad
from rules.mechanics.sheet_names import on_sheet
from rules.model.check_limits import D100_RANGE, range_problem, value_range
from rules.model.commands import AnimaCheck
from rules.model.state import Combatant

__all__ = ["anima_check"]

Mods = list[tuple[str, int]]


def _mods_text(mods: Mods) -> str:
    """`+5 (desperation this turn, R26)`: each flat result with what it is."""
    return " ".join(f"{value:+d} ({label})" for label, value in mods)


def _typed_numbers(ctx: Context, cmd: AnimaCheck) -> None:
    """Typed values keep a sheet's ranges; a d100 difficulty is never negative."""
    bounds = value_range(cmd.kind)
    given = [("value", cmd.value, bounds), ("opponent_value", cmd.opponent_value, bounds)]
    if cmd.kind in ("ability", "resistance"):
        given.append(("difficulty", cmd.difficulty, D100_RANGE))
    for field, number, limits in given:
        problem = range_problem(number, limits)
        if problem:
            ctx.fail(f"{field} {problem} for {cmd.kind} check, got {number}")


def _score(ctx: Context, c: Combatant, kind: str, name: str, value: int | None) -> tuple[str, int]:
    """The name as the sheet spells it, and the value the check uses (a typed value wins)."""
    if kind in ("ability", "resistance"):
        table = c.abilities if kind == "ability" else c.resistances
        found = on_sheet(table, name)
        if value is not None:
            return found or name, value
        if found is None:
            ctx.fail(f"{c.name} has no {kind} {name!r}: give its value")
        return found, table[found]
    if value is not None:
        return on_sheet(c.stats, name) or name, value
    stat = stat_on_sheet(ctx, c, name)
    return stat, c.effective(stat)  # B6: "after the penalties of A9"


def _with_bonus(check: anima.Check, bonus: int) -> anima.Check:
    """C: a flat bonus on the total; a fumble still fails, a natural 100 still
    succeeds (B2, B5, R23, R24)."""
    if check.automatic:
        return check
    total = check.total + bonus
    natural_100 = check.kind == "resistance" and check.faces[0] == 100
    success = not check.fumble and (
        check.difficulty is None or natural_100 or total >= check.difficulty
    )
    return replace(check, total=total, success=success)


def _d100_verdict(final: anima.Check, mods: Mods) -> str:
    """The log's tail after the flat results: the new total and verdict."""
    if not mods or final.automatic:
        return ""
    head = f"; {_mods_text(mods)} → {final.total}"
    if final.fumble:
        return f"{head}, but a fumble fails (B2)"
    if final.difficulty is None:
        return head
    margin = final.total - final.difficulty
    verdict = f"success by {margin}" if final.success else f"fails by {-margin}"
    return f"{head} vs {final.difficulty} → {verdict}"


@handles(AnimaCheck)
def anima_check(ctx: Context, cmd: AnimaCheck) -> None:
    """B4-B6 checks; a special die (C) and the turn's desperation result (R26) add to
    the total or the margin.

    A luck/desperation 10 doubles or halves a characteristic (a stat) for
    this check; abilities and resistances are no stats, so only the flat
    modifier applies to them. An opponent's own R26 result adds to its side.
    """
    c = ctx.living(cmd.actor)
    _typed_numbers(ctx, cmd)
    name, score = _score(ctx, c, cmd.kind, cmd.name, cmd.value)
    opponent: Combatant | None = None
    name_b, other = name, 0
    if cmd.kind == "resistance" and cmd.difficulty is None:
        ctx.fail("a resistance check needs a difficulty (B5)")
    if cmd.kind == "opposed-characteristic" or (cmd.kind == "ability" and cmd.opponent is not None):
        if cmd.opponent is None:
            ctx.fail("an opposed characteristic check needs an opponent (B6)")
        opponent = ctx.living(cmd.opponent)
        if opponent.id == c.id:
            ctx.fail(f"{c.name} cannot oppose itself")
        base = "characteristic" if cmd.kind == "opposed-characteristic" else "ability"
        name_b, other = _score(
            ctx, opponent, base, cmd.opponent_name or cmd.name, cmd.opponent_value
        )
    elif cmd.kind == "ability" and cmd.difficulty is None:
        ctx.fail("an ability check needs a difficulty or an opponent (B4)")
    if cmd.special is not None and (reason := farad_in_play.special_refusal(ctx, c, cmd.special)):
        ctx.fail(reason)
    automatic = cmd.kind == "resistance" and anima.resistance_is_automatic(
        score, cmd.difficulty or 0
    )
    # Part C: declared before the check's dice; R23's automatic success rolls nothing.
    outcome = None if automatic else farad_in_play.declare_special(ctx, c, cmd.special)
    factor = outcome.stat_factor if outcome else farad.UNCHANGED
    # The die's result, then R26's turn result (A4's bonus is for skill rolls): plan_roll's order.
    plan = anima_plan(
        c,
        special=outcome.kind if outcome else None,
        rolled=(outcome.label, outcome.modifier) if outcome else None,
    )
    mods: Mods = list(plan.modifiers)
    their_mods: Mods = list(anima_plan(opponent).modifiers) if opponent is not None else []
    if cmd.kind in ("ability", "resistance"):
        _d100(ctx, c, cmd, name, score, opponent, name_b, other, mods, their_mods)
        return
    value = farad.scaled_stat(score, factor) if factor != farad.UNCHANGED else score
    label = name + (" doubled" if factor == farad.DOUBLED else "")
    label += " halved" if factor == farad.HALVED else ""
    bonus = sum(v for _label, v in mods)
    vs = f" (opposed by {opponent.name}, B6)" if opponent is not None else ""
    mine = characteristic.roll_characteristic(
        ctx.dice, value, label, purpose=f"{label} check: {c.name}{vs}"
    )
    if opponent is None:
        text = f"{c.name}: {mine.explain()}"
        if mods:
            margin = mine.margin + bonus
            verdict = f"success by {margin}" if margin >= 0 else f"fails by {-margin}"
            text += f"; {_mods_text(mods)} → {verdict} (R25)"
        ctx.emit("check", text, [mine.face], c.id)
        return
    their_bonus = sum(v for _label, v in their_mods)
    theirs = characteristic.roll_characteristic(
        ctx.dice, other, name_b, purpose=f"{name_b} check: {opponent.name} (opposing {c.name}, B6)"
    )
    counted_a, counted_b = characteristic.opposed_characteristics(value, other)
    diff = characteristic.opposed_characteristic(
        value, mine.face, other, theirs.face, modifier_a=bonus, modifier_b=their_bonus
    )
    sides = []
    for counted, face, side_mods, side_bonus in (
        (counted_a, mine.face, mods, bonus),
        (counted_b, theirs.face, their_mods, their_bonus),
    ):
        margin = characteristic.characteristic_margin(counted, face)
        side = f"d10 {face} → {margin:+d}"
        if side_mods:
            side += f" {_mods_text(side_mods)} = {margin + side_bonus:+d}"
        sides.append(side)
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
        f"{sides[0]}, {sides[1]} → {verdict} (B6)",
        [mine.face, theirs.face],
        c.id,
    )


def _d100(
    ctx: Context,
    c: Combatant,
    cmd: AnimaCheck,
    name: str,
    score: int,
    opponent: Combatant | None,
    name_b: str,
    other: int,
    mods: Mods,
    their_mods: Mods,
) -> None:
    """B4/B5 (and B4 opposed): roll through rules.mechanics.anima and log the arithmetic."""
    # Whose die and what for, as the GM typing physical dice reads it (B4, B5).
    vs = f" (opposed by {opponent.name}, B4)" if opponent is not None else ""
    purpose = f"{name} check: {c.name}{vs}"
    if cmd.kind == "resistance":
        check = anima.roll_resistance_check(
            ctx.dice, score, cmd.difficulty or 0, name=name, purpose=purpose
        )
    else:
        difficulty = None if opponent is not None else cmd.difficulty
        check = anima.roll_ability_check(ctx.dice, score, difficulty, name=name, purpose=purpose)
    final = _with_bonus(check, sum(v for _label, v in mods))
    if opponent is None:
        text = f"{c.name}: {check.explain()}{_d100_verdict(final, mods)}"
        if check.automatic and cmd.special:
            text += f" (no roll, so the {cmd.special} die is not spent)"
        ctx.emit("check", text, check.faces, c.id)
        return
    theirs = anima.roll_ability_check(
        ctx.dice,
        other,
        None,
        name=name_b,
        purpose=f"{name_b} check: {opponent.name} (opposing {c.name}, B4)",
    )
    their_final = _with_bonus(theirs, sum(v for _label, v in their_mods))
    lead = anima.opposed_ability(final, their_final)
    verdict = (
        f"{c.name} wins by {lead}"
        if lead > 0
        else f"{opponent.name} wins by {-lead}"
        if lead < 0
        else "a tie"
    )

    def side(check: anima.Check, final: anima.Check, side_mods: Mods) -> str:
        return check.explain() + (f" {_mods_text(side_mods)} = {final.total}" if side_mods else "")

    ctx.emit(
        "check",
        f"{c.name}: {side(check, final, mods)}; "
        f"{opponent.name}: {side(theirs, their_final, their_mods)} → {verdict} (B4)",
        [*check.faces, *theirs.faces],
        c.id,
    )

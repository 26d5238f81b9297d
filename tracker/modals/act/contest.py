"""An opposed action in words and odds, for the skill-roll dialog (A6, R4).

The running margin and every round come from the encounter's `opposed`
record; the odds of the next round are exact, from both sides' SS
distributions (`rules.odds.declared.round_odds`).
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import ValidationError

from rules.engine.questions import preview_roll
from rules.model.commands import OpposedStart
from rules.model.errors import explain
from rules.model.plain_text import problem
from rules.model.state import Combatant, Encounter
from rules.odds.declared import roll_distribution, round_odds
from tracker.modals.form import FORM
from tracker.widgets.odds import percent


def contest_roll(c: Combatant, skill: str, stat: str) -> dict[int, Fraction]:
    """A6: one side's roll: its skill, no goal; R26 and A4 bonuses still apply."""
    preview = preview_roll(c, skill=skill, stat=stat, goal=None)  # as the handler rolls it
    if preview is None:  # no such stat: row 0 (the form names the stat)
        return roll_distribution(0, c.skill_rating(skill), 0)
    return roll_distribution(preview.inputs.effective, preview.inputs.dice, preview.plan.total)


def running_text(enc: Encounter) -> str:
    """The contest under way: margin, rounds, and who this round may decide it for."""
    op = enc.opposed
    if op is None:
        return "No opposed action is running."
    a, b = enc.combatants[op.a], enc.combatants[op.b]
    sa, sb = a.skill_rating(op.a_skill), b.skill_rating(op.b_skill)
    odds = round_odds(
        contest_roll(a, op.a_skill, op.a_stat),
        contest_roll(b, op.b_skill, op.b_stat),
        op.margin,
        sa,
        sb,
    )
    rounds = " ".join(f"[{r[0]}–{r[1]} → {r[2]:+d}]" for r in op.rounds) or "none yet"
    return (
        f"{a.name} ({op.a_skill} {sa}) vs {b.name} ({op.b_skill} {sb}): margin"
        f" {op.margin:+d}; {a.name} wins at +{sb}, {b.name} at −{sa} (A6)\n"
        f"rounds: {rounds}\nthis round decides it: {a.name} {percent(odds.a_wins)},"
        f" {b.name} {percent(odds.b_wins)}"
    )


def start_text(
    a: Combatant, a_skill: str, a_stat: str, b: Combatant, b_skill: str, b_stat: str
) -> str:
    """A new contest: what each side needs, and how a first round tends to go."""
    sa, sb = a.skill_rating(a_skill), b.skill_rating(b_skill)
    first = round_odds(
        contest_roll(a, a_skill, a_stat), contest_roll(b, b_skill, b_stat), 0, sa, sb
    )
    return (
        f"{a.name} wins at margin +{sb}, {b.name} at −{sa} (A6). A round: {a.name}"
        f" ahead {percent(first.a_ahead)}, tied {percent(first.tie)}, {b.name} ahead"
        f" {percent(first.b_ahead)}"
    )


Side = tuple[str, str, str]  # a contest side: id, skill, stat


def contest_sides(enc: Encounter, c: Combatant) -> tuple[Side, Side] | None:
    """A6: the running contest as (c's side, the other), side A first for a bystander;
    None when none runs. Reopening `s` shows these, not the dialog's defaults."""
    op = enc.opposed
    if op is None or op.winner is not None:
        return None
    a, b = (op.a, op.a_skill, op.a_stat), (op.b, op.b_skill, op.b_stat)
    return (b, a) if op.b == c.id else (a, b)


def contest_title(enc: Encounter) -> str:
    """A6: while a contest runs, Enter rolls its next round whoever is selected: say so."""
    op = enc.opposed
    if op is None or op.winner is not None:
        return ""
    a, b = enc.combatants[op.a], enc.combatants[op.b]
    return f"Opposed contest (A6): {a.name} vs {b.name} · Enter rolls round {len(op.rounds) + 1}"


def decided_text(enc: Encounter, c: Combatant, kind: str) -> str:
    """A6: a decided contest takes no more rounds: the roll is the selected one's own."""
    op = enc.opposed
    if op is None or op.winner is None:
        return ""
    a, b = enc.combatants[op.a], enc.combatants[op.b]
    won = enc.combatants[op.winner].name if op.winner in enc.combatants else op.winner
    return (
        f"The contest {a.name} vs {b.name} is decided ({won} won, A6): Enter makes"
        f" a {kind} roll for {c.name}."
    )


def opposed_start(
    c: Combatant, skill: str, stat: str, other: Combatant, their_skill: str, their_stat: str
) -> tuple[OpposedStart | None, dict[str, str]]:
    """A6: the contest the fields describe, or the form's message for what does not fit."""
    try:
        command = OpposedStart(
            a=c.id, a_skill=skill, a_stat=stat, b=other.id, b_skill=their_skill, b_stat=their_stat
        )
    except ValidationError as err:
        return None, {FORM: explain(err, OpposedStart)}
    return command, {}


def unpicked(refused: bool, skill: str, their_skill: str) -> dict[str, str]:
    """No opponent picked yet: said once the GM tried; a skill's text that breaks the text
    rule (rules.model.plain_text) is said at once, never hidden by the missing pick."""
    errors: dict[str, str] = {"skill": problem(skill)} if problem(skill) else {}
    form = ["pick an opponent (A6)"] if refused else []
    if why := problem(their_skill):
        form.append(f"Their skill: {why}")
    return errors | ({FORM: "; ".join(form)} if form else {})

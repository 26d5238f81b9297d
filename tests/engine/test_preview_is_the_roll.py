"""A preview is the roll: for random fights with random effects, what `roll_preview` says
an attack, a dodge, a parry, a skill roll or a contest's round will roll, and
`called_check_plan` a demise or breakage check (the stat's row, the dice, every modifier
with its reason, the goal), is exactly what the engine then hands the dice (A1-A6,
A8-A10, A15, A16, issue 15's effects, R26). The Anima checks' are in
test_anima_preview_is_the_roll.py.

The engine's roll is caught where it meets the dice (`rules.engine.roll.roll_skill`,
`read_demise`), so the comparison is with what was rolled, not with a second reading of
the rules.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.engine.roll as engine_roll
from rules.engine.context import CommandError
from rules.engine.handlers import pool_checks
from rules.engine.roll_choices import DODGE_SKILL, DODGE_STAT
from rules.engine.roll_plan import called_check_plan, held_penalty, turn_penalty
from rules.engine.roll_preview import preview_attack, preview_roll
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import (
    ApplyWound,
    Attack,
    Dodge,
    OpposedRound,
    OpposedStart,
    Parry,
    ResolveCheck,
    SkillRollCommand,
    TakeOpportunity,
)
from rules.model.effect_commands import AddEffect
from rules.model.effects import EffectModifier
from tests.support.act_fixtures import a10
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import ROLL_SKILLS, ROLL_STATS, roll_modifiers
from tests.support.soak import examples


@st.composite
def fights(draw: st.DrawFn) -> Session:
    """A10's pair with effects on either, a desperation result or a waiting bonus on Lio,
    a broken arm now and then, and Lio's opportunity taken with one or two actions (A8)."""
    s = a10()
    lio = s.encounter.combatants["lio"]
    lio.turn_bonus = draw(st.sampled_from([0, 0, 3, -2]))  # R26
    lio.complement_bonus = draw(st.sampled_from([0, 0, 2]))  # A4
    if draw(st.booleans()):
        lio.limbs["right arm"] = "broken"  # A15
    for who in draw(st.lists(st.sampled_from(["lio", "markon"]), max_size=4)):
        command = AddEffect(
            targets=[who], name=f"E{draw(st.integers(0, 99))}", modifier=draw(roll_modifiers())
        )
        try:
            s.do(command, ScriptedDice([]))
        except CommandError:
            pass  # a skill the sheet lacks: the rules refuse it, as the dialog would say
    actions = ["Shoot", "Aim"] if draw(st.booleans()) else ["Shoot"]
    s.do(TakeOpportunity(actor="lio", actions=actions), ScriptedDice([]))
    return s


def rolled(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Each roll the engine makes, as it hands it to the dice."""
    seen: list[dict[str, Any]] = []
    real = engine_roll.roll_skill

    def caught(
        dice: Any, stat: int, count: int, goal: Any = None, mods: Any = (), **kw: Any
    ) -> Any:
        seen.append({"stat": stat, "dice": count, "goal": goal, "mods": tuple(mods)})
        return real(dice, stat, count, goal, mods, **kw)

    monkeypatch.setattr(engine_roll, "roll_skill", caught)
    return seen


@settings(max_examples=examples(150), deadline=None)
@given(s=fights(), goal=st.integers(0, 12), gm=st.integers(-3, 3), arm=st.booleans())
def test_an_attacks_preview_is_what_the_engine_rolls(
    s: Session, goal: int, gm: int, arm: bool
) -> None:
    enc = s.encounter
    lio, markon = enc.combatants["lio"], enc.combatants["markon"]
    limb = "right arm" if arm else None
    preview = preview_attack(enc, lio, lio.weapon("Blaster"), markon, goal=goal, gm=gm, limb=limb)
    assert preview is not None
    with pytest.MonkeyPatch.context() as patch:
        seen = rolled(patch)
        attack = Attack(
            attacker="lio", target="markon", weapon="Blaster", goal=goal, modifier=gm, limb=limb
        )
        s.do(attack, ScriptedDice([5] * 40))
    first = seen[0]
    assert (first["stat"], first["dice"], first["goal"]) == (
        preview.inputs.effective,
        preview.inputs.dice,
        preview.goal,
    )
    assert first["mods"] == preview.plan.modifiers


@settings(max_examples=examples(150), deadline=None)
@given(
    s=fights(),
    skill=st.sampled_from(["Shoot", "shoot", "Dodge", "Tactics"]),
    stat=st.sampled_from(["Dexterity", "wits", "Perception"]),
    dice=st.one_of(st.none(), st.integers(0, 6)),
    gm=st.integers(-3, 3),
)
def test_a_skill_rolls_preview_is_what_the_engine_rolls(
    s: Session, skill: str, stat: str, dice: int | None, gm: int
) -> None:
    enc = s.encounter
    lio = enc.combatants["lio"]
    preview = preview_roll(
        lio, skill=skill, stat=stat, goal=4, dice=dice, actions=turn_penalty(enc, lio), gm=gm
    )
    assert preview is not None
    with pytest.MonkeyPatch.context() as patch:
        seen = rolled(patch)
        command = SkillRollCommand(
            actor="lio", skill=skill, stat=stat, goal=4, dice=dice, modifier=gm
        )
        s.do(command, ScriptedDice([5] * 40))
    (only,) = seen
    assert (only["stat"], only["dice"], only["goal"]) == (
        preview.inputs.effective,
        preview.inputs.dice,
        preview.goal,
    )
    assert only["mods"] == preview.plan.modifiers


@settings(max_examples=examples(100), deadline=None)
@given(s=fights(), goal=st.integers(0, 8), gm=st.integers(-3, 3), dodge_gm=st.integers(-3, 3))
def test_a_dodges_preview_is_what_the_engine_rolls_A10(
    s: Session, goal: int, gm: int, dodge_gm: int
) -> None:
    """Markon's dodge, declared in Lio's attack: its roll, then the attack's at the goal its
    VS and the target's effects make (the odds' shift is the dodge's VS)."""
    enc = s.encounter
    lio, markon = enc.combatants["lio"], enc.combatants["markon"]
    dodge = Dodge(goal=goal, modifier=dodge_gm)
    mine = preview_roll(
        markon,
        skill=DODGE_SKILL,
        stat=DODGE_STAT,
        goal=dodge.goal,
        held=held_penalty(markon, dodge.use_held),
        gm=dodge.modifier,
    )
    attack = preview_attack(enc, lio, lio.weapon("Blaster"), markon, goal=3, gm=gm)
    assert mine is not None and attack is not None
    with pytest.MonkeyPatch.context() as patch:
        seen = rolled(patch)
        command = Attack(
            attacker="lio", target="markon", weapon="Blaster", goal=3, modifier=gm, dodge=dodge
        )
        s.do(command, ScriptedDice([5] * 40))
    dodged, struck = seen
    assert (dodged["stat"], dodged["dice"], dodged["goal"], dodged["mods"]) == (
        mine.inputs.effective,
        mine.inputs.dice,
        mine.goal,
        mine.plan.modifiers,
    )
    assert struck["mods"] == attack.plan.modifiers
    assert attack.goal is not None and struck["goal"] >= attack.goal  # + the dodge's VS


@settings(max_examples=examples(100), deadline=None)
@given(
    s=fights(),
    wp=st.integers(5, 9),
    ribs=st.booleans(),
    endurance_effect=st.integers(-3, 3),
)
def test_a_demise_checks_preview_is_what_the_engine_rolls_A16_R26(
    s: Session, wp: int, ribs: bool, endurance_effect: int
) -> None:
    """The check dialog's plan (`called_check_plan`: Endurance effects, never the turn's
    desperation, R26) and row are what the engine reads the check's faces with."""
    s.encounter.combatants["markon"].broken_ribs = ribs
    wound = ApplyWound(target="markon", wound_points=wp)  # 5+: A16's check
    check, plan, read = called_check(s, wound, "demise", endurance_effect, turn_bonus=2)
    markon = s.encounter.combatants["markon"]
    assert read == [(markon.stats["Endurance"], markon.effective("Endurance"), check.goal)]
    assert all("desperation" not in label for label, _ in plan.modifiers)  # R26


@settings(max_examples=examples(60), deadline=None)
@given(
    effects=st.lists(roll_modifiers(), max_size=3),
    gm=st.integers(-3, 3),
    use_held=st.booleans(),
    turn_bonus=st.sampled_from([0, 2]),
)
def test_a_parrys_preview_is_what_the_engine_rolls_A10(
    effects: list[EffectModifier], gm: int, use_held: bool, turn_bonus: int
) -> None:
    """Ava's Strike on Bo, who holds a Parry (A10): the parry dialog's preview (the sword's
    skill and stat, the held action's penalty, Bo's effects, R26) is what the engine rolls."""
    ava = fighter("ava", 5, skills={"Melee": 8, "Shoot": 3})
    bo = fighter("bo", 7, held_action="Parry", skills={"Melee": 8, "Shoot": 3, "Dodge": 3})
    bo.turn_bonus = turn_bonus
    bo.held_penalty = -2  # A8: what spending the held action costs its roll
    s = fight(5, ava, bo)
    for index, modifier in enumerate(effects):
        with contextlib.suppress(CommandError):  # a skill Bo lacks: refused, as the dialog says
            s.do(AddEffect(targets=["bo"], name=f"E{index}", modifier=modifier), ScriptedDice([]))
    s.do(TakeOpportunity(actor="ava", actions=["Strike"]), ScriptedDice([]))
    s.do(Attack(attacker="ava", target="bo", weapon="Sword", goal=3), ScriptedDice([10] * 8))
    pending = next(p for p in s.encounter.pending if p.kind == "parry")
    bo = s.encounter.combatants["bo"]
    sword = bo.weapon("Sword")
    preview = preview_roll(
        bo,
        skill=sword.skill,
        stat=sword.stat,
        goal=pending.goal,
        held=held_penalty(bo, use_held),
        gm=gm,
    )
    assert preview is not None
    with pytest.MonkeyPatch.context() as patch:
        seen = rolled(patch)
        parry = Parry(pending=pending.id, weapon="Sword", modifier=gm, use_held=use_held)
        s.do(parry, ScriptedDice([5] * 20))
    first = seen[0]
    assert (first["stat"], first["dice"], first["goal"], first["mods"]) == (
        preview.inputs.effective,
        preview.inputs.dice,
        preview.goal,
        preview.plan.modifiers,
    )


@settings(max_examples=examples(60), deadline=None)
@given(s=fights(), wp=st.integers(4, 6), endurance_effect=st.integers(-3, 3))
def test_a_breakage_checks_preview_is_what_the_engine_rolls_A15_R26(
    s: Session, wp: int, endurance_effect: int
) -> None:
    """The check dialog's plan for a breakage roll (`called_check_plan`, R26 kept out) and
    its row are what the engine reads the faces with (caught at `read_breakage`)."""
    wound = ApplyWound(target="markon", wound_points=wp, location="left leg")
    _check, plan, read = called_check(s, wound, "breakage", endurance_effect, turn_bonus=-2)
    markon = s.encounter.combatants["markon"]
    assert read == [(markon.stats["Endurance"], markon.effective("Endurance"), wp)]
    assert all("desperation" not in label for label, _ in plan.modifiers)  # R26


def called_check(
    s: Session, wound: ApplyWound, kind: str, endurance_effect: int, turn_bonus: int
) -> tuple[Any, Any, list[tuple[int, int, int]]]:
    """Markon, with a turn's desperation result (R26) and maybe an Endurance effect, takes
    `wound`; its `kind` check is resolved with what the engine reads the faces with caught
    (`read_demise` / `read_breakage`): (the decision, the dialog's plan, [(dice, row, goal
    or WP)]), the plan checked to be the one the engine added."""
    markon = s.encounter.combatants["markon"]
    markon.turn_bonus = turn_bonus
    if endurance_effect:
        modifier = EffectModifier(target="stat", name="Endurance", amount=endurance_effect)
        s.do(AddEffect(targets=["markon"], name="Grit", modifier=modifier), ScriptedDice([]))
    s.do(wound, ScriptedDice([]))
    check = next(p for p in s.encounter.pending if p.kind == kind)
    plan = called_check_plan(markon)
    name = f"read_{kind}"
    real = getattr(pool_checks, name)
    read: list[tuple[int, int, int]] = []

    def caught(base: int, row: int, third: int, faces: Any, mods: Any = (), *a: Any) -> Any:
        read.append((base, row, third))
        assert tuple(mods) == plan.modifiers  # the plan the dialog shows is the one added
        return real(base, row, third, faces, mods, *a)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pool_checks, name, caught)
        s.do(ResolveCheck(pending=check.id), ScriptedDice([5] * 20))
    return check, plan, read


@settings(max_examples=examples(60), deadline=None)
@given(
    s=fights(),
    skills=st.tuples(st.sampled_from(ROLL_SKILLS), st.sampled_from(ROLL_SKILLS)),
    stats=st.tuples(st.sampled_from(ROLL_STATS), st.sampled_from(ROLL_STATS)),
)
def test_an_opposed_rounds_preview_is_what_the_engine_rolls_A6(
    s: Session, skills: tuple[str, str], stats: tuple[str, str]
) -> None:
    """The contest's odds (`contest_roll`: `preview_roll` with no goal, each side's effects
    and R26 result) are each side's roll in the engine's round."""
    enc = s.encounter
    start = OpposedStart(
        a="lio", a_skill=skills[0], a_stat=stats[0], b="markon", b_skill=skills[1], b_stat=stats[1]
    )
    previews = [
        preview_roll(enc.combatants[who], skill=skill, stat=stat, goal=None)
        for who, skill, stat in (("lio", skills[0], stats[0]), ("markon", skills[1], stats[1]))
    ]
    try:
        s.do(start, ScriptedDice([]))
    except CommandError:
        # refused for a stat off the sheet (no preview) or no dice on either side (A6)
        assert None in previews or not any(p.inputs.dice for p in previews if p)
        return
    with pytest.MonkeyPatch.context() as patch:
        seen = rolled(patch)
        s.do(OpposedRound(), ScriptedDice([5] * 40))
    assert [(r["stat"], r["dice"], r["goal"], r["mods"]) for r in seen] == [
        (p.inputs.effective, p.inputs.dice, None, p.plan.modifiers) for p in previews if p
    ]

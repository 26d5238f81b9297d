"""An effect's modifier enters the one roll planner: rolls, odds and the log show it (issue 15)."""

from __future__ import annotations

from rules.engine.roll_plan import Modifier, attack_goal_modifiers, modifier_text, plan_roll
from rules.model.commands import Attack, SkillRollCommand, TakeOpportunity
from rules.model.effect_commands import AddEffect
from rules.model.effects import EffectModifier
from rules.odds.skill import chance_of_success
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import stunned
from tests.support.engine_steps import do, refused


def _out_of_combat():  # type: ignore[no-untyped-def]
    return fight(0, fighter("lio", None), fighter("bo", None))


def test_every_roll_effects_join_the_plan_with_their_names() -> None:
    s = _out_of_combat()
    do(s, stunned("lio"))
    lio = s.encounter.combatants["lio"]
    plan = plan_roll(lio, gm=1)
    assert plan.modifiers == (Modifier("GM", 1), Modifier("Stunned", -2))
    assert modifier_text(plan.modifiers) == "+1 (GM) −2 (Stunned)"


def test_stat_and_skill_effects_only_on_rolls_made_on_them() -> None:
    s = _out_of_combat()
    do(
        s,
        AddEffect(
            targets=["lio"],
            name="Blinded",
            modifier=EffectModifier(target="stat", name="Dexterity", amount=-3),
        ),
    )
    do(
        s,
        AddEffect(
            targets=["lio"],
            name="Drilled",
            modifier=EffectModifier(target="skill", name="melee", amount=1),
        ),
    )
    lio = s.encounter.combatants["lio"]
    assert plan_roll(lio).modifiers == ()
    assert plan_roll(lio, skill="Shoot", stat="Wits").modifiers == ()
    assert plan_roll(lio, skill="Melee", stat="dexterity").modifiers == (
        Modifier("Blinded", -3),
        Modifier("Drilled", 1),
    )


def test_a_stat_effect_names_a_stat_of_the_sheet() -> None:
    s = _out_of_combat()
    refused(
        s,
        AddEffect(
            targets=["lio"],
            name="Dazed",
            modifier=EffectModifier(target="stat", name="Luck", amount=-1),
        ),
        "has no stat 'Luck'",
    )


def test_the_roll_and_its_log_carry_the_effect() -> None:
    s = _out_of_combat()
    do(s, stunned("lio"))
    (line,) = do(s, SkillRollCommand(actor="lio", skill="Melee", stat="Dexterity", goal=3), 5, 5, 5)
    assert "3 -2 (Stunned) = 1 vs goal 3" in line  # the roll's own arithmetic (A1)
    unstunned = _out_of_combat()
    (plain,) = do(
        unstunned, SkillRollCommand(actor="lio", skill="Melee", stat="Dexterity", goal=3), 5, 5, 5
    )
    assert "Stunned" not in plain


def test_the_odds_preview_moves_with_the_plan() -> None:
    s = _out_of_combat()
    do(s, stunned("lio"))
    lio = s.encounter.combatants["lio"]
    total = plan_roll(lio, skill="Melee", stat="Dexterity").total
    stunned_odds = chance_of_success(7, 3, 5, total)
    assert total == -2 and stunned_odds < chance_of_success(7, 3, 5, 0)


def test_attacks_against_the_bearer_have_their_goal_moved() -> None:
    s = fight(0, fighter("lio", 0), fighter("bo", 4))
    do(
        s,
        AddEffect(
            targets=["bo"], name="In cover", modifier=EffectModifier(target="attacked", amount=2)
        ),
    )
    bo = s.encounter.combatants["bo"]
    assert attack_goal_modifiers(bo) == (Modifier("In cover", 2),)
    assert plan_roll(bo).modifiers == ()  # not a modifier of its own rolls
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    lines = do(s, Attack(attacker="lio", target="bo", weapon="Sword", goal=3), 1, 1, 1)
    assert "vs goal 3 +2 (In cover) = 5" in lines[-1]

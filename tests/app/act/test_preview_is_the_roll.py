"""A dialog's odds are the roll's: the same modifiers the handler adds, the skill's and the
stat's effects among them, and the target's effects on the goal of attacks against it.

Before, an attacker with "Steady +1 Dexterity" and "Drilled +2 Shoot" previewed +0 while
the engine rolled +3, and "−2 to the goal of attacks against it" was missing from every
preview (the dialogs asked the roll planner without the roll's skill and stat).
"""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import TakeOpportunity
from rules.model.effect_commands import AddEffect
from rules.model.effects import EffectModifier
from tests.support.act_fixtures import SIZE, ActHost, a10, submit
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog, SkillRollDialog
from tracker.widgets.odds import OddsView


def effect(s: Session, who: str, name: str, target: str, amount: int, on: str | None) -> None:
    modifier = EffectModifier(target=target, name=on, amount=amount)  # type: ignore[arg-type]
    s.do(AddEffect(targets=[who], name=name, modifier=modifier), ScriptedDice([]))


def drilled_lio_and_a_marked_markon() -> Session:
    s = a10()
    effect(s, "lio", "Steady", "stat", 1, "Dexterity")
    effect(s, "lio", "Drilled", "skill", 2, "Shoot")
    effect(s, "lio", "Sore", "skill", -5, "Melee")  # another skill's: not this roll's
    effect(s, "markon", "Marked", "attacked", -2, None)
    s.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    return s


async def test_the_attack_previews_the_skills_and_stats_effects_and_the_targets() -> None:
    s = drilled_lio_and_a_marked_markon()
    app = ActHost(AttackDialog(s.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        await until(pilot, lambda: odds.modifier == 3 and odds.goal is not None)
        assert "+1 (Steady)" in odds.note and "+2 (Drilled)" in odds.note
        assert "goal −2 (Marked)" in odds.note
        shown_goal = odds.goal
        command = await submit(app, pilot)
    assert shown_goal == command.goal - 2  # type: ignore[attr-defined]
    lines = [e.text for e in s.do(command, ScriptedDice([5] * 6 + [5] * 3)).events]  # type: ignore[arg-type]
    rolled = next(line for line in lines if "rolls Shoot" in line)
    assert "+1 (Steady)" in rolled and "+2 (Drilled)" in rolled and "Sore" not in rolled
    assert any("−2 (Marked)" in line for line in lines), lines


async def test_the_skill_roll_previews_the_skills_and_stats_effects() -> None:
    s = drilled_lio_and_a_marked_markon()
    app = ActHost(SkillRollDialog(s.encounter, "lio", skill="Shoot", stat="Dexterity"))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        await until(pilot, lambda: odds.modifier == 3)
        assert "Sore" not in odds.note

"""A dialog's preview is drawn only from input the command would take (GM reports).

While a field is refused, the preview says to fix it instead of guessing a
number the engine would never use: odds from a goal of −2, a landing from a
cost of 0 (the damage dialog's preview: test_act_damage_preview.py).
"""

from __future__ import annotations

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, TakeOpportunity
from tests.support.act_fixtures import SIZE, ActHost, a10
from tests.support.attack_fights import melee_duel
from tests.support.modal_host import type_into, until
from tracker.modals.act import AttackDialog, OpportunityDialog, ParryDialog
from tracker.widgets.odds import OddsView


async def test_a_goal_of_minus_two_previews_no_odds() -> None:
    """The Attack refuses a goal below 0: the odds view has no goal and says to fix it."""
    session = a10()
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#goal")))
        await type_into(pilot, "#goal", "-2")
        odds = app.screen.query_one("#odds", OddsView)
        await until(pilot, lambda: "fix the goal" in odds.note)
        assert odds.goal is None
        assert "100%" not in str(odds.render())


async def test_an_action_cost_of_zero_previews_no_landing() -> None:
    """TakeOpportunity refuses a cost of 0 (R6: 1 or more): no `next at`, no track preview."""
    session = a10()
    app = ActHost(OpportunityDialog(session.encounter, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#actions")))
        app.screen.query_one("#actions").select("Aim")  # type: ignore[attr-defined]
        await type_into(pilot, "#cost", "0")
        summary = app.screen.query_one("#summary")
        await until(pilot, lambda: "cost" in str(summary.render()))
        text = str(summary.render())
        assert "next at" not in text, text
        assert "fix the cost" in text, text
        assert app.previews[-1:] in ([], [("lio", None)])


async def test_a_refused_modifier_previews_no_odds() -> None:
    """A modifier that is no number counts 0 nowhere: the attack's odds wait for a real one."""
    session = a10()
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#modifier")))
        await type_into(pilot, "#goal", "5")
        await type_into(pilot, "#modifier", "4x")
        odds = app.screen.query_one("#odds", OddsView)
        await until(pilot, lambda: "fix the modifier" in odds.note)
        assert odds.goal is None


async def test_a_refused_parry_modifier_previews_no_odds() -> None:
    """The parry's odds too: a modifier '4x' is no 0, the view waits for a number."""
    session = melee_duel(bo_ttu=3)  # 3 - Melee 3 = 0 <= 0: Bo may parry (A10)
    session.do(TakeOpportunity(actor="lio", actions=["Strike"]), ScriptedDice([]))
    session.do(Attack(attacker="lio", target="bo", weapon="Sword"), ScriptedDice([8, 6, 3]))
    pending = session.encounter.pending[0]
    app = ActHost(ParryDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#modifier")))
        odds = app.screen.query_one("#odds", OddsView)
        await until(pilot, lambda: odds.goal == pending.goal)
        await type_into(pilot, "#modifier", "4x")
        await until(pilot, lambda: "fix the modifier" in odds.note)
        assert odds.goal is None

"""The attack dialog's dodge takes its own special die and exertion (A5, A10, C, R16)."""

from __future__ import annotations

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, TakeOpportunity
from rules.odds.declared import roll_distribution, victory_distribution
from tests.support.act_fixtures import SIZE, ActHost, a10, submit
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog
from tracker.modals.act.common import SpecialPicker
from tracker.widgets.odds import OddsView


async def test_markon_dodges_with_a_chance_die_and_exertion_and_the_odds_know() -> None:
    """A10 seed: Markon (Dodge 6, Dex 7) may dodge Lio at 13; C1 + A5 on the dodge."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: not app.screen.query_one("#dodge-exert").disabled)
        app.screen.query_one("#dodge").value = "hit the floor"
        picker = app.screen.query_one("#dodge-special", SpecialPicker)
        assert not app.screen.query_one("#dodge-special-chance-combat").disabled
        app.screen.query_one("#dodge-special-chance-combat").value = True
        app.screen.query_one("#dodge-exert").value = True
        await until(pilot, lambda: picker.kind == "chance-combat")
        odds = app.screen.query_one(OddsView)
        markon = session.encounter.combatants["markon"]
        dist = roll_distribution(markon.effective("Dexterity"), 6, 0, True, "chance-combat")
        want = tuple(sorted(victory_distribution(dist, 8).items()))
        await until(pilot, lambda: odds.goal_shift == want)
        command = await submit(app, pilot)
    assert isinstance(command, Attack) and command.dodge is not None
    assert (command.dodge.special, command.dodge.exert) == ("chance-combat", True)
    assert command.special is None  # the attacker's own picker is untouched
    # the chance d10 7, Dodge 6d10 all 1s: 0 + 7 + exert 7 = 14 vs 8 → VS 6; Lio 6d10
    applied = session.do(command, ScriptedDice([7] + [1] * 6 + [10] * 6))
    texts = [e.text for e in applied.events]
    assert any("+7 (combat chance die, C1) +7 (exert, A5) = 14 vs goal 8" in t for t in texts)


async def test_the_dodge_picker_is_the_dodgers_own_one_kind_a_turn() -> None:
    """C: Markon used a luck die this turn: its dodge may not take a chance die; Lio's
    attack (its own pool +2) may take a luck die that Markon's dodge shows as refused."""
    session = a10(lio_over={"luck": 2}, special_used="luck")
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: not app.screen.query_one("#dodge-exert").disabled)
        screen = app.screen
        assert not screen.query_one("#special-luck").disabled  # Lio's
        assert screen.query_one("#dodge-special-chance-combat").disabled  # Markon's (C)
        assert "a luck die was used this turn (C)" in str(
            screen.query_one("#dodge-special-chance-combat").label
        )
        title = screen.query_one("#dodge-special-title")
        assert str(title.render()) == "Markon's special die on the dodge (C):"


async def test_the_dodge_s_own_die_and_exertion_show_once_a_dodge_is_declared() -> None:
    """Until the GM declares a dodge they are clutter (and a taller dialog); then they show."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await until(pilot, lambda: not screen.query_one("#dodge-exert").disabled)
        parts = ("#dodge-exert", "#dodge-special-title", "#dodge-special")
        assert not any(screen.query_one(part).display for part in parts)
        screen.query_one("#dodge").value = "hit the floor"
        await until(pilot, lambda: all(screen.query_one(part).display for part in parts))

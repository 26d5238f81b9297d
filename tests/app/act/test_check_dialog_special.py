"""The breakage/demise check dialog takes a declared die (Part C, C2), odds included."""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, ResolveCheck
from rules.model.state import Combatant, Encounter
from rules.odds.declared import at_least, roll_distribution
from tests.support.act_fixtures import SIZE, ActHost, submit
from tests.support.modal_host import until
from tracker.modals.act import CheckDialog
from tracker.modals.act.common import SpecialPicker
from tracker.widgets.odds import OddsView


def wounded() -> tuple[Session, int]:
    """Kans (Endurance 5, luck +1) takes 6 WP to the chest: a demise check at goal 5."""
    kans = Combatant(id="k", name="Kans", stats={"Endurance": 5, "Wits": 6}, luck=1)
    session = Session(Encounter(combatants={"k": kans}))
    session.do(ApplyWound(target="k", wound_points=6, location="chest"), ScriptedDice([]))
    return session, next(p.id for p in session.encounter.pending if p.kind == "demise")


async def test_a_demise_check_declares_a_luck_die_and_its_odds_include_it() -> None:
    session, pending = wounded()
    app = ActHost(CheckDialog(session.encounter, pending))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        await until(pilot, lambda: odds.shown is not None and odds.summary is not None)
        assert not app.screen.query_one("#special-luck").disabled
        await pilot.click("#special-luck")
        await until(pilot, lambda: app.screen.query_one(SpecialPicker).kind == "luck")
        await until(pilot, lambda: odds.special == "luck" and odds.summary is not None)
        await until(pilot, lambda: odds.shown == odds.inputs())
        assert odds.summary is not None
        expected = at_least(roll_distribution(3, 5, 0, False, "luck", True), 5)
        assert odds.summary.chance == expected  # Endurance 3 row (6 WP), 5 dice, the luck die
        command = await submit(app, pilot)
    assert command == ResolveCheck(pending=pending, special="luck")
    applied = session.do(command, ScriptedDice([8, 6, 4, 1, 1, 1, 1, 1]))
    assert "+10 (luck die, C2) = 10 vs goal 5 → survives" in applied.events[-1].text

"""A15 in the dialogs: a roll that uses a broken limb shows -4 in the odds and says so."""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import SkillRollCommand
from rules.model.state import Combatant, Encounter
from tests.support.act_fixtures import SIZE, ActHost, stats, submit
from tests.support.modal_host import until
from tracker.modals.act import SkillRollDialog
from tracker.widgets.odds import OddsView


async def test_a_broken_arm_costs_4_in_the_odds_and_1_wp_after_the_roll() -> None:
    kans = Combatant(
        id="kans",
        name="Kans",
        stats=stats(Dexterity=7),
        skills={"Melee": 4},
        limbs={"left arm": "broken", "right leg": "severed"},
    )
    session = Session(Encounter(combatants={"kans": kans}))
    app = ActHost(SkillRollDialog(session.encounter, "kans", skill="Melee", stat="Dexterity"))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        await until(pilot, lambda: odds.summary is not None)
        before = odds.modifier
        app.screen.query_one("#limb").value = "right leg"
        await pilot.pause()
        command, errors = app.screen.validate_form()  # type: ignore[attr-defined]
        assert command is None and "severed: it cannot be used (A15)" in errors["form"]
        app.screen.query_one("#limb").value = "left arm"
        await until(pilot, lambda: odds.modifier == before - 4)
        command = await submit(app, pilot)
    assert isinstance(command, SkillRollCommand) and command.limb == "left arm"
    session.do(command, ScriptedDice([8, 8, 8, 8]))
    assert session.encounter.combatants["kans"].wounds[-1].wp == 1  # A15: +1 WP

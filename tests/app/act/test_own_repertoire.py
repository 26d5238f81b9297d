"""`s` and `k` open on the combatant's own sheet: a skill's usual stat is picked, the
Anima check opens on the list the sheet holds, with its names and values shown."""

from __future__ import annotations

from textual.widgets import Input, Select, Static

from rules.model.commands import AnimaCheck, SkillRollCommand
from rules.model.state import Combatant, Encounter
from tests.support.act_fixtures import SIZE, ActHost, stats, submit
from tests.support.modal_host import until
from tracker.modals.act import AnimaDialog, SkillRollDialog


def seer() -> Combatant:
    return Combatant(
        id="seer",
        name="Seer",
        stats=stats(Perception=8),
        skills={"Observe": 5, "Shoot": 3},
        skill_stats={"Observe": "Perception", "Shoot": "Dexterity"},
        resistances={"Psi": 40},
    )


def encounter() -> Encounter:
    return Encounter(combatants={"seer": seer()})


async def test_the_skill_roll_opens_on_the_skills_usual_stat() -> None:
    app = ActHost(SkillRollDialog(encounter(), "seer"))
    async with app.run_test(size=SIZE) as pilot:
        stat = app.screen.query_one("#stat", Select)
        await until(pilot, lambda: stat.value == "Perception")
        app.screen.query_one("#skill", Input).value = "shoot"
        await until(pilot, lambda: stat.value == "Dexterity")
        command = await submit(app, pilot)
    assert isinstance(command, SkillRollCommand)
    assert (command.skill, command.stat) == ("shoot", "Dexterity")


async def test_a_stat_given_by_the_action_is_kept() -> None:
    app = ActHost(SkillRollDialog(encounter(), "seer", skill="Observe", stat="Wits"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#stat", Select).value == "Wits"


async def test_the_anima_check_opens_on_the_sheets_own_list() -> None:
    app = ActHost(AnimaDialog(encounter(), "seer"))
    async with app.run_test(size=SIZE) as pilot:
        name = app.screen.query_one("#name", Input)
        await until(pilot, lambda: name.value == "Psi")
        assert app.screen.query_one("#kind", Select).value == "resistance"
        shown = str(app.screen.query_one("#own-list", Static).render())
        assert "Psi 40" in shown
        app.screen.query_one("#difficulty", Input).value = "0"
        command = await submit(app, pilot)
    assert isinstance(command, AnimaCheck)
    assert (command.kind, command.name, command.value) == ("resistance", "Psi", None)

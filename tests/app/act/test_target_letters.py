"""The target field takes a name typed with its space (issue 27): "decados a" picks the
Decados archer over the Decados guard. Before, the space opened the list mid-name.
A space alone still opens the list, as on any drop-down.
"""

from __future__ import annotations

from textual.widgets import Select

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import TakeOpportunity
from rules.model.state import Encounter
from tests.support.act_fixtures import SIZE, ActHost, lio, markon
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog


def two_decados() -> ActHost:
    from rules.engine.apply import apply

    guard = markon(ttu=14).model_copy(update={"id": "guard", "name": "Decados guard"})
    archer = markon(ttu=15).model_copy(update={"id": "archer", "name": "Decados archer"})
    people = [lio(ttu=13), guard, archer]
    enc = Encounter(in_combat=True, time=13, due=["lio"], combatants={c.id: c for c in people})
    apply(enc, TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    return ActHost(AttackDialog(enc, "lio", "Blaster"))


async def test_a_space_within_a_typed_name_is_part_of_it() -> None:
    app = two_decados()
    async with app.run_test(size=SIZE) as pilot:
        target = app.screen.query_one("#target", Select)
        target.focus()
        await until(pilot, lambda: target.value == "guard")  # next on the track
        await pilot.press(*"decados a")
        await until(pilot, lambda: target.value == "archer")
        assert not target.expanded


async def test_a_space_alone_opens_the_list() -> None:
    app = two_decados()
    async with app.run_test(size=SIZE) as pilot:
        target = app.screen.query_one("#target", Select)
        target.focus()
        await until(pilot, lambda: target.has_focus)
        await pilot.press("space")
        await until(pilot, lambda: target.expanded)

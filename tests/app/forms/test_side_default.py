"""A new sheet starts on the side of the last one added, a PC in an empty encounter
(issue 27: every `+` said enemy, even for the third PC of a party's encounter)."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from rules.engine.questions import default_side
from rules.model.commands import AddCombatant
from rules.model.state import Combatant, Encounter, Side
from tests.support.modal_host import Host, type_into, until
from tracker.modals.combatant_form import CombatantForm


def cast(*sides: Side) -> Encounter:
    people = {
        f"c{i}": Combatant(id=f"c{i}", name=f"Someone {i}", side=s) for i, s in enumerate(sides)
    }
    return Encounter(combatants=people, next_id=len(sides))


@pytest.mark.parametrize(
    ("sides", "expected"),
    [((), "PC"), (("PC", "PC"), "PC"), (("PC", "enemy"), "enemy"), (("enemy", "ally"), "ally")],
)
def test_the_default_is_the_last_added_side(sides: tuple[Side, ...], expected: Side) -> None:
    assert default_side(cast(*sides)) == expected


async def test_the_third_pc_of_a_party_starts_as_a_pc() -> None:
    app = Host(CombatantForm(cast("PC", "PC"), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#side")))
        assert app.screen.query_one("#side", Select).value == "PC"
        await type_into(pilot, "#name", "Sir Ulric")
        await pilot.press("ctrl+s")  # the sheet saves on ctrl+s (Enter moves on)
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant) and command.combatant.side == "PC"

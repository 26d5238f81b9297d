"""The combatant form at 80 columns: an action's TU and a weapon's damage show whole (R6).

The cells were 4 wide (2 after the compact input's padding), so a cost of
12 read as "2" (`Hack  2  other`). They now hold 3 digits and the cursor,
and every action of the repertoire is in the list (it once took a share of
the height, hiding the last rows).
"""

from __future__ import annotations

from textual.widgets import Input

from rules.model.state import Action, Combatant, Encounter, Weapon
from tests.support.modal_host import Host, until
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.combatant_rows import ActionRow

AXE = Weapon(name="Great axe", skill="Melee", stat="Strength", damage=12, kind="melee")
ACTIONS = [
    Action(name="Hack", kind="other", cost=12),
    Action(name="Dodge", kind="dodge", cost=2),
    Action(name="Parry", kind="parry", cost=2),
    Action(name="Move", cost=3),
    Action(name="Wait", cost=1),
    Action(name="Shout", cost=4),
]


def drawn(cell: Input) -> str:
    """The text the cell shows on screen (not its value)."""
    return "".join(seg.text for seg in cell.render_line(0)).strip()


async def test_a_cost_of_12_and_a_damage_of_12_show_both_digits_at_80x24() -> None:
    brute = Combatant(id="brute", name="Brute", weapons=[AXE], actions=ACTIONS)
    app = Host(CombatantForm(Encounter(combatants={"brute": brute}), "brute"))
    async with app.run_test(size=(80, 24)) as pilot:
        cost = app.screen.query(".a-cost").results(Input)
        first = next(iter(cost))
        await until(pilot, lambda: first.region.width > 0 or first.size.width > 0)
        damage = app.screen.query_one(".w-damage", Input)
        assert drawn(first) == "12"
        assert drawn(damage) == "12"
        for cell in (first, damage):
            cell.focus()
            cell.value = "120"  # three digits and the cursor after them
            cell.cursor_position = 3
            await pilot.pause()
            assert "120" in drawn(cell)


async def test_every_action_row_is_in_the_form_at_80x24() -> None:
    brute = Combatant(id="brute", name="Brute", weapons=[AXE], actions=ACTIONS)
    app = Host(CombatantForm(Encounter(combatants={"brute": brute}), "brute"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = list(app.screen.query(ActionRow))
        assert len(rows) == len(ACTIONS)
        for name in ("#actions", "#weapons"):  # the lists are as tall as their rows
            box = app.screen.query_one(name)
            assert box.size.height == sum(row.outer_size.height for row in box.children)

"""Form text bound for a pydantic model is read by the same digit rule as every field.

Pydantic reads numeric text its own way: '1_0' is 10, '3.0' is 3, and a luck
pool of 4,000 digits passed (only past 4,300 does it refuse). Those reached the
sheet, the luck and the heal commands; now each is refused under its field.
"""

from __future__ import annotations

from textual.widgets import Input

from rules.model.state import Combatant, Encounter
from tests.support.modal_host import Host, shown, until
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.heal import HealForm
from tracker.modals.luck import LuckForm

SIZE = (120, 40)


def kans() -> Encounter:
    c = Combatant(id="c1", name="Kans", stats={"Endurance": 7, "Wits": 7}, bleed_rate=2, luck=3)
    return Encounter(combatants={"c1": c})


def fill(app: Host, values: dict[str, str]) -> None:
    for selector, text in values.items():
        app.screen.query_one(selector, Input).value = text


async def test_the_sheet_refuses_numbers_pydantic_would_take() -> None:
    app = Host(CombatantForm(kans(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        fill(app, {"#luck": "9" * 4000, "#stat-3": "3.0", "#skills": "Melee 1_0"})
        await until(pilot, lambda: shown(app, "luck") != "")
        too_long = f"'{'9' * 24}'… (4000 characters) is too long: at most 9 digits"
        assert shown(app, "luck") == too_long
        assert shown(app, "stats") == "Wits: '3.0' is not a number"
        assert shown(app, "skills") == "skill 'Melee': '1_0' is not a number"
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []


async def test_luck_and_heal_refuse_them_too() -> None:
    app = Host(LuckForm(kans(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        fill(app, {"#amount": "1_0"})
        await until(pilot, lambda: shown(app, "amount") != "")
        assert shown(app, "amount") == "'1_0' is not a number"
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
    app = Host(HealForm(kans(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        fill(app, {"#staunch-amount": "0_1"})
        app.screen.query_one("#care").value = "staunch"  # type: ignore[attr-defined]
        await until(pilot, lambda: shown(app, "staunch-amount") != "")
        assert shown(app, "staunch-amount") == "'0_1' is not a number"
        app.screen.action_submit()  # type: ignore[attr-defined]
        await pilot.pause()
        assert app.results == []

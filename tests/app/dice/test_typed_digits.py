"""`²` is an ordinary key on a French keyboard, and `'²'.isdigit()` is true: typed into
the dice prompt or the roll's goal it used to reach `int()` and crash the app.
Now it is refused like any other text that is not ASCII digits, with a message
under the field, and nothing is returned.
"""

from __future__ import annotations

from rules.engine.session import Session
from rules.model.state import Combatant, Encounter
from tests.support.act_fixtures import SIZE, ActHost, stats
from tests.support.modal_host import Host, shown, type_into, until
from tracker.modals.act import SkillRollDialog
from tracker.modals.dice_entry import DiceEntry


async def test_a_superscript_two_in_the_dice_prompt_is_refused() -> None:
    app = Host(DiceEntry("Notice check: Kans", 10, 1))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#faces", "²")
        await until(pilot, lambda: shown(app, "faces") != "")
        assert shown(app, "faces") == "die 1: '²' is not a number (type the digits 0-9)"
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        assert app.screen.refusals == 1  # type: ignore[attr-defined]


async def test_a_superscript_two_as_the_goal_is_refused() -> None:
    kans = Combatant(id="k", name="Kans", stats=stats(Wits=6), skills={"Sneak": 3})
    session = Session(Encounter(combatants={"k": kans}))
    app = ActHost(SkillRollDialog(session.encounter, "k", skill="Sneak", stat="Wits"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#goal", "²")
        await until(pilot, lambda: shown(app, "goal") != "")
        assert shown(app, "goal") == "'²' is not a number (type the digits 0-9)"
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []

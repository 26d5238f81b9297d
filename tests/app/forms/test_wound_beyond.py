"""A manual wound of more WP than any wound deals (A2: Eviscerate 6) asks first.

Before, `w` took 7 WP silently. Now the dialog says "more than a wound deals",
refuses Enter and shows a checkbox; ticked, the wound applies as typed.
"""

from __future__ import annotations

from rules.mechanics.wounds import MAX_WOUND_WP
from rules.model.commands import ApplyWound
from rules.model.state import Combatant, Encounter
from tests.support.modal_host import Host, save_disabled, shown, type_into, until
from tracker.modals.wound import WoundForm

SIZE = (100, 30)


def kans() -> Encounter:
    return Encounter(combatants={"k": Combatant(id="k", name="Kans")})


async def test_one_wp_past_the_most_is_refused_until_confirmed_A2() -> None:
    app = Host(WoundForm(kans(), "k"))
    async with app.run_test(size=SIZE) as pilot:
        beyond = app.screen.query_one("#beyond")
        assert not beyond.display
        await type_into(pilot, "#wp", str(MAX_WOUND_WP + 1))
        await until(pilot, lambda: "more than a wound deals" in shown(app, "wp"))
        assert f"Eviscerate {MAX_WOUND_WP}" in shown(app, "wp")
        assert beyond.display and save_disabled(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        beyond.focus()
        await pilot.press("space")
        await until(pilot, lambda: not save_disabled(app))
        assert shown(app, "wp") == ""
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [ApplyWound(target="k", wound_points=MAX_WOUND_WP + 1)]


async def test_the_most_a_wound_deals_needs_no_confirmation_A2() -> None:
    app = Host(WoundForm(kans(), "k"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#wp", "Eviscerate")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [ApplyWound(target="k", wound_points=MAX_WOUND_WP)]

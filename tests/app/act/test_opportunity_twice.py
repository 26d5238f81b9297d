"""Issue 27: an action taken twice in one opportunity (`2` on its row), where two knife
attacks needed a second copy of the action in the sheet (about 61 Tabs to add one)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import SelectionList

from rules.engine.turns import next_action
from rules.model.commands import TakeOpportunity
from tests.support.act_fixtures import SIZE, ActHost, a10, submit
from tests.support.demo import demo_app, enter_through_each_dialog, kans_due
from tests.support.modal_host import until
from tracker.modals.act import OpportunityDialog
from tracker.modals.act.opportunity import TWICE


def prompts(actions: SelectionList[str]) -> list[str]:
    return [str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)]


async def test_two_takes_the_highlighted_action_twice_and_again_once_A8() -> None:
    session = a10()
    app = ActHost(OpportunityDialog(session.encounter, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        actions = app.screen.query_one("#actions", SelectionList)
        actions.focus()
        await until(pilot, lambda: actions.highlighted is not None)
        shoot = actions.get_option_at_index(actions.highlighted).value
        await pilot.press("2")
        await until(pilot, lambda: actions.selected == [shoot])
        assert any(p.endswith(TWICE) for p in prompts(actions))
        summary = str(app.screen.query_one("#summary").render())
        assert "2 action(s)" in summary  # A8: each counts toward the three
        await pilot.press("2")  # once again
        await until(pilot, lambda: not any(p.endswith(TWICE) for p in prompts(actions)))
        await pilot.press("2")
        await until(pilot, lambda: any(p.endswith(TWICE) for p in prompts(actions)))
        command = await submit(app, pilot)
    assert command == TakeOpportunity(actor="lio", actions=[shoot, shoot])


async def test_twice_beside_two_others_is_refused_and_unticking_drops_it_A8() -> None:
    session = a10()
    app = ActHost(OpportunityDialog(session.encounter, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        actions = app.screen.query_one("#actions", SelectionList)
        actions.focus()
        await until(pilot, lambda: actions.highlighted is not None)
        actions.highlighted = 0
        await pilot.press("space", "down", "space", "down")  # Shoot and Aim ticked
        await until(pilot, lambda: len(actions.selected) == 2)
        await pilot.press("2")  # Dodge twice beside them: four actions, refused
        await until(pilot, lambda: "at most 3 actions" in app.screen.notice)
        assert not any(p.endswith(TWICE) for p in prompts(actions))
        assert actions.selected == ["Shoot", "Aim"]
        await pilot.press("up", "space")  # Aim unticked: Shoot alone
        await until(pilot, lambda: actions.selected == ["Shoot"])
        await pilot.press("up", "2")  # Shoot twice: two actions
        await until(pilot, lambda: prompts(actions)[0].endswith(TWICE))
        await pilot.press("space")  # Shoot unticked: no longer twice either
        await until(pilot, lambda: not actions.selected)
        assert not any(p.endswith(TWICE) for p in prompts(actions))


async def test_two_knife_attacks_in_one_opportunity_each_open_their_dialog(
    tmp_path: Path,
) -> None:
    """a, 2, enter: Kans attacks twice with the knife, each attack opening by itself."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await kans_due(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        actions = app.screen.query_one("#actions", SelectionList)
        await until(pilot, lambda: actions.highlighted is not None)
        attack = actions.get_option_at_index(actions.highlighted).value
        await pilot.press("2")
        await until(pilot, lambda: actions.selected == [attack])
        await pilot.press("enter")
        enc = app.session.encounter
        await until(pilot, lambda: enc.turn is not None)
        assert enc.turn.actions == [attack, attack]
        opened = await enter_through_each_dialog(pilot)
        assert opened.count("AttackDialog") == 2, opened
        assert next_action(enc) is None and enc.turn is None

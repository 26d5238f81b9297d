"""Issue 14: the common attack in four keys, and a multi-action turn that always goes on.

`a` opens the opportunity with its first attack highlighted; Enter with
nothing ticked takes the highlighted action alone (space still ticks
several). After each action the next declared one opens by itself (A8).
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import SelectionList

from rules.engine.turns import next_action
from rules.model.commands import TakeOpportunity
from rules.model.state import Action
from tests.support.act_fixtures import SIZE, ActHost, a10, submit
from tests.support.demo import demo_app, enter_through_each_dialog, kans_due
from tests.support.modal_host import until
from tracker.modals.act import OpportunityDialog


async def test_enter_alone_takes_the_highlighted_first_attack_A8() -> None:
    """Failed before: enter with nothing ticked was refused ("pick 1 to 3 actions")."""
    session = a10()
    lio = session.encounter.combatants["lio"]
    lio.actions = [Action(name="Look", cost=2), *lio.actions]  # an attack, but not first
    app = ActHost(OpportunityDialog(session.encounter, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        actions = app.screen.query_one("#actions", SelectionList)
        await until(pilot, lambda: actions.highlighted == 1)  # Shoot, not Aim
        await until(pilot, lambda: app.previews and app.previews[-1] == ("lio", 16))
        command = await submit(app, pilot)
    assert command == TakeOpportunity(actor="lio", actions=["Shoot"])


async def test_ticked_actions_win_over_the_highlight_A8() -> None:
    session = a10()
    app = ActHost(OpportunityDialog(session.encounter, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        actions = app.screen.query_one("#actions", SelectionList)
        actions.focus()
        await pilot.press("down", "space")  # Aim ticked, the cursor left on it
        await until(pilot, lambda: actions.selected == ["Aim"])
        await pilot.press("down")
        command = await submit(app, pilot)
    assert command == TakeOpportunity(actor="lio", actions=["Aim"])


async def test_every_declared_action_opens_by_itself_A8(tmp_path: Path) -> None:
    """Kans takes pistol and knife (space, down, space, enter); from then on only Enter:
    each attack, parry question and damage opens on its own until the turn is done."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await kans_due(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("space", "down", "space")
        actions = app.screen.query_one("#actions", SelectionList)
        await until(pilot, lambda: len(actions.selected) == 2)
        await pilot.press("enter")
        enc = app.session.encounter
        opened = await enter_through_each_dialog(pilot)
        assert opened.count("AttackDialog") == 2, opened
        assert next_action(enc) is None and not enc.pending
        assert enc.turn is None

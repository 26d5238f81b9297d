"""The selection follows whoever acts now, from the very start of combat (R5, A7).

After `b` nobody's opportunity is opened until `n`, yet `a` acts for the first
of those due at this time: the roster selection and the detail pane go to
that combatant, so `a` right after `b` acts for the selected one with no
"Not the selected combatant" notice. A GM who then selects another tied
combatant keeps that choice until the one acting now changes.
"""

from __future__ import annotations

from pathlib import Path

from rules.model.commands import StartCombat
from tests.app.main_screen.test_act_selected_in_tie import select, tie_file
from tests.support.act_fixtures import SIZE
from tests.support.modal_host import until
from tracker.app import make_app
from tracker.modals.act import OpportunityDialog
from tracker.screens.main import MainScreen
from tracker.widgets.detail import CombatantDetail


async def test_after_begin_combat_the_starter_is_selected_and_a_acts_for_it(
    tmp_path: Path,
) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        main = await select(pilot, app, "kans")  # the GM's cursor is elsewhere
        app.run_command(StartCombat(initiators=["dinzis"]))
        await until(pilot, lambda: main.selected == "dinzis", timeout=5)
        assert main.query_one(CombatantDetail)._shown[0] == "dinzis"  # noqa: SLF001
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        assert app.screen.actor.id == "dinzis"
        said = [n.title for n in app._notifications]
        assert "Not the selected combatant" not in said


async def test_a_gm_choice_in_the_same_moment_is_kept_R5(tmp_path: Path) -> None:
    app = make_app(tie_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        main = await select(pilot, app, "dinzis")  # Kans is opened; Dinzis is tied
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("space", "enter")
        await until(pilot, lambda: bool(app.session.done))
        await pilot.pause()
        assert main.selected == "dinzis"  # Kans still acts now: the GM's pick stands

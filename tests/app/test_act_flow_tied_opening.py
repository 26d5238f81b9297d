"""In an R5 tie, taking a not-yet-opened tied combatant's opportunity goes on to its roll.

At track 3 Kans has been opened (`n`) and Dinzis, tied with him, has not.
The GM selects Dinzis and takes her opportunity with an attack: the engine
opens her implicitly (R5) and the flow must carry on to the attack dialog
at once, as it does for the opened combatant, not wait for a second `a`.
"""

from __future__ import annotations

from pathlib import Path

from tests.app.act_fixtures import SIZE
from tests.app.modal_host import until
from tests.app.test_act_selected_in_tie import select, tie_file
from tracker.app import make_app
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.screens.main import MainScreen


async def test_taking_a_tied_unopened_opportunity_opens_its_attack_R5(tmp_path: Path) -> None:
    app = make_app(tie_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await select(pilot, app, "dinzis")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("space", "enter")  # Stab
        await until(pilot, lambda: bool(app.session.done))
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), timeout=5)
        assert app.screen.attacker.id == "dinzis"

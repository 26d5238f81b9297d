"""One act dialog follows the other with no frame of the main screen between (issue 27:
dialog_open_ms). Before, the answer's command was applied and the next dialog waited
for its CommandApplied message: the main screen was laid out and drawn in between,
a whole frame's work (tens of ms at 200 combatants) before the next dialog began.
Every frame the app draws is recorded with the screen it shows.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.demo import SIZE, demo_app, dinzis_due
from tests.support.modal_host import until
from tracker.app.act_flow import ActFlow
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.screens.main import MainScreen


def follows(shown: list[str], first: str) -> list[str]:
    """The screens drawn after the last frame of `first`, up to the next dialog's."""
    last = max(i for i, name in enumerate(shown) if name == first)
    after: list[str] = []
    for name in shown[last + 1 :]:
        after.append(name)
        if name != "MainScreen":
            break
    return after


async def test_the_attack_goes_straight_to_the_next_dialog(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    shown: list[str] = []
    display = app._display

    def recorded(screen: object, renderable: object) -> None:
        shown.append(type(screen).__name__)
        display(screen, renderable)  # type: ignore[arg-type]

    app._display = recorded  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("space", "enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog) and app.screen.is_mounted)
        await until(pilot, lambda: "AttackDialog" in shown)
        await pilot.press("enter")
        await until(pilot, lambda: shown[-1] in ("ParryDialog", "DamageDialog"))
        assert follows(shown, "AttackDialog") == [shown[-1]], follows(shown, "AttackDialog")
        flow: ActFlow = app.act_flow
        await until(pilot, lambda: not flow.coming())  # its late messages are passed over
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert not flow.coming()  # nothing is left waiting: the banner offers `d` again

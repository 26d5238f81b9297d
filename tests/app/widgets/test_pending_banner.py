"""The decision banner never asks for `d` while a dialog is open over the main screen.

With the decision's own dialog open (opened by `d`, or by the act flow on its
own), a `d` goes into that dialog's first field: "After the shield d", or a
demise goal (R15) replaced by "d". So the banner then says the decision is
answered in the open dialog, and goes back to "press d" once it is closed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.model.commands import ApplyWound
from tests.support.act_fixtures import SIZE, fight_file
from tests.support.modal_host import until
from tracker.app.tracker_app import make_app
from tracker.modals.act import CheckDialog
from tracker.screens.main import MainScreen
from tracker.widgets.pending_banner import PendingBanner


def banner(app: object) -> str:
    main = next(s for s in app.screen_stack if isinstance(s, MainScreen))  # type: ignore[attr-defined]
    return str(main.query_one(PendingBanner).render())


async def test_the_banner_stops_offering_d_while_the_check_is_open_A15_R15(
    tmp_path: Path,
) -> None:
    app = make_app(fight_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        app.run_command(ApplyWound(target="markon", wound_points=5, location="chest"))
        await until(pilot, lambda: "press d to answer" in banner(app))
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, CheckDialog))
        await until(pilot, lambda: "answer it in the open dialog" in banner(app))
        assert "press d" not in banner(app)
        goal = app.screen.query_one("#goal")
        assert goal.value == "7"  # A15: 2 + 5 WP, prefilled
        await pilot.press("escape")  # the check stays pending
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: "press d to answer" in banner(app))


async def test_any_dialog_over_the_main_screen_hides_the_d_hint(tmp_path: Path) -> None:
    """Help open over a pending decision: `d` would not answer it, so it is not offered."""
    app = make_app(fight_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        app.run_command(ApplyWound(target="markon", wound_points=5, location="chest"))
        await until(pilot, lambda: "press d to answer" in banner(app))
        await pilot.press("question_mark")
        await until(pilot, lambda: not isinstance(app.screen, MainScreen))
        await until(pilot, lambda: "press d" not in banner(app))
        assert "DECISION" in banner(app)  # the decision itself is still shown
        await pilot.press("escape")
        await until(pilot, lambda: "press d to answer" in banner(app))


async def test_the_banner_is_found_without_matching_every_widget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The act flow and the main screen reword the banner three times between a roll and
    its dialog; each used to be a type query matching every widget of the main screen
    against CSS (0.8 ms at 200 combatants: issue 27, dialog_open_ms). Found by id now:
    the main screen's banner, and none on a dialog; no query runs while the check opens."""
    from tests.support.queries import recorded_queries
    from tracker.widgets.pending_banner import banner_on

    app = make_app(fight_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        main = app.screen
        assert banner_on(main) is main.query_one(PendingBanner)
        queried = recorded_queries(monkeypatch)
        app.run_command(ApplyWound(target="markon", wound_points=5, location="chest"))
        await until(pilot, lambda: "press d to answer" in banner(app))
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, CheckDialog))
        await until(pilot, lambda: "answer it in the open dialog" in banner(app))
        assert banner_on(app.screen) is None
        assert PendingBanner not in queried

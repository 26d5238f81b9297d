"""A closed act dialog is taken down after the frame that shows what came next, not
while that dialog composes (tracker/app/late_teardown.py; issue 27: dialog_open_ms).

Each frame the app draws is recorded with the screen it shows and whether the closed
attack dialog is still running (its widgets not yet stopped and pruned).
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from tests.support.act_fixtures import attack_dialog_open
from tests.support.demo import SIZE, demo_app, dinzis_due
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog
from tracker.screens.main import MainScreen

NEXT = ("ParryDialog", "DamageDialog")


async def _the_attack(pilot: Pilot[None]) -> AttackDialog:
    """Dinzis due, his attack declared: its dialog on screen."""
    await dinzis_due(pilot)
    attack = await attack_dialog_open(pilot)
    await until(pilot, lambda: attack.is_mounted)
    return attack


async def test_the_attack_dialog_goes_after_the_next_dialogs_first_frame(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        attack = await _the_attack(pilot)
        frames: list[tuple[str, bool]] = []
        display = app._display

        def recorded(screen: object, renderable: object) -> None:
            frames.append((type(app.screen).__name__, attack.is_running))
            display(screen, renderable)  # type: ignore[arg-type]

        app._display = recorded  # type: ignore[method-assign]
        await pilot.press("enter")  # the roll: a parry question or the damage
        await until(pilot, lambda: any(name in NEXT for name, _ in frames))
        first = next(running for name, running in frames if name in NEXT)
        assert first  # drawn before the closed dialog was taken down
        await until(pilot, lambda: not attack.is_running)  # then it went
        assert attack not in app.act_flow.teardown.kept
        assert not app.is_screen_installed(attack)
        assert type(app.screen).__name__ in NEXT


async def test_a_cancelled_act_dialog_goes_too(tmp_path: Path) -> None:
    """Escape: nothing comes next, and the dialog is still taken down."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        attack = await _the_attack(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: not attack.is_running)
        assert app.act_flow.teardown.kept == ()
        assert not app.is_screen_installed(attack)


async def test_no_act_dialog_is_kept_once_the_acts_are_over(tmp_path: Path) -> None:
    """Every dialog of an attack (opportunity, attack, parry or damage) is gone after."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _the_attack(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ in NEXT and app.screen.is_mounted)
        while not isinstance(app.screen, MainScreen):
            await pilot.press("escape")
            await until(pilot, lambda: app.keys.idle)
        await until(pilot, lambda: app.act_flow.teardown.kept == ())
        installed = [s for s in app.screen_stack if app.is_screen_installed(s)]
        assert installed == []

"""A dialog opened over the main screen lays out once, and the main screen beneath it
not at all (Textual laid the dialog out twice and the main screen once more, at the
same size, for nothing). A new terminal size still lays out both."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import until
from tracker.modals.combatant_form import CombatantForm
from tracker.screens.main import MainScreen


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each kind of screen was laid out."""
    counted: Counter[str] = Counter()
    original = Screen._refresh_layout

    def counting(screen: Screen[object], *args: object, **kwargs: object) -> None:
        counted[type(screen).__name__] += 1
        original(screen, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counting)
    return counted


async def open_the_sheet(pilot: Pilot[None], layouts: Counter[str]) -> None:
    """+ on the demo's main screen, counting the layouts from the key on."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await pilot.pause()
    layouts.clear()
    await pilot.press("plus")
    await until(pilot, lambda: isinstance(app.screen, CombatantForm))
    await pilot.pause()


async def test_a_dialog_opens_without_laying_out_the_main_screen(
    tmp_path: Path, layouts: Counter[str]
) -> None:
    async with demo_app(tmp_path).run_test(size=SIZE) as pilot:
        await open_the_sheet(pilot, layouts)
        assert layouts["MainScreen"] == 0, layouts
        assert layouts["CombatantForm"] <= 2, layouts  # as shown, then as its fields settle


async def test_a_new_terminal_size_lays_out_every_screen_shown(
    tmp_path: Path, layouts: Counter[str]
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_the_sheet(pilot, layouts)
        layouts.clear()
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: layouts["MainScreen"] and layouts["CombatantForm"])
        form, main = app.screen, app.screen_stack[-2]
        assert form.outer_size == main.outer_size == (100, 30)

"""A dialog is styled once as it mounts, not again at its first Resize, and a widget still
being built sends nothing to the stylesheet (Textual restyled the attack dialog in full
when that Resize gave it its size class, and styled every select and input once before
mounting styled it again). A new terminal size still restyles the dialog."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from textual.pilot import Pilot
from textual.widgets import Input

from tests.support.act_fixtures import SIZE, attack_dialog_open, fight_file
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.main import MainScreen


@pytest.fixture
def restyled(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each kind of node was the root of a style update."""
    counted: Counter[str] = Counter()
    original = Stylesheet.update_nodes

    def counting(sheet: Stylesheet, nodes: object, animate: bool = False) -> None:
        listed = list(nodes)  # type: ignore[call-overload]
        if listed:
            counted[type(listed[0]).__name__] += 1
        original(sheet, listed, animate=animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counting)
    return counted


def fight(tmp_path: Path) -> TrackerApp:
    return make_app(fight_file(tmp_path), saves_dir=tmp_path, seed=1)  # Lio due: `a` attacks


async def settled(pilot: Pilot[None], restyled: Counter[str]) -> None:
    """The main screen up and drawn; the count starts from here."""
    await until(pilot, lambda: isinstance(pilot.app.screen, MainScreen))
    await pilot.pause()
    restyled.clear()


async def test_the_attack_dialog_is_not_restyled_for_its_size_class(
    tmp_path: Path, restyled: Counter[str]
) -> None:
    app = fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, restyled)
        dialog = await attack_dialog_open(pilot)
        await pilot.pause()
        assert dialog.has_class("-wide") and not dialog.has_class("-narrow")  # 120 columns
        assert restyled["AttackDialog"] == 0, restyled
        await pilot.resize_terminal(70, 30)
        await until(pilot, lambda: dialog.has_class("-narrow"))
        assert not dialog.has_class("-wide")
        assert restyled["AttackDialog"] == 1, restyled  # the new size's class, once


async def test_a_widget_not_mounted_yet_is_styled_as_it_mounts(
    tmp_path: Path, restyled: Counter[str]
) -> None:
    app = fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, restyled)
        plain, wrong = Input(compact=True), Input(compact=True)  # `compact`: a class, built
        wrong.add_class("-invalid")
        assert not restyled, restyled
        await app.screen.mount(plain, wrong)
        await until(pilot, lambda: plain.is_mounted and wrong.is_mounted)
        assert wrong.styles.background_tint != plain.styles.background_tint  # -invalid
        restyled.clear()
        wrong.remove_class("-invalid")  # mounted: restyled at once, as always
        assert restyled["Input"] == 1, restyled
        assert wrong.styles.background_tint == plain.styles.background_tint


async def test_a_dialog_that_closed_is_not_restyled_as_it_goes(
    tmp_path: Path, restyled: Counter[str]
) -> None:
    """Its focused field blurred as it was popped and Textual restyled it and all under
    it (the target select and its 200-option list at 200 combatants, issue 27). A screen
    off the stack is restyled in full if it is pushed again (Textual's ScreenResume)."""
    app = fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot, restyled)
        dialog = await attack_dialog_open(pilot)
        await until(pilot, lambda: dialog.is_mounted and dialog.focused is not None)
        await pilot.pause()
        inside = {type(node).__name__ for node in dialog.walk_children()}
        restyled.clear()
        dialog.dismiss(None)
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: not dialog.is_attached)
        assert not inside & set(restyled), restyled
        app.screen.add_class("-probe")  # a screen in the stack is restyled as always
        assert restyled["MainScreen"] == 1, restyled

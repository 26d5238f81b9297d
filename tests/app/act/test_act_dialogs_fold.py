"""The act dialogs at 80 columns: compact at 80x24, folded when narrower, on mount and resize.

From 76 to 110 columns the screen carries `-compact`: the odds keep a column
beside the form and are whole in view without scrolling (issue 14), while the
form scrolls by itself. Below 76 (`-narrow`) the two columns become one and the
dialog scrolls. At 120 columns they sit side by side at full width again.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widget import Widget

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack
from rules.model.state import Combatant, Encounter
from tests.support.act_fixtures import ActHost, a10, card_game, stats
from tests.support.modal_host import until
from tracker.modals.act import AnimaDialog, AttackDialog, ParryDialog, SkillRollDialog
from tracker.modals.act.base import COMPACT_FROM, ActDialog


def attack() -> ActDialog[object]:
    return AttackDialog(a10().encounter, "lio", "Blaster")  # type: ignore[return-value]


def parry() -> ActDialog[object]:
    session = card_game()
    stab = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
    session.do(stab, ScriptedDice([10, 10, 10, 1, 1, 1]))
    return ParryDialog(session.encounter, session.encounter.pending[0].id)  # type: ignore[return-value]


def skill_roll() -> ActDialog[object]:
    return SkillRollDialog(a10().encounter, "lio")  # type: ignore[return-value]


def anima() -> ActDialog[object]:
    kira = Combatant(id="kira", name="Kira", stats=stats(), abilities={"Attack": 120})
    enc = Session(Encounter(combatants={"kira": kira})).encounter
    return AnimaDialog(enc, "kira")  # type: ignore[return-value]


DIALOGS = [attack, parry, skill_roll, anima]


def folded(app: ActHost) -> tuple[Widget, Widget]:
    screen = app.screen
    return screen.query_one(".form"), screen.query_one("#odds")


@pytest.mark.parametrize("make", DIALOGS, ids=lambda f: f.__name__)
async def test_at_80x24_the_odds_are_in_view_beside_the_form_without_scrolling(
    make: Callable[[], ActDialog[object]],
) -> None:
    app = ActHost(make())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.has_class("-compact"))
        await pilot.pause()  # and the layout its class asks for, on the next frame
        form, odds = folded(app)
        await until(pilot, lambda: odds.region.height > 0)
        assert odds.region.x >= form.region.right  # beside the form
        screen = app.screen.region
        assert screen.contains_region(odds.region)  # whole, with no scrolling at all
        assert odds.region.height == odds.outer_size.height  # not clipped by the dialog
        body = app.screen.query_one(".dialog")
        assert body.scroll_y == 0
        save = app.screen.query_one("#save")
        assert screen.contains_region(save.region)  # and the buttons too


@pytest.mark.parametrize("make", DIALOGS, ids=lambda f: f.__name__)
async def test_narrower_than_compact_the_odds_fold_under_a_full_width_form(
    make: Callable[[], ActDialog[object]],
) -> None:
    app = ActHost(make())
    async with app.run_test(size=(COMPACT_FROM - 4, 24)) as pilot:
        await until(pilot, lambda: app.screen.has_class("-narrow"))
        await pilot.pause()  # and the layout its class asks for, on the next frame
        form, odds = folded(app)
        odds.scroll_visible(animate=False, immediate=True)
        await until(pilot, lambda: odds.region.height > 0)
        row = app.screen.query_one(".columns").region  # the dialog's width, less a scrollbar
        assert row.width >= COMPACT_FROM - 12
        assert form.region.width == row.width  # the form takes the whole dialog
        assert odds.region.x == row.x and odds.region.right == row.right  # and so do the odds
        assert odds.region.y >= form.region.bottom or not form.region  # the odds come after
        assert odds.region.right <= COMPACT_FROM - 4


@pytest.mark.parametrize("make", DIALOGS, ids=lambda f: f.__name__)
async def test_a_resize_folds_and_unfolds_the_dialog(make: Callable[[], ActDialog[object]]) -> None:
    app = ActHost(make())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.has_class("-wide"))
        form, odds = folded(app)
        await until(pilot, lambda: odds.region.x >= form.region.right)  # side by side
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: app.screen.has_class("-compact"))
        await pilot.pause()  # and the layout its class asks for, on the next frame
        await until(pilot, lambda: odds.region.x >= form.region.right)  # still beside it
        await pilot.resize_terminal(COMPACT_FROM - 4, 24)
        await until(pilot, lambda: app.screen.has_class("-narrow"))
        await pilot.pause()  # and the layout its class asks for, on the next frame
        await until(pilot, lambda: odds.region.x == form.region.x)  # folded under it
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: not app.screen.has_class("-narrow"))
        await until(pilot, lambda: odds.region.x >= form.region.right)

"""A closed parry or damage question is kept built and asks the next one of its class
(tracker/app/dialog_pool.py, tracker/modals/act/refill.py; issue 27: dialog_open_ms).

What matters is that a GM cannot tell: a refilled dialog looks, focuses and answers
exactly as one built for the question would. Each test opens a question, uses it the
way a GM might (a wrong modifier typed, another weapon, a die declared), cancels it,
then opens another question; the same question is opened fresh in a second app, and
the two are compared: the whole screen as drawn, the focus, the form's answer, then
again after the same keys in both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.model.commands import ConfirmDamage, Parry
from tests.support.act_fixtures import SIZE, attack_dialog_open
from tests.support.burst import send_at_once
from tests.support.demo import demo_app, dinzis_due
from tests.support.kept_questions import (
    BOLD,
    NEXT,
    SS_6,
    STAB,
    app_on,
    closed,
    opened,
    parry_keys,
    question,
    seen,
)
from tests.support.modal_host import type_into, until
from tracker.modals.act import DamageDialog, ParryDialog
from tracker.modals.form import Dialog
from tracker.screens.main import MainScreen
from tracker.widgets.styled_when_mounted import put_off, styled_now


async def test_the_parry_question_comes_back_refilled_as_if_built_for_it(tmp_path: Path) -> None:
    first = question("parry")
    second = question("parry", SS_6, **BOLD)
    pooled = app_on(tmp_path, "pooled")
    async with pooled.run_test(size=SIZE) as pilot:
        used = await opened(pilot, ParryDialog(*first))
        looked = seen(pooled)
        await type_into(pilot, "#modifier", "x")  # an error shown
        await parry_keys(pilot)
        await type_into(pilot, "#modifier", "y")
        await closed(pilot, used)
        again = await opened(pilot, ParryDialog(*second))
        assert again is used  # the same dialog, refilled
        before = seen(pooled)
        assert before[0] != looked[0]  # another question: another title, lines, dice
        await parry_keys(pilot)
        after = seen(pooled)
    fresh = app_on(tmp_path, "fresh")
    async with fresh.run_test(size=SIZE) as pilot:
        built = await opened(pilot, ParryDialog(*second))
        assert built is not used
        assert seen(fresh) == before
        await parry_keys(pilot)
        assert seen(fresh) == after
    assert before[2][0] is not None and after[2][0] is not None  # both answer a parry


async def test_the_damage_dialog_comes_back_refilled_as_if_built_for_it(tmp_path: Path) -> None:
    first = question("damage")
    second = question("damage", SS_6, name="Kans the Bold")
    pooled = app_on(tmp_path, "pooled")
    async with pooled.run_test(size=SIZE) as pilot:
        used = await opened(pilot, DamageDialog(*first))
        looked = seen(pooled)
        await type_into(pilot, "#after-shield", "nine")
        await type_into(pilot, "#wound-points", "3")
        await closed(pilot, used)
        again = await opened(pilot, DamageDialog(*second))
        assert again is used
        before = seen(pooled)
        assert before[0] != looked[0]
        await type_into(pilot, "#after-armour", "2")
        after = seen(pooled)
    fresh = app_on(tmp_path, "fresh")
    async with fresh.run_test(size=SIZE) as pilot:
        await opened(pilot, DamageDialog(*second))
        assert seen(fresh) == before
        await type_into(pilot, "#after-armour", "2")
        assert seen(fresh) == after
    command = after[2][0]
    assert isinstance(command, ConfirmDamage) and command.after_armour == 2


async def test_a_question_built_otherwise_is_built_fresh_and_the_kept_one_waits(
    tmp_path: Path,
) -> None:
    """A held action adds a checkbox to the parry question: the kept one does not fit."""
    app = app_on(tmp_path, "app")
    async with app.run_test(size=SIZE) as pilot:
        used = await opened(pilot, ParryDialog(*question("parry")))
        await closed(pilot, used)
        held = question("parry", held_action="Throw", held_penalty=-4)
        built = await opened(pilot, ParryDialog(*held))
        assert built is not used and built.query("#use-held")
        assert used in app.act_flow.pool.idle and not used.query("#use-held")


async def test_a_kept_dialog_shown_after_a_theme_change_wears_the_new_theme(
    tmp_path: Path,
) -> None:
    """Off the stack, the kept dialog misses the restyle a theme change gives the screens
    in the stack: it is restyled in full as it comes back."""
    first, second = question("parry"), question("parry", name="Kans the Bold")
    pooled = app_on(tmp_path, "pooled")
    async with pooled.run_test(size=SIZE) as pilot:
        used = await opened(pilot, ParryDialog(*first))
        await closed(pilot, used)
        pooled.theme = "textual-light"
        await pilot.pause()
        assert await opened(pilot, ParryDialog(*second)) is used
        looked = seen(pooled)
    fresh = app_on(tmp_path, "fresh")
    async with fresh.run_test(size=SIZE) as pilot:
        fresh.theme = "textual-light"
        await pilot.pause()
        await opened(pilot, ParryDialog(*second))
        assert seen(fresh) == looked


class _Bare(Dialog[None]):
    """A form dialog working nothing out: what every dialog's own `__init__` adds to it."""


def test_everything_a_question_dialog_works_out_is_taken_when_refilled() -> None:
    """A refilled dialog takes from its twin the attributes named in REFILLED: one its
    `__init__` sets but REFILLED forgets would keep the last question's value."""
    base = set(vars(_Bare()))
    for made in (ParryDialog(*question("parry")), DamageDialog(*question("damage"))):
        own = set(vars(made)) - base
        assert own == set(made.REFILLED), type(made).__name__


async def test_the_same_attack_again_is_answered_by_the_kept_question(tmp_path: Path) -> None:
    """The demo's stab rolled, its question cancelled, both steps undone, rolled again
    (the flow bench_dialog times): the second question is the first, refilled."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        asked = []
        for _ in range(2):
            await attack_dialog_open(pilot)
            await pilot.press("enter")  # the roll: a parry question or the damage
            await until(pilot, lambda: type(app.screen).__name__ in NEXT)
            asked.append(app.screen)
            while not isinstance(app.screen, MainScreen):
                await pilot.press("escape")
            for _ in range(2):  # the attack, then the opportunity
                app.action_undo()
            await until(pilot, lambda: bool(app.session.encounter.due))
            await until(pilot, lambda: asked[-1] in app.act_flow.pool.idle)
        assert asked[0] is asked[1]


async def test_clearing_the_pool_takes_every_kept_dialog_down(tmp_path: Path) -> None:
    app = app_on(tmp_path, "app")
    async with app.run_test(size=SIZE) as pilot:
        used = await opened(pilot, ParryDialog(*question("parry")))
        await closed(pilot, used)
        app.act_flow.pool.clear()
        await until(pilot, lambda: not used.is_running)
        assert app.act_flow.pool.idle == () and not app.is_screen_installed(used)
        assert await opened(pilot, ParryDialog(*question("parry"))) is not used


async def test_a_kept_dialog_follows_the_terminal_size(tmp_path: Path) -> None:
    """Kept at 120 columns: at 80 (the compact layout) the question is built fresh; at
    130 (wide still) the kept one is laid out anew, as one built there."""
    first, second = question("parry"), question("parry", SS_6, **BOLD)
    pooled = app_on(tmp_path, "pooled")
    async with pooled.run_test(size=SIZE) as pilot:
        used = await opened(pilot, ParryDialog(*first))
        await closed(pilot, used)
        await pilot.resize_terminal(80, 24)
        compact = await opened(pilot, ParryDialog(*second))
        assert compact is not used
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pooled.screen, MainScreen))
        await pilot.resize_terminal(130, 40)
        assert await opened(pilot, ParryDialog(*second)) is used
        looked = seen(pooled)
    fresh = app_on(tmp_path, "fresh")
    async with fresh.run_test(size=(130, 40)) as pilot:
        await opened(pilot, ParryDialog(*second))
        assert seen(fresh) == looked


async def test_no_kept_dialog_asks_while_cancelled_choices_wait(tmp_path: Path) -> None:
    """A command cancelled at a dice prompt comes back in the dialog that made it, put
    back as that dialog mounts (tracker.modals.kept_fields): it is built fresh then."""
    app = app_on(tmp_path, "app")
    async with app.run_test(size=SIZE) as pilot:
        used = await opened(pilot, ParryDialog(*question("parry")))
        await closed(pilot, used)
        app.cancelled.command = STAB
        assert await opened(pilot, ParryDialog(*question("parry"))) is not used
        assert used in app.act_flow.pool.idle


async def test_a_refilled_dialogs_first_frame_is_laid_out_for_its_question(
    tmp_path: Path,
) -> None:
    """A name long enough to wrap the title moves every line below it: the first frame
    the kept dialog sends already has them where they belong."""
    long_name = "Kans the Bold, Sworn Blade of the Seventeen Houses of the Known Worlds"
    second = question("parry", SS_6, **{**BOLD, "name": long_name})
    app = app_on(tmp_path, "app")
    async with app.run_test(size=SIZE) as pilot:
        used = await opened(pilot, ParryDialog(*question("parry")))
        await closed(pilot, used)
        first_frames: list[str] = []
        display = app._display

        def recorded(screen: object, renderable: object) -> None:
            display(screen, renderable)  # type: ignore[arg-type]
            if screen is used and renderable is not None and not first_frames:
                first_frames.append(app.export_screenshot())

        app._display = recorded  # type: ignore[method-assign]
        assert await opened(pilot, ParryDialog(*second)) is used
        assert first_frames and first_frames[0] == app.export_screenshot()


async def test_a_key_typed_with_the_roll_lands_in_the_refilled_question(
    tmp_path: Path,
) -> None:
    """Enter and `p` in one burst, the parry question kept from the roll before: the `p`
    parries in that question, refilled, as it does in one built fresh."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        await attack_dialog_open(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ParryDialog))
        kept = app.screen
        await pilot.press("escape")
        for _ in range(2):  # the attack, then the opportunity
            app.action_undo()
        await until(pilot, lambda: bool(app.session.encounter.due))
        await until(pilot, lambda: kept in app.act_flow.pool.idle)
        await attack_dialog_open(pilot)
        send_at_once(app, "enter", "p")
        await until(pilot, lambda: kept not in app.act_flow.pool.idle)

        def parries() -> list[Parry]:
            return [s.command for s in app.session.done if isinstance(s.command, Parry)]

        # The answer's command is applied by the callback that runs after the dialog
        # pops: wait for the command itself, not for the dialog to be gone.
        await until(pilot, lambda: bool(parries()))
        assert [p.weapon for p in parries()] == ["knife"]


async def test_a_restyle_asked_while_kept_is_made_as_the_dialog_comes_back(
    tmp_path: Path,
) -> None:
    """Off the stack a node's restyle is put off (styled_when_mounted), then made as the
    dialog is shown again: without a full restyle, nothing it missed stays unstyled."""
    app = app_on(tmp_path, "app")
    async with app.run_test(size=SIZE) as pilot:
        used = await opened(pilot, ParryDialog(*question("parry")))
        await closed(pilot, used)
        cancel = used.query_one("#cancel")
        assert not styled_now(app, cancel)  # off the stack: put off
        restyled: list[object] = []
        update_styles = app.update_styles

        def noted(node: Any, animate: bool = True) -> None:
            restyled.append(node)
            update_styles(node, animate)

        app.update_styles = noted  # type: ignore[method-assign]
        assert await opened(pilot, ParryDialog(*question("parry", SS_6))) is used
        assert cancel in restyled
        assert put_off(used) == []  # given back once

"""Keys typed while a dialog or a dice prompt is still opening all reach it, in order.

A GM types `w 3` or, at a dice prompt, `3 7 0 5` in one go (one terminal read).
The app handles the first key (which pushes the dialog) and then the next ones
at once, before the dialog has composed its fields and given one the focus: with
nothing focused the key went to the bare screen, which has no use for it, and
was lost (`3 7 0 5` arrived as `7 0 5`, `w 375` as an empty field).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Select

from tests.support.act_fixtures import SIZE, attack_dialog_open
from tests.support.burst import send_at_once
from tests.support.modal_host import handled, keys_done, type_into, until
from tests.support.physical_steps import physical_fight, prompt
from tracker.app.tracker_app import make_app
from tracker.host.key_order import hold_keys
from tracker.modals.act import AttackDialog
from tracker.modals.wound import WoundForm
from tracker.screens.main import MainScreen


async def settled(pilot: Pilot[None], field: Input, text: str) -> None:
    """Wait until `field` shows `text`; on a timeout say what it does show."""
    try:
        await until(pilot, lambda: field.value == text, timeout=5)
    except AssertionError:
        raise AssertionError(f"the field shows {field.value!r}, not {text!r}") from None


async def test_w_then_digits_at_once_reach_the_wound_field(tmp_path: Path) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        send_at_once(app, "w", "3", "7", "5")
        await until(pilot, lambda: isinstance(app.screen, WoundForm) and app.screen.is_mounted)
        await settled(pilot, app.screen.query_one("#wp", Input), "375")


async def declared_attack(pilot: Pilot[None]) -> AttackDialog:
    """Physical dice: take the opportunity, declare an attack (GM +1), not yet entered."""
    app = pilot.app
    await attack_dialog_open(pilot)
    await type_into(pilot, "#modifier", "1")
    dialog = app.screen
    assert isinstance(dialog, AttackDialog)
    await until(pilot, lambda: dialog.refresh_form() is not None)
    return dialog


async def test_faces_typed_with_the_enter_that_opens_the_prompt_all_arrive(
    tmp_path: Path,
) -> None:
    """Enter on a drop-down (a binding, not a priority one) rolls the attack; the faces
    typed with it in one burst are all in the prompt it opens, in order."""
    app = physical_fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await declared_attack(pilot)
        dialog.query_one("#location", Select).focus()
        await pilot.pause()
        send_at_once(app, "enter", *" ".join("3705"))
        asking = await prompt(pilot)
        await settled(pilot, asking.query_one("#faces", Input), "3 7 0 5")


async def test_ctrl_u_then_faces_in_one_burst_clears_first(tmp_path: Path) -> None:
    """After a refused entry the GM clears the field and types again, all at once: the
    clearing (an Input binding) used to run after the faces and wipe them."""
    app = physical_fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await declared_attack(pilot)
        await pilot.press("enter")
        asking = await prompt(pilot)
        field = asking.query_one("#faces", Input)
        send_at_once(app, *" ".join("37"), "enter")  # the attack wants more faces: refused
        await until(pilot, lambda: asking.refusals == 1)
        assert field.value == "3 7"
        send_at_once(app, "ctrl+u", *" ".join("23456"))
        await settled(pilot, field, "2 3 4 5 6")


async def test_the_tests_wait_for_every_key_sent(tmp_path: Path) -> None:
    """keys_done, the tests' one wait for typed keys, waits for keys still on their way
    to the app and keys its queue holds. It read two names the queue no longer had, and
    its wait on the app could be queued ahead of the keys: on Python 3.12 the form fuzz
    pressed enter with a digit still to come, which made the form valid."""
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        send_at_once(app, "w")
        await until(pilot, lambda: isinstance(app.screen, WoundForm) and app.screen.is_mounted)
        field = app.screen.query_one("#wp", Input)
        await until(pilot, lambda: app.focused is field)
        release = hold_keys(app)
        send_at_once(app, "3", "7")
        waiting = asyncio.create_task(keys_done(pilot))
        await asyncio.sleep(0)  # it starts: its first wait is on the app's queue
        await handled(app, app)  # behind that wait in the same queue: it is over
        await asyncio.sleep(0)
        assert not waiting.done() and field.value == ""  # the keys are held
        release()
        await waiting
        assert field.value == "37"
        send_at_once(app, "1", "2")
        await keys_done(pilot)
        assert field.value == "3712"

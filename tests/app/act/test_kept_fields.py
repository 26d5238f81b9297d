"""A reopened dialog's kept fields are all back, with the dialog's reactions, as it mounts.

The restore used to put one field back per 20 ms timer, waiting for the
dialog's reactions (a new target offers its own dodge payers); the dialog was
on screen, half restored, meanwhile. Now the values go back in one pass in
the dialog's mount, each field's reactions run on the spot: a payer only the
second target has comes back, because the target's reaction offered it first;
and the target's change posted while the dialog mounted (the first target) no
longer arrives late to wipe that payer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from rules.model.commands import Attack
from rules.model.state import Action, Combatant
from tests.support.act_fixtures import SIZE, a10, attack_dialog_open, markon
from tests.support.modal_host import until
from tests.support.physical_steps import physical_app, prompt
from tracker.modals import form
from tracker.modals.act import AttackDialog, SkillRollDialog
from tracker.modals.kept_fields import KeptRestore, restore_kept
from tracker.screens.main import MainScreen

DUCK = "Duck"  # a dodge payer only Vex has


def vex() -> Combatant:
    duck = [Action(name=DUCK, kind="dodge", cost=2)]
    return markon(ttu=16).model_copy(update={"id": "vex", "name": "Vex", "actions": duck})


async def declare_and_escape(pilot: Pilot[None]) -> Attack:
    """Lio attacks Vex (not the first target) with Vex's dodge paid by Duck; Escape at the
    first dice prompt. Returns the command that was cancelled."""
    app = pilot.app
    dialog = await attack_dialog_open(pilot)
    assert dialog.query_one("#target", Select).value == "markon"  # the first one offered
    dialog.query_one("#target", Select).value = "vex"
    payer = dialog.query_one("#dodge-action", Select)
    await until(pilot, lambda: any(value == DUCK for _label, value in payer._options))
    dialog.query_one("#dodge", Select).value = "light cover"
    payer.value = DUCK
    dialog.query_one("#exert", Checkbox).value = True
    await until(pilot, lambda: getattr(dialog.refresh_form(), "target", None) == "vex")
    command = dialog.refresh_form()
    assert isinstance(command, Attack) and command.dodge is not None
    assert command.dodge.action == DUCK
    await pilot.press("enter")
    await prompt(pilot)
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    return command


async def test_the_kept_fields_are_back_when_the_dialog_has_mounted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = a10()
    session.encounter.combatants["vex"] = vex()
    app = physical_app(tmp_path, session)
    at_mount: list[tuple[Any, ...]] = []

    def restore_and_look(dialog: Any) -> KeptRestore | None:
        """What the dialog shows the moment its mount has put the fields back."""
        restore = restore_kept(dialog)
        if restore is not None:
            read = [dialog.query_one(f"#{i}").value for i in ("target", "dodge", "dodge-action")]
            at_mount.append((restore.done, restore.same, *read, dialog.refresh_form()))
        return restore

    monkeypatch.setattr(form, "restore_kept", restore_and_look)
    async with app.run_test(size=SIZE) as pilot:
        cancelled = await declare_and_escape(pilot)
        await pilot.press("a")
        await until(pilot, lambda: bool(at_mount))
        assert at_mount == [(True, True, "vex", "light cover", DUCK, cancelled)]
        dialog = app.screen
        assert isinstance(dialog, AttackDialog)
        assert dialog.query_one("#exert", Checkbox).value
        await until(pilot, lambda: bool(dialog.query("#kept")))
        await pilot.pause()  # nothing arrives late to undo a field put back
        assert dialog.refresh_form() == cancelled


async def test_a_skill_roll_comes_back_with_its_named_goal_and_opponent(tmp_path: Path) -> None:
    """The s dialog's fields lean on each other both ways (a goal's name types its number,
    a typed number shows its name; an opponent offers their stats): all come back."""
    app = physical_app(tmp_path, a10())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SkillRollDialog))
        dialog = app.screen
        assert isinstance(dialog, SkillRollDialog)
        dialog.query_one("#skill", Input).value = "Shoot"
        dialog.query_one("#goal", Input).value = "13"  # typed: its name follows
        dialog.query_one("#modifier", Input).value = "-2"
        dialog.query_one("#stat", Select).value = "Perception"
        named = dialog.query_one("#goal-name", Select)
        await until(pilot, lambda: named.value == 13)  # R2: 13 is Extremely Hard
        await until(pilot, lambda: getattr(dialog.refresh_form(), "modifier", None) == -2)
        cancelled = dialog.refresh_form()
        dialog.action_submit()
        await prompt(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SkillRollDialog))
        again = app.screen
        await until(pilot, lambda: again.is_mounted)
        assert isinstance(again, SkillRollDialog)
        assert again.kept_restore is not None and again.kept_restore.done
        assert again.kept_restore.same
        await pilot.pause()
        assert again.query_one("#goal", Input).value == "13"
        assert again.query_one("#goal-name", Select).value == 13
        assert again.query_one("#stat", Select).value == "Perception"
        assert again.refresh_form() == cancelled

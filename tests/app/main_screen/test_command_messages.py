"""Command outcomes travel as messages (tracker.host.messages), handled with `@on`.

A dialog posts what was answered (`DialogAnswered`, with its fields) or that
Escape was pressed (`DialogCancelled`); the app posts what became of the
command: `CommandApplied`, `CommandRefused` (with the engine's reason, which
the GM is shown) or `CommandCancelled` (Escape at a physical-dice prompt).
Each test records the messages as they are handled (Textual's message hook)
and checks the order: a dialog's answer always comes before its outcome.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.message import Message
from textual.pilot import Pilot

from rules.engine.context import CommandError
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Luck, TakeOpportunity
from rules.saves.store import save_session
from tests.support.act_fixtures import SIZE, a10, attack_dialog_open
from tests.support.modal_host import Host, type_into, until
from tests.support.physical_steps import physical_fight, prompt
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.host.messages import (
    CommandApplied,
    CommandCancelled,
    CommandRefused,
    DialogAnswered,
    DialogCancelled,
)
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.modals.encounter_name import EncounterName
from tracker.modals.kept_fields import FormNote
from tracker.modals.luck import LuckForm
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import Opened, SavesBrowser

OURS = (DialogAnswered, DialogCancelled, CommandApplied, CommandRefused, CommandCancelled)


class Heard:
    """The tracker's messages, in the order they were handled."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def __call__(self, message: Message) -> None:
        if isinstance(message, OURS):
            self.messages.append(message)

    def of(self, kind: type[Message]) -> list[Message]:
        return [m for m in self.messages if isinstance(m, kind)]

    def kinds(self) -> list[str]:
        return [type(m).__name__ for m in self.messages]


def fight(tmp_path: Path, *, physical: bool = False) -> TrackerApp:
    if physical:
        return physical_fight(tmp_path)
    path = tmp_path / "fight.json"
    save_session(a10(), path)
    return make_app(path, saves_dir=tmp_path, seed=1)


async def test_a_refused_command_posts_the_engines_reason_and_the_gm_sees_it(
    tmp_path: Path,
) -> None:
    refused = Luck(target="nobody", amount=1)
    with pytest.raises(CommandError) as engine:  # the engine's own words, asked directly
        a10().do(refused, ScriptedDice([]))
    heard = Heard()
    app = fight(tmp_path)
    async with app.run_test(size=SIZE, message_hook=heard) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert not app.run_command(refused)
        await until(pilot, lambda: heard.of(CommandRefused))
        [message] = heard.of(CommandRefused)
        assert isinstance(message, CommandRefused)
        assert message.command is refused and message.reason == str(engine.value)
        shown = [(n.title, n.message) for n in app._notifications]
        assert ("Refused", str(engine.value)) in shown
        assert not heard.of(CommandApplied) and not app.session.done  # nothing changed


async def test_an_applied_command_is_posted_and_the_act_goes_on(tmp_path: Path) -> None:
    """A8: the opportunity dialog answers, its very command is applied, and the attack
    dialog follows because of that message (no watching of the revision)."""
    heard = Heard()
    app = fight(tmp_path)
    async with app.run_test(size=SIZE, message_hook=heard) as pilot:
        await attack_dialog_open(pilot)
        answered, applied = heard.of(DialogAnswered)[0], heard.of(CommandApplied)[0]
        assert isinstance(answered, DialogAnswered) and isinstance(applied, CommandApplied)
        assert isinstance(answered.dialog, OpportunityDialog)
        assert isinstance(answered.result, TakeOpportunity)
        assert applied.command is answered.result  # the same object, not an equal one
        assert app.session.done[-1].command is applied.command
        assert heard.kinds() == ["DialogAnswered", "CommandApplied"]


async def test_a_command_applied_outside_an_act_opens_nothing(tmp_path: Path) -> None:
    """The act flow goes on only after its own dialog's command, not after any command."""
    heard = Heard()
    app = fight(tmp_path)
    async with app.run_test(size=SIZE, message_hook=heard) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.run_command(TakeOpportunity(actor="lio", actions=["Shoot"]))
        await until(pilot, lambda: heard.of(CommandApplied))
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)  # the turn's attack waits for `a`
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog))


async def escape_at_the_first_prompt(pilot: Pilot[None]) -> AttackDialog:
    """Physical dice: the attack (+2) answered, Escape at its first dice prompt."""
    app = pilot.app
    dialog = await attack_dialog_open(pilot)
    await type_into(pilot, "#modifier", "2")
    await until(pilot, lambda: getattr(dialog.refresh_form(), "modifier", None) == 2)
    await pilot.press("enter")
    await prompt(pilot)
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    return dialog


async def test_escape_at_the_dice_posts_cancelled_ends_the_act_and_keeps_the_fields(
    tmp_path: Path,
) -> None:
    heard = Heard()
    app = fight(tmp_path, physical=True)
    async with app.run_test(size=SIZE, message_hook=heard) as pilot:
        await escape_at_the_first_prompt(pilot)
        await until(pilot, lambda: heard.of(CommandCancelled))
        assert heard.kinds() == [
            "DialogAnswered",  # the opportunity
            "CommandApplied",
            "DialogAnswered",  # the attack
            "DialogCancelled",  # Escape in the dice prompt
            "CommandCancelled",
        ]
        answered, cancelled = heard.messages[2], heard.messages[4]
        assert isinstance(answered, DialogAnswered) and isinstance(cancelled, CommandCancelled)
        assert isinstance(answered.dialog, AttackDialog)
        assert isinstance(answered.result, Attack) and answered.result.modifier == 2
        assert cancelled.command is answered.result
        assert isinstance(answered.fields, FormNote)
        assert app.cancelled.form is answered.fields  # kept for the reopened dialog
        assert any("no dice typed" in n.message for n in app._notifications)
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)  # the act ended: no dialog followed
        assert [s.command.type for s in app.session.done] == ["opportunity"]


async def test_escape_in_a_dialog_that_brought_choices_back_posts_kept(tmp_path: Path) -> None:
    heard = Heard()
    app = fight(tmp_path, physical=True)
    async with app.run_test(size=SIZE, message_hook=heard) as pilot:
        await escape_at_the_first_prompt(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog))
        dialog = app.screen
        assert isinstance(dialog, AttackDialog)
        await until(pilot, lambda: dialog.kept_restore is not None and dialog.kept_restore.done)
        await pilot.press("escape")
        await until(pilot, lambda: len(heard.of(DialogCancelled)) == 2)
        at_the_dice, message = heard.of(DialogCancelled)
        assert isinstance(at_the_dice, DialogCancelled) and not at_the_dice.kept
        assert isinstance(message, DialogCancelled) and message.kept
        assert message.dialog is dialog
        await until(pilot, lambda: app.cancelled.command is None)  # forgotten


# --- dialogs on a bare host: they post, and need nothing from the app ------------------


async def test_a_dialog_posts_its_answer_and_fields_to_any_app() -> None:
    enc = a10().encounter
    heard = Heard()
    app = Host(LuckForm(enc, "lio"))
    async with app.run_test(size=SIZE, message_hook=heard) as pilot:
        await type_into(pilot, "#amount", "1")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    [message] = heard.of(DialogAnswered)
    assert isinstance(message, DialogAnswered) and message.result is app.results[0]
    assert isinstance(message.fields, FormNote) and message.fields.dialog == "LuckForm"


async def test_a_dialog_that_keeps_no_fields_posts_none_and_escape_posts_cancelled() -> None:
    heard = Heard()
    app = Host(EncounterName("Name it", "Ambush", "Create"))
    async with app.run_test(size=SIZE, message_hook=heard) as pilot:
        await pilot.press("escape")
        await until(pilot, lambda: bool(app.results))
    [message] = heard.messages
    assert isinstance(message, DialogCancelled) and not message.kept
    assert app.results == [None]

    heard = Heard()
    app = Host(EncounterName("Name it", "Ambush", "Create"))
    async with app.run_test(size=SIZE, message_hook=heard) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    [message] = heard.messages
    assert isinstance(message, DialogAnswered) and message.result == "Ambush"
    assert message.fields is None  # KEEPS_FIELDS is False: no dice, nothing to bring back


async def test_the_saves_browser_is_given_the_dice_mode(tmp_path: Path) -> None:
    """A fight started in the browser rolls with the mode it was given, read from no app."""
    app = Host(SavesBrowser(tmp_path, dice="physical"))
    async with app.run_test(size=SIZE) as pilot:
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        browser.create("Ambush")
        await until(pilot, lambda: bool(app.results))
    [opened] = app.results
    assert isinstance(opened, Opened) and opened.session.dice == "physical"

    tracker = make_app(None, saves_dir=tmp_path / "saves", dice_mode="physical")
    async with tracker.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(tracker.screen, SavesBrowser))
        assert tracker.screen.dice == "physical"  # type: ignore[attr-defined]

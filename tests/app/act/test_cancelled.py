"""Escape at a physical-dice prompt keeps the GM's choices and the faces typed.

The brief's case: an attack with the positive luck die (C2), the faces typed
`0`, `4 6`, the attack's d10, then Escape at the soft-armour prompt (A13).
Nothing changes (the engine rolled it all back), but `a` reopens the attack
dialog as the GM left it, says so, and each prompt offers the faces typed
before. Escape in the reopened dialog forgets them; so does any change to
the encounter (`tracker.app.cancelled`).
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, RadioSet, Select

from rules.mechanics.dice import DiceExhausted
from rules.model.commands import Attack, Luck
from tests.support.act_fixtures import SIZE, attack_dialog_open
from tests.support.burst import send_at_once
from tests.support.modal_host import type_into, until
from tests.support.physical_steps import answer, physical_fight, prompt
from tracker.app.cancelled import CancelledCommand
from tracker.app.tracker_app import TrackerApp
from tracker.modals.act import AttackDialog
from tracker.screens.main import MainScreen

LUCK, FOLLOW, ATTACK, SOFT = "0", "4 6", "1 2 3 4 5 6", "1 1 1"
TYPED = [10, 4, 6, 1, 2, 3, 4, 5, 6]


async def reopened_attack(pilot: Pilot[None]) -> AttackDialog:
    """`a` on the main screen: the attack dialog, once any kept fields are back."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, AttackDialog))
    dialog: AttackDialog = app.screen  # type: ignore[assignment]
    await until(pilot, lambda: dialog.kept_restore is None or dialog.kept_restore.done)
    return dialog


async def attack_then_escape_at_soft_armour(pilot: Pilot[None]) -> dict:
    """Take the opportunity, declare the attack (luck die, +2, chest), type the luck
    and attack faces, Escape at the soft armour. Returns the encounter before the attack."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    dialog = await attack_dialog_open(pilot)
    dialog.query_one("#special-luck").value = True  # type: ignore[attr-defined]
    dialog.query_one("#location", Select).value = "chest"
    await type_into(pilot, "#modifier", "2")
    await until(pilot, lambda: getattr(dialog.refresh_form(), "special", None) == "luck")
    before = app.session.encounter.model_dump(mode="json")  # type: ignore[union-attr]
    await pilot.press("enter")
    for faces in (LUCK, FOLLOW, ATTACK):
        await answer(pilot, faces)
    asking = await prompt(pilot)
    assert asking.purpose == "soft armour: Markon"
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    return before


async def test_escape_at_soft_armour_keeps_the_attack_and_offers_the_faces(
    tmp_path: Path,
) -> None:
    app = physical_fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        before = await attack_then_escape_at_soft_armour(pilot)
        session = app.session
        assert session is not None
        assert session.encounter.model_dump(mode="json") == before  # nothing changed
        assert [s.command.type for s in session.done] == ["opportunity"]

        dialog = await reopened_attack(pilot)
        assert dialog.kept_restore is not None and dialog.kept_restore.same
        note = str(dialog.query_one("#kept").render())
        assert note.startswith("Kept from the attack cancelled at the dice: the same choices")
        assert dialog.query_one("#special", RadioSet).pressed_button.id == "special-luck"  # type: ignore[union-attr]
        assert dialog.query_one("#modifier", Input).value == "2"
        assert dialog.query_one("#location", Select).value == "chest"
        await pilot.press("enter")
        for shown in ("0", "4 6", ATTACK):  # each prompt offers what was typed before
            asking = await prompt(pilot)
            assert asking.query_one("#faces", Input).value == shown
            assert asking.query("#offered")
            await answer(pilot, None)
        asking = await answer(pilot, SOFT)  # never typed before: nothing offered
        assert not asking.offered
        await until(pilot, lambda: session.done[-1].command.type == "attack")
        attack = session.done[-1]
        assert isinstance(attack.command, Attack)
        assert (attack.command.special, attack.command.modifier) == ("luck", 2)
        assert attack.command.location == "chest"
        assert attack.faces == [*TYPED, 1, 1, 1]
        assert session.encounter.combatants["lio"].luck == 1  # C2/R17: the die was spent
        assert app.cancelled.command is None  # applied: nothing is kept any more


async def test_enter_before_the_choices_are_back_waits_for_them(tmp_path: Path) -> None:
    """A fast GM presses enter as the dialog opens (`a enter` in one go): the kept attack
    is what is rolled. The fields are back before the dialog takes any key."""
    app = physical_fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await attack_then_escape_at_soft_armour(pilot)
        send_at_once(app, "a", "enter")
        asking = await prompt(pilot)
        assert asking.purpose == "positive luck die: Lio"  # the luck die came back first
        assert asking.offered == (10,)


async def test_escape_in_the_reopened_dialog_forgets_the_choices(tmp_path: Path) -> None:
    """A GM who pressed Escape to change their mind gets the defaults on the next `a`."""
    app = physical_fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await attack_then_escape_at_soft_armour(pilot)
        dialog = await reopened_attack(pilot)
        assert dialog.query("#kept")
        await pilot.press("escape")
        assert app.cancelled.command is None
        dialog = await reopened_attack(pilot)
        assert dialog.kept_restore is None and not dialog.query("#kept")
        assert dialog.query_one("#special", RadioSet).pressed_button.id == "special-none"  # type: ignore[union-attr]
        assert dialog.query_one("#modifier", Input).value == ""


async def test_any_change_to_the_encounter_forgets_the_choices(tmp_path: Path) -> None:
    """Kept choices belong to the encounter as it was: a command applied meanwhile drops them."""
    app = physical_fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await attack_then_escape_at_soft_armour(pilot)
        assert isinstance(app.cancelled.command, Attack)
        assert app.run_command(Luck(target="markon", amount=1))
        assert app.cancelled.command is None
        dialog = await reopened_attack(pilot)
        assert dialog.kept_restore is None and not dialog.query("#kept")


# --- the bookkeeping alone ------------------------------------------------------------


def need(purpose: str, sides: int = 10, count: int = 1) -> DiceExhausted:
    return DiceExhausted(sides, purpose, count)


def test_faces_are_offered_only_for_the_same_command_and_the_same_prompt() -> None:
    kept = CancelledCommand()
    attack = Attack(attacker="lio", target="markon", weapon="Blaster", special="luck")
    kept.answered(attack, "form")
    kept.typed(attack, need("positive luck die: Lio"), [10])
    kept.typed(attack, need("follow-up", count=2), [4, 6])
    kept.cancel(attack)
    assert (kept.command, kept.form) == (attack, "form")
    again = attack.model_copy()  # the reopened dialog's command: equal, not the same object
    assert kept.offer(again, need("positive luck die: Lio")) == (10,)
    kept.typed(again, need("positive luck die: Lio"), [7])  # the GM typed over it
    assert kept.offer(again, need("follow-up", count=1)) == ()  # another prompt now
    other = attack.model_copy(update={"modifier": 1})
    assert kept.offer(other, need("positive luck die: Lio")) == ()


def test_a_second_escape_keeps_the_faces_it_did_not_reach() -> None:
    kept = CancelledCommand()
    attack = Attack(attacker="lio", target="markon", weapon="Blaster")
    kept.typed(attack, need("attack"), [1, 2])
    kept.typed(attack, need("soft armour"), [3])
    kept.cancel(attack)
    again = attack.model_copy()
    kept.typed(again, need("attack"), [1, 2])  # took the offer, then Escape at once
    kept.cancel(again)
    assert [e.faces for e in kept.entries] == [(1, 2), (3,)]
    kept.forget()
    assert kept.command is None and kept.entries == [] and kept.form is None

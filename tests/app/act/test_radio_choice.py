"""What looks chosen is what enter applies: the parry's weapon, the special die, the dodge.

Textual's radio set highlights its first enabled button whatever is pressed,
so the parry dialog once opened with the cursor on "do not parry" while the
suggested knife was pressed, and enter parried (A10: 2 TU). The act dialogs'
radio sets now open on the pressed button, up/down press what they move to,
and the parry button says what enter does.
"""

from __future__ import annotations

from textual.widgets import Button, RadioSet, Select, Static

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Parry, TakeOpportunity
from tests.support.act_fixtures import SIZE, ActHost, a10, card_game, submit
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog, ParryDialog
from tracker.modals.act.common import SpecialPicker


def shooting() -> AttackDialog:
    """A10's Lio, his opportunity taken to Shoot (A8)."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    return AttackDialog(session.encounter, "lio", "Blaster")


def parry_dialog() -> tuple[ParryDialog, int]:
    """A10: Dinzis's knife hits Kans with SS 9; Kans may parry with his knife."""
    session = card_game()
    stab = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
    session.do(stab, ScriptedDice([10, 10, 10, 1, 1, 1]))
    (pending,) = session.encounter.pending
    return ParryDialog(session.encounter, pending.id), pending.id


def highlighted(radios: RadioSet) -> int | None:
    return radios._selected


async def test_the_parry_opens_on_do_not_parry_and_enter_declines_A10() -> None:
    """Issue 14: Enter moves on (no parry, no 2 TU); the cursor is on what enter applies."""
    dialog, pending = parry_dialog()
    app = ActHost(dialog)
    async with app.run_test(size=SIZE) as pilot:
        radios = app.screen.query_one("#weapon", RadioSet)
        await until(pilot, lambda: highlighted(radios) is not None)
        await pilot.pause()
        assert radios.pressed_index == 0  # do not parry
        assert highlighted(radios) == radios.pressed_index  # the cursor is on it too
        save = app.screen.query_one("#save", Button)
        assert str(save.label) == "Do not parry"
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Parry(pending=pending, weapon=None)]


async def test_moving_to_the_knife_chooses_it_and_enter_parries_A10() -> None:
    dialog, pending = parry_dialog()
    app = ActHost(dialog)
    async with app.run_test(size=SIZE) as pilot:
        radios = app.screen.query_one("#weapon", RadioSet)
        radios.focus()
        await until(pilot, lambda: highlighted(radios) == 0)
        await pilot.press("down")
        await until(pilot, lambda: radios.pressed_index == 1)
        assert highlighted(radios) == 1
        save = app.screen.query_one("#save", Button)
        await until(pilot, lambda: str(save.label) == "Parry with knife")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Parry(pending=pending, weapon="knife")]


async def test_p_parries_with_the_suggested_weapon_in_one_key_A10() -> None:
    dialog, pending = parry_dialog()
    app = ActHost(dialog)
    async with app.run_test(size=SIZE) as pilot:
        radios = app.screen.query_one("#weapon", RadioSet)
        await until(pilot, lambda: highlighted(radios) is not None)
        await pilot.press("p")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Parry(pending=pending, weapon="knife")]


async def test_the_special_die_follows_the_cursor_C() -> None:
    """Part C: down moves to the combat chance die and declares it; up goes back."""
    app = ActHost(shooting())
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen.query_one(SpecialPicker)
        picker.focus()
        await until(pilot, lambda: highlighted(picker) == 0)
        await pilot.press("down")
        await until(pilot, lambda: picker.kind == "chance-combat")
        assert highlighted(picker) == picker.pressed_index
        command = await submit(app, pilot)
    assert isinstance(command, Attack) and command.special == "chance-combat"


async def test_the_dodge_shown_is_the_dodge_declared_A10() -> None:
    """The dodge is a drop-down: it shows "no dodge" and enter declares none."""
    app = ActHost(shooting())
    async with app.run_test(size=SIZE) as pilot:
        dodge = app.screen.query_one("#dodge", Select)
        await until(pilot, lambda: not dodge.disabled)  # Markon may dodge (A10)
        assert dodge.is_blank()
        assert "no dodge" in str(dodge.query_one("SelectCurrent #label", Static).content)
        command = await submit(app, pilot)
    assert isinstance(command, Attack) and command.dodge is None


async def test_p_chooses_the_weapon_at_once_not_when_its_messages_arrive() -> None:
    """`p` typed with the roll came before the radio set heard of the press: a submit
    after a refresh already due read "do not parry" and sent Parry(weapon=None)."""
    dialog, pending = parry_dialog()
    app = ActHost(dialog)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog.is_mounted)
        await pilot.pause()
        dialog.action_parry()  # no turn of the loop before the form is read
        assert dialog.query_one("#weapon", RadioSet).pressed_index == 1
        command, _errors = dialog.validate_form()
        assert command == Parry(pending=pending, weapon="knife")

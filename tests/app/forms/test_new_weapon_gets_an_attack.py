"""A weapon typed into the + form gets an `Attack: <weapon>` action (kind attack, cost 3,
first in the list), unless an action already uses it; a weapon no action uses earns a
note, and the GM can still remove the added action (A7, R6)."""

from __future__ import annotations

from textual.widgets import Button

from rules.model.commands import AddCombatant
from rules.model.state import Action, Combatant, Encounter
from tests.support.modal_host import Host, type_into, until
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.combatant_rows import ActionRow, WeaponRow


def encounter() -> Encounter:
    return Encounter(combatants={"c1": Combatant(id="c1", name="Kans")}, next_id=2)


async def add_weapon(pilot, name: str) -> WeaponRow:  # type: ignore[no-untyped-def]
    app = pilot.app
    app.screen.query_one("#add-weapon", Button).press()
    await until(pilot, lambda: bool(app.screen.query(WeaponRow)))
    row = app.screen.query(WeaponRow).last()
    await until(pilot, lambda: app.focused is not None and "w-name" in app.focused.classes)
    await pilot.press(*name)
    return row


def actions(app: Host) -> list[ActionRow]:
    return list(app.screen.query_one("#actions").query_children(ActionRow))


async def test_a_named_weapon_gets_its_attack_first_when_the_gm_moves_on() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Guy")
        await add_weapon(pilot, "Sword")
        await pilot.press("tab")  # on to the weapon's skill
        await until(pilot, lambda: actions(app)[0].is_mounted and len(actions(app)) == 4)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    c = command.combatant
    assert c.actions[0] == Action(name="Attack: Sword", kind="attack", weapon="Sword", cost=3)
    assert [a.name for a in c.actions[1:]] == ["Dodge", "Move", "Wait"]


async def test_enter_in_the_weapon_name_still_adds_the_attack() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Guy")
        await add_weapon(pilot, "Pistol")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert command.combatant.actions[0].weapon == "Pistol"


async def test_removed_attack_stays_removed_and_a_note_says_the_weapon_is_unused() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Guy")
        row = await add_weapon(pilot, "Sword")
        await pilot.press("tab")
        await until(pilot, lambda: len(actions(app)) == 4)
        actions(app)[0].query_one(".remove", Button).press()
        await until(pilot, lambda: len(actions(app)) == 3)
        await until(pilot, lambda: "no action uses 'Sword'" in row.error.message)
        await type_into(pilot, "#luck", "1")  # moving around again adds nothing back
        assert len(actions(app)) == 3
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert [a.name for a in command.combatant.actions] == ["Dodge", "Move", "Wait"]


async def test_a_weapon_an_action_already_uses_gets_no_second_attack() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Guy")
        app.screen.query_one("#add-action", Button).press()
        await until(pilot, lambda: len(actions(app)) == 4)
        await pilot.press(*"Slash")
        last = actions(app)[-1]
        await until(pilot, lambda: last.is_mounted)
        last.query_one(".a-weapon").focus()
        await pilot.press(*"Sword")
        await add_weapon(pilot, "Sword")
        await pilot.press("tab")
        await pilot.pause(0.2)
        assert len(actions(app)) == 4
        assert "no action uses" not in app.screen.query(WeaponRow).last().error.message

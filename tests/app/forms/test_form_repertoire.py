"""The sheet form writes the combatant's own repertoire: a skill's usual stat, and a
melee weapon's parry beside its attack (A10); a new sheet's name starts empty."""

from __future__ import annotations

from textual.widgets import Button, Input, Select

from rules.model.commands import AddCombatant, EditCombatant
from rules.model.state import Action, Combatant, Encounter
from tests.support.modal_host import Host, type_into, until
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.combatant_rows import ActionRow, WeaponRow


def bare() -> Encounter:
    return Encounter(combatants={"c1": Combatant(id="c1", name="Kans")}, next_id=2)


def actions(app: Host) -> list[ActionRow]:
    return list(app.screen.query_one("#actions").query_children(ActionRow))


async def named_weapon(pilot, name: str) -> WeaponRow:  # type: ignore[no-untyped-def]
    app = pilot.app
    app.screen.query_one("#add-weapon", Button).press()
    await until(pilot, lambda: bool(app.screen.query(WeaponRow)))
    await until(pilot, lambda: app.focused is not None and "w-name" in app.focused.classes)
    await pilot.press(*name)
    return app.screen.query(WeaponRow).last()


async def test_a_new_sheet_starts_with_an_empty_name() -> None:
    app = Host(CombatantForm(bare(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#name", Input)
        assert name.value == ""
        assert "Kans" not in name.placeholder  # a dim sample name reads as one filled in


async def test_the_usual_stat_of_a_skill_is_saved_and_shown_again() -> None:
    app = Host(CombatantForm(bare(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Seer")
        await type_into(pilot, "#skills", "Observe 5, Shoot 3")
        await type_into(pilot, "#skill_stats", "Observe perception, Shoot Dexterity")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    c = command.combatant
    assert c.usual_stat("Observe") == "Perception" and c.usual_stat("shoot") == "Dexterity"
    enc = Encounter(combatants={c.id: c})
    again = Host(CombatantForm(enc, c.id))
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = again.screen.query_one("#skill_stats", Input).value
        assert shown == "Observe perception, Shoot Dexterity"


async def test_a_usual_stat_the_sheet_lacks_is_refused_under_its_field() -> None:
    app = Host(CombatantForm(bare(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Seer")
        await type_into(pilot, "#skill_stats", "Observe Faith")
        command, errors = app.screen.validate_form()  # type: ignore[attr-defined]
    assert command is None
    assert "'Faith' is not on the sheet" in errors["skill_stats"]


async def test_a_melee_weapon_brings_its_parry_a_ranged_one_does_not() -> None:
    app = Host(CombatantForm(bare(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Guy")
        sword = await named_weapon(pilot, "Sword")
        await pilot.press("tab")
        await until(pilot, lambda: len(actions(app)) == 5)
        pistol = await named_weapon(pilot, "Pistol")
        pistol.query_one(".w-kind", Select).value = "ranged"
        await pilot.press("tab")
        await until(pilot, lambda: len(actions(app)) == 6)  # ranged before it was named: no parry
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    assert sword.item is None  # a new row: the form offered the actions
    (command,) = app.results
    assert isinstance(command, AddCombatant | EditCombatant)
    found = command.combatant.actions
    assert Action(name="Parry: Sword", kind="parry", weapon="Sword", cost=2) in found
    assert [a.name for a in found if a.weapon == "Pistol"] == ["Attack: Pistol"]

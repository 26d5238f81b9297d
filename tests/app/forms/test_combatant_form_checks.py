"""What the combatant form refuses beyond field shapes: a name already in the encounter,
a sheet with no action (A7, A8), a weapon or action rolling on a stat the sheet lacks (A1).
A new sheet starts with a default repertoire (R6); a skill not on the sheet only gets a note.
"""

from __future__ import annotations

from rules.model.commands import AddCombatant, EditCombatant
from rules.model.state import Action, Combatant, Encounter, Weapon
from tests.support.modal_host import Host, save_disabled, shown, type_into, until
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.combatant_rows import ActionRow

SIZE = (120, 40)


def encounter() -> Encounter:
    kans = Combatant(
        id="kans",
        name="Kans the Scraver",
        side="PC",
        stats={"Strength": 5, "Dexterity": 6, "Endurance": 7, "Wits": 7},
        skills={"Melee": 4, "Dodge": 5},
        weapons=[Weapon(name="knife", skill="Melee", stat="Dexterity")],
        actions=[Action(name="Attack: knife", kind="attack", weapon="knife")],
    )
    molin = Combatant(id="molin", name="Baron Molin", actions=[Action(name="Wait", cost=1)])
    return Encounter(combatants={"kans": kans, "molin": molin}, next_id=3)


async def test_a_new_sheet_starts_with_dodge_move_and_wait_R6() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "Dinzis")
        await pilot.pause()
        assert "note:" not in shown(app, "action-0")  # a fresh sheet gets no note in red
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    actions = [(a.name, a.cost, a.kind, a.skill) for a in command.combatant.actions]
    assert actions == [
        ("Dodge", 2, "dodge", None),  # rolls Dodge (R9) with no note on a fresh sheet
        ("Move", 3, "other", None),
        ("Wait", 1, "other", None),
    ]


async def test_a_sheet_with_no_action_is_refused_under_the_actions() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "Dinzis")
        for _ in range(3):
            await pilot.click("ActionRow .remove")
        await until(pilot, lambda: not app.screen.query(ActionRow))
        assert shown(app, "actions").startswith("needs at least one action")
        assert "(A7, A8)" in shown(app, "actions") and save_disabled(app)
        await pilot.press("ctrl+s")
        assert app.results == []
        await pilot.click("#add-action")
        await pilot.press(*"Wait")
        assert shown(app, "actions") == "" and not save_disabled(app)


async def test_a_taken_name_is_refused_under_the_name_field() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "kans the scraver")
        assert shown(app, "name") == (
            "Kans the Scraver (kans) already has this name: names must differ (case aside),"
            " e.g. 'kans the scraver 2'"
        )
        await pilot.press("ctrl+s")
        assert app.results == [] and save_disabled(app)
        await type_into(pilot, "#name", "Kans the Scraver 2")
        assert shown(app, "name") == ""
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert command.combatant.name == "Kans the Scraver 2"


async def test_edit_refuses_another_name_but_keeps_its_own() -> None:
    app = Host(CombatantForm(encounter(), "molin"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "KANS THE SCRAVER")
        assert shown(app, "name").startswith("Kans the Scraver (kans) already has this name")
        await type_into(pilot, "#name", "baron molin")  # its own name, recased
        assert shown(app, "name") == ""
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, EditCombatant) and command.combatant.name == "baron molin"


async def test_a_weapon_on_a_blanked_stat_is_refused_under_its_row_A1() -> None:
    app = Host(CombatantForm(encounter(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#stat-1", "")  # Dexterity blank: the knife still rolls on it
        assert shown(app, "weapon-0") == (
            "stat 'Dexterity' is not on the sheet (has Strength, Endurance, Wits)"
        )
        assert save_disabled(app)
        await pilot.press("ctrl+s")
        assert app.results == []
        await type_into(pilot, "WeaponRow .w-stat", "strength")  # any case names the stat
        assert shown(app, "weapon-0") == "" and not save_disabled(app)


async def test_an_action_on_an_unknown_stat_is_refused_under_its_row_A1() -> None:
    app = Host(CombatantForm(encounter(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "ActionRow .a-stat", "Agility")
        assert shown(app, "action-0").startswith("stat 'Agility' is not on the sheet")
        assert save_disabled(app)
        await type_into(pilot, "#more-stats", "Agility 6")
        assert shown(app, "action-0") == "" and not save_disabled(app)


async def test_a_skill_not_on_the_sheet_is_a_note_that_does_not_block_A1() -> None:
    app = Host(CombatantForm(encounter(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "WeaponRow .w-skill", "Knives")
        assert shown(app, "weapon-0") == (
            "note: skill 'Knives' is not on the sheet, so it rolls 0 dice (A1)"
        )
        assert not save_disabled(app)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, EditCombatant)
    assert command.combatant.weapons[0].skill == "Knives"


async def test_skills_typed_under_the_stats_are_refused_there_and_stats_under_skills() -> None:
    """Issue 27: `Melee 4, Dodge 3` typed one field early (More stats) silently made
    two stats and no skills. Now each is named under the field it was typed in."""
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "Dinzis")
        await type_into(pilot, "#more-stats", "Melee 4, Dodge 3")
        await until(pilot, lambda: "is a skill" in shown(app, "stats"))
        said = shown(app, "stats")
        assert "'Melee' is a skill (Kans the Scraver has it)" in said
        assert "'Dodge' is a skill" in said and save_disabled(app)
        await pilot.press("ctrl+s")
        assert app.results == []
        await type_into(pilot, "#more-stats", "")
        await type_into(pilot, "#skills", "Melee 4, Wits 3")
        await until(pilot, lambda: "is a stat" in shown(app, "skills"))
        assert "'Wits' is a stat on this sheet" in shown(app, "skills")
        assert shown(app, "stats") == ""
        await type_into(pilot, "#skills", "Melee 4, Dodge 3")
        await until(pilot, lambda: not save_disabled(app))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert command.combatant.skills == {"Melee": 4, "Dodge": 3}
    assert "Melee" not in command.combatant.stats


async def test_space_presses_the_focused_button_as_enter_does() -> None:
    """Issue 27: space on `+ weapon` did nothing (Textual's Button binds enter only)."""
    from tracker.modals.combatant_rows import WeaponRow

    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        rows = len(app.screen.query(WeaponRow))
        app.screen.query_one("#add-weapon").focus()
        await pilot.pause()
        await pilot.press("space")
        await until(pilot, lambda: len(app.screen.query(WeaponRow)) == rows + 1)
        await type_into(pilot, "#name", "Dinzis")
        app.screen.query_one("#cancel").focus()
        await pilot.pause()
        await pilot.press("space")
        await until(pilot, lambda: app.results == [None])

"""The sheet line at the top of the add form (issue 27): Enter fills the form as typing
would, a bad line fills nothing and says why under it; Enter elsewhere moves on (an
Enter after the name saved a half-filled sheet), ctrl+s or the last field's saves;
and the bench's new PC ends as the sheet it typed."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from bench.bench_keys import ULRIC, new_pc
from rules.model.commands import AddCombatant
from rules.model.state import Action, Armour, Combatant, Encounter, Shield, Weapon
from tests.support.modal_host import Host, choose, shown, type_into, until
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.combatant_rows import ActionRow, WeaponRow

SIZE = (120, 40)


def encounter() -> Encounter:
    """One being already there (a taken name would show), before combat."""
    kans = Combatant(id="c1", name="Kans", side="PC", stats={"Dexterity": 6})
    return Encounter(combatants={"c1": kans}, next_id=2)


def ulric_expected(c: Combatant) -> None:
    assert (c.name, c.side) == ("Sir Ulric", "PC")
    assert c.stats == {
        "Strength": 6,
        "Dexterity": 7,
        "Endurance": 6,
        "Wits": 5,
        "Perception": 5,
        "Tech": 3,
    }
    assert c.skills == {"Melee": 7, "Dodge": 4, "Fight": 5}
    assert c.weapons == [Weapon(name="broadsword", damage=5, kind="melee")]
    assert c.armour == Armour(rating=6, hard=3, soft=2)
    assert c.shield == Shield(low=5, high=10, hits_left=10)
    names = [a.name for a in c.actions]
    assert names == ["Attack: broadsword", "Parry: broadsword", "Dodge", "Move", "Wait"]


async def saved_by_line(enc: Encounter, line: str) -> Combatant:
    app = Host(CombatantForm(enc, None))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: getattr(app.focused, "id", None) == "sheet-line")
        await pilot.press(*line, "enter")
        await until(pilot, lambda: getattr(app.focused, "id", None) == "save")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    return command.combatant


async def test_the_line_fills_the_form_as_typing_each_field_would() -> None:
    by_line = await saved_by_line(encounter(), ULRIC)
    ulric_expected(by_line)
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "Sir Ulric")
        await choose(pilot, "#side", "PC")
        for i, value in enumerate("676553"):
            await type_into(pilot, f"#stat-{i}", value)
        await type_into(pilot, "#skills", "Melee 7, Dodge 4, Fight 5")
        await pilot.click("#add-weapon")
        await until(pilot, lambda: bool(app.screen.query(WeaponRow)))
        await type_into(pilot, ".w-name", "broadsword")
        await type_into(pilot, ".w-damage", "5")
        for field, value in (("rating", "6"), ("hard", "3"), ("soft", "2")):
            await type_into(pilot, f"#armour-{field}", value)
        for field, value in (("low", "5"), ("high", "10"), ("hits", "10")):
            await type_into(pilot, f"#shield-{field}", value)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert command.combatant == by_line


async def test_a_bad_line_fills_nothing_and_says_why_under_it() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#sheet-line", "Bob: Str 9; armour 6/3; Melee 11")
        await pilot.press("enter")
        await until(pilot, lambda: "nothing filled" in shown(app, "sheet-line"))
        message = shown(app, "sheet-line")
        assert "'armour 6/3' needs three numbers: rating/hard/soft" in message
        assert "skill 'Melee': must be 0–10" in message
        form = app.screen
        assert form.query_one("#name", Input).value == ""
        assert form.query_one("#stat-0", Input).value == "5"
        assert form.query_one("#skills", Input).value == ""
        assert app.results == []
        await type_into(pilot, "#sheet-line", "Bob: Str 9")  # a new line: the old words go
        await until(pilot, lambda: shown(app, "sheet-line") == "")


async def test_a_huge_paste_is_refused_in_words() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        field = app.screen.query_one("#sheet-line", Input)
        field.value = "Str 5 " * 2000  # 12,000 characters, as a paste puts them
        field.focus()
        await pilot.press("enter")
        await until(pilot, lambda: "at most 2,000" in shown(app, "sheet-line"))
        assert app.screen.query_one("#stat-0", Input).value == "5"


async def test_a_second_line_replaces_the_first_ones_weapons_and_their_actions() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#sheet-line", "Bob: Str 6; sword 5 melee")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.screen.query(WeaponRow)) == 1)
        await type_into(pilot, "#sheet-line", "Bob: Str 6; pistol 4 ranged Shoot")
        await pilot.press("enter")
        await until(
            pilot, lambda: [r.text("w-name") for r in app.screen.query(WeaponRow)] == ["pistol"]
        )
        await until(pilot, lambda: getattr(app.focused, "id", None) == "save")
        actions = [r.text("a-name") for r in app.screen.query(ActionRow)]
        assert actions == ["Attack: pistol", "Dodge", "Move", "Wait"]  # no parry: ranged
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert command.combatant.weapons == [
        Weapon(name="pistol", damage=4, kind="ranged", skill="Shoot")
    ]
    assert command.combatant.actions[0] == Action(
        name="Attack: pistol", kind="attack", weapon="pistol", cost=3
    )


async def test_enter_after_the_name_moves_on_and_saves_nothing() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "Baron")
        await pilot.press("enter")
        await until(pilot, lambda: getattr(app.focused, "id", None) == "side")
        await pilot.press("enter")  # a drop-down's enter moves on too
        await until(pilot, lambda: getattr(app.focused, "id", None) == "awareness")
        assert app.results == []  # the half-filled sheet was not saved
        await type_into(pilot, "#luck", "1")  # the last field: its Enter saves
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert (command.combatant.name, command.combatant.luck) == ("Baron", 1)


async def test_ctrl_s_saves_from_any_field() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "Baron")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant) and command.combatant.name == "Baron"


async def test_the_bench_new_pc_is_the_sheet_it_typed_in_three_keys() -> None:
    keys, ulric = await new_pc()
    assert ulric is not None
    ulric_expected(ulric)
    assert keys.keys == 3  # +, the line and its Enter, Enter on Save
    assert keys.chars == len(ULRIC) + 3


async def test_a_sheet_pasted_over_several_lines_fills_every_part() -> None:
    """The hunt's paste: Textual's Input kept only the first line, and Sir Ulric was saved
    with no skills, weapon, armour or shield, without a word. Each line is a part."""
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: getattr(app.focused, "id", None) == "sheet-line")
        pasted = ULRIC.replace("; ", "\r\n  ") + "\n"
        app.focused.post_message(events.Paste(pasted))  # type: ignore[union-attr]
        field = app.screen.query_one("#sheet-line", Input)
        await until(pilot, lambda: field.value == ULRIC)
        await pilot.press("enter")
        await until(pilot, lambda: getattr(app.focused, "id", None) == "save")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    ulric_expected(command.combatant)

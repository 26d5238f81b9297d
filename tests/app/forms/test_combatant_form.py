"""The combatant sheet form: add and edit, validation as you type, refusals, 80x24;
last, the attack action a new weapon gets (A7).
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Button, Input

from rules.model.commands import AddCombatant, EditCombatant
from rules.model.state import Action, Combatant, Encounter, Shield, Weapon, Wound
from tests.support.modal_host import Host, choose, save_disabled, shown, type_into, until
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.combatant_rows import ActionRow, WeaponRow
from tracker.modals.sheet_checks import slot_for


def kans() -> Combatant:
    return Combatant(
        id="c1",
        name="Kans",
        side="PC",
        stats={"Strength": 5, "Dexterity": 6, "Endurance": 7, "Wits": 7, "Perception": 5},
        skills={"Melee": 6, "Dodge": 4},
        weapons=[Weapon(name="Sword", damage=5)],
        actions=[Action(name="Strike", kind="attack", weapon="Sword")],
        shield=Shield(low=5, high=10),
        wounds=[Wound(location="chest", level="Wound", wp=3, time=4, bleeding=True)],
        bleed_rate=1,
        bleed_anchor=4,
        ttu=12,
        luck=2,
    )


def encounter(in_combat: bool = False) -> Encounter:
    return Encounter(combatants={"c1": kans()}, in_combat=in_combat, time=9, next_id=2)


async def test_add_builds_the_sheet_from_typed_fields() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Baron Molin")
        await choose(pilot, "#side", "ene")
        await type_into(pilot, "#stat-3", "8")  # Wits
        await type_into(pilot, "#stat-5", "")  # no Tech: a blank drops the stat
        await type_into(pilot, "#more-stats", "Presence 4, Faith 3")
        await type_into(pilot, "#skills", "Melee 6, Shoot 5, Energy Guns 4")
        await type_into(pilot, "#abilities", "Attack 120")
        await type_into(pilot, "#armour-hard", "3")
        await type_into(pilot, "#armour-soft", "2")
        await type_into(pilot, "#luck", "-1")
        await type_into(pilot, "#name", "Baron Molin")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    c = command.combatant
    assert c.id == "c2"  # the next free c<n>
    assert (c.name, c.side) == ("Baron Molin", "enemy")
    assert c.stats == {
        "Strength": 5,
        "Dexterity": 5,
        "Endurance": 5,
        "Wits": 8,
        "Perception": 5,
        "Presence": 4,
        "Faith": 3,
    }
    assert c.skills == {"Melee": 6, "Shoot": 5, "Energy Guns": 4}
    assert c.abilities == {"Attack": 120}
    assert (c.armour.rating, c.armour.hard, c.armour.soft) == (0, 3, 2)
    assert c.shield is None
    assert c.luck == -1
    assert command.awareness == "standard"


async def test_add_during_combat_asks_awareness_for_the_reaction_roll_R8() -> None:
    app = Host(CombatantForm(encounter(in_combat=True), None))
    async with app.run_test(size=(120, 40)) as pilot:
        assert "joins the fight at track 9 (R8)" in str(
            app.screen.query_one(".dialog-title").render()
        )
        await type_into(pilot, "#name", "Dinzis")
        await choose(pilot, "#awareness", "rea")
        await type_into(pilot, "#name", "Dinzis")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert command.awareness == "ready"
    assert command.combatant.awareness == "ready"


async def test_weapon_and_action_rows_with_default_cost_R6() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Lio")
        await pilot.click("#add-weapon")
        await until(pilot, lambda: len(app.screen.query(WeaponRow)) == 1)
        await type_into(pilot, "WeaponRow .w-name", "Blaster")
        await type_into(pilot, "WeaponRow .w-skill", "Shoot")
        await type_into(pilot, "WeaponRow .w-damage", "6")
        await choose(pilot, "WeaponRow .w-kind", "ran")
        await pilot.click("#add-action")  # after Attack: Blaster and Dodge, Move, Wait
        await until(pilot, lambda: len(app.screen.query(ActionRow)) == 5)
        await type_into(pilot, "ActionRow:last-of-type .a-name", "Fire")
        await type_into(pilot, "ActionRow:last-of-type .a-weapon", "Blaster")
        await type_into(pilot, "#name", "Lio")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert command.combatant.weapons == [
        Weapon(name="Blaster", skill="Shoot", stat="Dexterity", damage=6, kind="ranged")
    ]
    *_defaults, action = command.combatant.actions
    assert (action.name, action.cost, action.weapon, action.skill) == ("Fire", 3, "Blaster", None)
    assert command.combatant.actions[0].name == "Attack: Blaster"  # added with the weapon


async def test_edit_keeps_the_id_and_what_combat_did() -> None:
    enc = encounter(in_combat=True)
    app = Host(CombatantForm(enc, "c1"))
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.screen.query_one("#skills").value == "Melee 6, Dodge 4"
        await type_into(pilot, "#stat-3", "9")
        await type_into(pilot, "#skills", "Melee 7, Dodge 4")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, EditCombatant)
    c = command.combatant
    assert c.id == "c1"
    assert c.stats["Wits"] == 9 and c.skills == {"Melee": 7, "Dodge": 4}
    assert c.wounds == enc.combatants["c1"].wounds
    assert (c.bleed_rate, c.bleed_anchor, c.ttu, c.luck) == (1, 4, 12, 2)
    assert c.shield == Shield(low=5, high=10)
    assert enc.combatants["c1"].stats["Wits"] == 7  # the form never touched the state


async def test_bad_values_are_named_next_to_their_fields_and_refused() -> None:
    app = Host(CombatantForm(encounter(), "c1"))
    async with app.run_test(size=(120, 40)) as pilot:
        modal = app.screen
        await type_into(pilot, "#stat-3", "31")
        assert shown(app, "stats") == "Wits: must be 0–30"
        await type_into(pilot, "#skills", "Melee ten, Dodge 4")
        assert shown(app, "skills") == "skill 'Melee': 'ten' is not a number"
        await type_into(pilot, "#shield-low", "10")
        await type_into(pilot, "#shield-high", "5")
        assert shown(app, "shield") == "shield low 10 is above high 5"
        await type_into(pilot, "ActionRow .a-cost", "0")
        assert shown(app, "action-0") == "cost: must be 1–100"
        assert save_disabled(app)
        await type_into(pilot, "#name", "Kans")
        await pilot.press("ctrl+s")
        await pilot.click("#save")
        assert app.screen is modal and app.results == []
        assert modal.refusals == 1  # enter refused; the disabled Save does nothing
        # Fixing every field lets it through.
        await type_into(pilot, "#stat-3", "8")
        await type_into(pilot, "#skills", "Melee 6")
        await type_into(pilot, "#shield-low", "4")
        await type_into(pilot, "ActionRow .a-cost", "2")
        assert not save_disabled(app)
        await pilot.click("#save")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, EditCombatant)
    assert command.combatant.actions[0].cost == 2


async def test_shape_problems_in_typed_lists() -> None:
    app = Host(CombatantForm(encounter(), "c1"))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#skills", "Melee 6, melee 5, Dodge")
        assert shown(app, "skills") == (
            "skill 'melee' is given twice; skill 'Dodge': needs a name and a number"
        )
        await type_into(pilot, "#more-stats", "Wits 4")
        assert shown(app, "stats") == "stat 'Wits' is given twice"
        await type_into(pilot, "#shield-high", "")
        assert shown(app, "shield") == "a shield needs both low and high (or neither)"
        await type_into(pilot, "#shield-high", "9")
        await type_into(pilot, "ActionRow .a-weapon", "Axe")
        assert shown(app, "form") == "action 'Strike' names unknown weapon 'Axe'"
        await type_into(pilot, "#name", "")
        assert shown(app, "name") == "must not be empty"
        assert save_disabled(app)


async def test_removing_a_row() -> None:
    app = Host(CombatantForm(encounter(), "c1"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.click("#add-action")
        await until(pilot, lambda: len(app.screen.query(ActionRow)) == 2)
        await pilot.press(*"Wait")
        await pilot.click("ActionRow .remove")
        await until(pilot, lambda: len(app.screen.query(ActionRow)) == 1)
        await pilot.click("WeaponRow .remove")
        await until(pilot, lambda: not app.screen.query(WeaponRow))
        await pilot.click("#save")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, EditCombatant)
    assert command.combatant.weapons == []
    assert [a.name for a in command.combatant.actions] == ["Wait"]


async def test_a_fresh_sheet_is_quiet_until_enter_is_refused() -> None:
    app = Host(CombatantForm(encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        assert shown(app, "name") == "" and save_disabled(app)
        await pilot.press("ctrl+s")
        assert shown(app, "name") == "must not be empty" and app.results == []


async def test_escape_returns_none() -> None:
    app = Host(CombatantForm(encounter(), "c1"))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#stat-3", "12")
        await pilot.press("escape")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [None]


async def test_fits_80x24_with_save_in_view_and_the_body_scrolling() -> None:
    app = Host(CombatantForm(encounter(), "c1"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        save = app.screen.query_one("#save", Button)
        assert save.region.bottom <= 24 and save.region.right <= 80 and save.region.width > 0
        body = app.screen.query_one("#body", VerticalScroll)
        assert body.max_scroll_y > 0  # the sheet scrolls inside the dialog
        await pilot.click("#save")
        await until(pilot, lambda: bool(app.results))
    assert isinstance(app.results[0], EditCombatant)


def test_error_paths_land_on_their_fields() -> None:
    assert slot_for("stats.Wits") == ("stats", "Wits: ")
    assert slot_for("skills.Energy Guns") == ("skills", "skill 'Energy Guns': ")
    assert slot_for("weapons.2.damage") == ("weapon-2", "damage: ")
    assert slot_for("actions.0") == ("action-0", "")
    assert slot_for("armour.rating") == ("armour", "AR: ")
    assert slot_for("shield.hits_left") == ("shield", "hits left: ")
    assert slot_for("") == ("form", "")
    assert slot_for("drains") == ("form", "drains: ")


def test_an_unknown_id_is_refused_by_name() -> None:
    try:
        CombatantForm(encounter(), "c9")
    except ValueError as err:
        assert "combatant_id" in str(err)
    else:
        raise AssertionError("expected a ValueError")


async def test_a_pasted_escape_sequence_in_a_name_is_refused_and_named() -> None:
    """A name is drawn on the track, roster and log: an escape in it would garble the
    terminal, so the form names the character and saves nothing."""
    app = Host(CombatantForm(encounter(), "c1"))
    async with app.run_test(size=(120, 40)) as pilot:
        modal = app.screen
        modal.query_one("#name", Input).value = "Kans\x1b[2J"  # pasted, not typed
        await pilot.pause()
        assert "control character (U+001B) at position 5" in shown(app, "name")
        assert save_disabled(app)
        await pilot.press("ctrl+s")
        assert app.screen is modal and app.results == []


# --- A weapon typed into the + form gets an `Attack: <weapon>` action (kind attack, cost 3,
# first in the list), unless an action already uses it; a weapon no action uses earns a
# note, and the GM can still remove the added action (A7, R6).


def bare_encounter() -> Encounter:
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
    app = Host(CombatantForm(bare_encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Guy")
        await add_weapon(pilot, "Sword")
        await pilot.press("tab")  # on to the weapon's skill
        await until(pilot, lambda: actions(app)[0].is_mounted and len(actions(app)) == 5)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    c = command.combatant
    assert c.actions[0] == Action(name="Attack: Sword", kind="attack", weapon="Sword", cost=3)
    # a melee weapon brings its parry too (A10)
    assert [a.name for a in c.actions[1:]] == ["Parry: Sword", "Dodge", "Move", "Wait"]


async def test_ctrl_s_in_the_weapon_name_still_adds_the_attack() -> None:
    app = Host(CombatantForm(bare_encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Guy")
        await add_weapon(pilot, "Pistol")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert command.combatant.actions[0].weapon == "Pistol"


async def test_removed_attack_stays_removed_and_a_note_says_the_weapon_is_unused() -> None:
    app = Host(CombatantForm(bare_encounter(), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await type_into(pilot, "#name", "Guy")
        row = await add_weapon(pilot, "Sword")
        await pilot.press("tab")
        await until(pilot, lambda: len(actions(app)) == 5)  # its attack and its parry
        actions(app)[1].query_one(".remove", Button).press()
        await until(pilot, lambda: len(actions(app)) == 4)
        actions(app)[0].query_one(".remove", Button).press()
        await until(pilot, lambda: len(actions(app)) == 3)
        await until(pilot, lambda: "no action uses 'Sword'" in row.error.message)
        await type_into(pilot, "#luck", "1")  # moving around again adds nothing back
        assert len(actions(app)) == 3
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(app.results))
    (command,) = app.results
    assert isinstance(command, AddCombatant)
    assert [a.name for a in command.combatant.actions] == ["Dodge", "Move", "Wait"]


async def test_a_weapon_an_action_already_uses_gets_no_second_attack() -> None:
    app = Host(CombatantForm(bare_encounter(), None))
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

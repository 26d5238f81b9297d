"""Each small modal hosted in a bare app, driven with Pilot: the exact Command (or value)
it returns, its refusals (the modal stays open, the message shows, nothing returns),
and escape returning None. The combatant form has its own file (test_combatant_form.py),
the modals that read or write files theirs (test_file_modals.py).
"""

from __future__ import annotations

import pytest
from textual.binding import Binding
from textual.widgets import Static

from rules.model.commands import (
    ApplyWound,
    EndCombat,
    Heal,
    Luck,
    NoteUnusedDice,
    Rest,
    SetDemiseGoal,
    StartCombat,
    Staunch,
    TreatCondition,
)
from rules.model.state import Combatant, Encounter, Pending, Wound
from tests.support.modal_host import Host, choose, save_disabled, shown, type_into, until
from tests.support.pending_samples import parry_data
from tracker.modals import (
    BeginCombat,
    Confirm,
    DiceEntry,
    EndCombatModal,
    HealForm,
    LuckForm,
    SettingsForm,
    WoundForm,
)
from tracker.screens.help import HelpScreen

SIZE = (100, 30)


def fighters() -> Encounter:
    kans = Combatant(id="c1", name="Kans", side="PC", awareness="ready")
    baron = Combatant(id="c2", name="Baron Molin", awareness="surprised")
    dinzis = Combatant(id="c3", name="Dinzis", stats={"Wits": 6, "Endurance": 6})
    dead = Combatant(id="c4", name="Corpse", dead=True)
    return Encounter(combatants={c.id: c for c in (kans, baron, dinzis, dead)}, next_id=5)


def hurt() -> Encounter:
    """Kans with two wounds, bleeding, broken ribs and a broken arm, exhausted, lucky."""
    kans = Combatant(
        id="c1",
        name="Kans",
        stats={"Endurance": 7, "Wits": 7},
        wounds=[
            Wound(location="chest", level="Gore", wp=4, time=3, bleeding=True),
            Wound(location="left arm", level="Gore", wp=4, time=8, bleeding=True),
        ],
        bleed_rate=2,
        bleed_anchor=3,
        broken_ribs=True,
        limbs={"left arm": "broken"},
        exhaustion=1,
        luck=3,
    )
    calm = Combatant(id="c2", name="Calm")
    pending = Pending(
        id=7,
        kind="demise",
        combatant="c1",
        text="Kans: demise check (5+ WP)",
        data={"trigger": "massive wound"},
    )
    parry = Pending(
        id=8, kind="parry", combatant="c2", text="Calm may parry", data=parry_data("c1")
    )
    return Encounter(combatants={"c1": kans, "c2": calm}, pending=[pending, parry], in_combat=True)


async def run(modal: object, *keys: str) -> list[object]:
    """Show a modal, press keys, and return what it dismissed with."""
    app = Host(modal)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        await until(pilot, lambda: bool(app.results))
    return app.results


# --- Confirm -------------------------------------------------------------------------
@pytest.mark.parametrize(("key", "answer"), [("y", True), ("enter", True), ("n", False)])
async def test_confirm_answers(key: str, answer: bool) -> None:
    assert await run(Confirm("Remove Kans?"), key) == [answer]


async def test_confirm_escape_says_no() -> None:
    assert await run(Confirm("Quit?"), "escape") == [False]


# --- DiceEntry -----------------------------------------------------------------------
async def test_dice_entry_reads_typed_faces_with_0_as_10() -> None:
    results = await run(DiceEntry("soft armour: Kans", 10, 6), *"1 5 7 8 8 0", "enter")
    assert results == [[1, 5, 7, 8, 8, 10]]


async def test_dice_entry_d100_double_zero_is_100() -> None:
    assert await run(DiceEntry("open roll", 100, 2), *"00 45", "enter") == [[100, 45]]


async def test_dice_entry_refuses_a_wrong_count_or_face_until_fixed() -> None:
    modal = DiceEntry("soft armour: Kans", 10, 3)
    app = Host(modal)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert shown(app, "faces") == "type 3 d10 faces" and app.results == []
        await pilot.press(*"1 5", "enter")
        assert shown(app, "faces") == "expected 3 d10 faces, got 2"
        await pilot.press(*" 11", "enter")
        assert shown(app, "faces") == "die 3: 11 is not a face of a d10 (1-10)"
        assert app.screen is modal and app.results == [] and modal.refusals == 3
        await pilot.press("backspace", "backspace", "9", "enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [[1, 5, 9]]


async def test_dice_entry_escape() -> None:
    assert await run(DiceEntry("reaction roll: Kans", 10, 1), *"4", "escape") == [None]


# --- BeginCombat ---------------------------------------------------------------------
async def test_begin_combat_initiator_and_prefilled_awareness_A7() -> None:
    app = Host(BeginCombat(fighters()))
    async with app.run_test(size=SIZE) as pilot:
        assert not app.screen.query("#start-3")  # the dead take no part
        app.screen.query_one("#start-2").focus()
        await pilot.press("space")  # Dinzis starts the fight
        await choose(pilot, "#aware-0", "act")  # Kans was ready, now active
        await pilot.press("escape")  # the select is closed: escape cancels the dialog
        await until(pilot, lambda: bool(app.results))
    assert app.results == [None]  # escape cancels the whole dialog

    app = Host(BeginCombat(fighters()))
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#start-2").focus()
        await pilot.press("space")
        await choose(pilot, "#aware-0", "act")
        app.screen.query_one("#start-2").focus()
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [
        StartCombat(initiators=["c3"], awareness={"c1": "active", "c2": "surprised"})
    ]


async def test_begin_combat_opens_on_the_first_row() -> None:
    # space ticks the first fighter at once, enter begins: no mouse, no tab.
    results = await run(BeginCombat(fighters()), "space", "enter")
    assert results == [
        StartCombat(initiators=["c1"], awareness={"c2": "surprised", "c3": "standard"})
    ]


async def test_begin_combat_refuses_without_initiator_or_wits() -> None:
    app = Host(BeginCombat(fighters()))
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#start-0").focus()
        await pilot.press("enter")
        assert shown(app, "form") == "tick at least one combatant who starts the fight"
        await pilot.press("space")  # Kans starts; Baron Molin has Wits 5, Dinzis Wits 6
        assert shown(app, "form") == "" and not save_disabled(app)
        enc = fighters()
        del enc.combatants["c2"].stats["Wits"]
    app = Host(BeginCombat(enc))
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#start-0").focus()
        await pilot.press("space", "enter")
        assert "Baron Molin has no Wits stat" in shown(app, "row-1")
        assert app.results == []


# --- EndCombatModal ------------------------------------------------------------------
async def test_end_combat_by_letter_or_arrows() -> None:
    enc = Encounter(in_combat=True, time=14)
    assert await run(EndCombatModal(enc), "r") == [EndCombat(outcome="retreat")]
    assert await run(EndCombatModal(enc), "down", "enter") == [EndCombat(outcome="defeat")]
    assert await run(EndCombatModal(enc), "escape") == [None]


async def test_end_combat_refused_when_no_combat_runs() -> None:
    app = Host(EndCombatModal(Encounter()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("v")
        assert shown(app, "form") == "no combat is running" and app.results == []


# --- WoundForm -----------------------------------------------------------------------
async def test_wound_by_level_name_and_location_R14() -> None:
    app = Host(WoundForm(hurt(), "c2"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#wp", "gore")
        await choose(pilot, "#location", "left a")
        preview = str(app.screen.query_one("#preview", Static).render())
        assert "bleeds, BLR +1 (R12)" in preview and "breakage roll, goal 6 (A15)" in preview
        await type_into(pilot, "#source", "fall")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [
        ApplyWound(target="c2", wound_points=4, location="left arm", source="fall")
    ]


async def test_wound_refusals() -> None:
    app = Host(WoundForm(hurt(), "c2"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#wp", "31")
        assert shown(app, "wp") == "must be 1–30"
        await pilot.press("enter")
        await type_into(pilot, "#wp", "ouch")
        assert shown(app, "wp").startswith("'ouch' is neither a number nor a damage level")
        assert app.results == [] and save_disabled(app)
        await pilot.press("escape")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [None]


# --- HealForm ------------------------------------------------------------------------
async def test_heal_wound_points_from_a_chosen_wound() -> None:
    app = Host(HealForm(hurt(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#heal-wp", "2")
        await choose(pilot, "#heal-wound", "2.")
        await type_into(pilot, "#heal-wp", "2")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Heal(target="c1", wound_points=2, wound=1)]


async def test_heal_newest_first_by_default_and_bad_wp_refused() -> None:
    app = Host(HealForm(hurt(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#heal-wp", "0")
        assert shown(app, "heal-wp") == "must be 1–99"
        await pilot.press("enter")
        assert app.results == []
        await type_into(pilot, "#heal-wp", "3")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Heal(target="c1", wound_points=3, wound=None)]


async def test_staunch_lowers_or_stops_bleeding_R13() -> None:
    app = Host(HealForm(hurt(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, "#care", "sta")
        await type_into(pilot, "#staunch-amount", "1")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Staunch(target="c1", amount=1)]
    app = Host(HealForm(hurt(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, "#care", "sta")
        await type_into(pilot, "#staunch-amount", "")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Staunch(target="c1", amount=None)]


async def test_treat_a_limb_and_rest_A5() -> None:
    app = Host(HealForm(hurt(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, "#care", "tre")
        await choose(pilot, "#treat-what", "left")
        await pilot.click("#save")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [TreatCondition(target="c1", condition="limb", location="left arm")]
    app = Host(HealForm(hurt(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, "#care", "res")
        await pilot.click("#save")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Rest(target="c1")]


async def test_care_that_does_not_apply_is_refused() -> None:
    app = Host(HealForm(hurt(), "c2"))  # Calm: unhurt, not bleeding, rested
    async with app.run_test(size=SIZE) as pilot:
        assert shown(app, "form") == "Calm has no wound points to heal"
        for care, why in (
            ("sta", "Calm is not bleeding"),
            ("tre", "Calm has no condition to treat"),
            ("res", "Calm has no exhaustion to rest off"),
        ):
            await choose(pilot, "#care", care)
            assert shown(app, "form") == why and save_disabled(app)
        await pilot.press("escape")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [None]


# --- LuckForm ------------------------------------------------------------------------
async def test_luck_award_with_reason_C2() -> None:
    app = Host(LuckForm(hurt(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#reason", "saved the child")
        await type_into(pilot, "#amount", "+2")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Luck(target="c1", amount=2, reason="saved the child")]


async def test_luck_refusals_and_unused_dice_C1() -> None:
    app = Host(LuckForm(hurt(), "c1"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#amount", "0")
        assert shown(app, "amount") == "must not be 0"
        await type_into(pilot, "#amount", "-25")
        assert shown(app, "amount") == "must be -20–20"
        await pilot.press("enter")
        assert app.results == []
        await choose(pilot, "#what", "note")
        await pilot.click("#save")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [NoteUnusedDice(target="c1")]


# --- SettingsForm (R15) -----------------------------------------
async def test_demise_goal_by_number_or_name_R15() -> None:
    app = Host(SettingsForm(Encounter()))
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#demise-goal").value == "5"
        await type_into(pilot, "#demise-goal", "61")
        assert shown(app, "demise-goal") == "must be 0–60"
        await pilot.press("enter")
        await type_into(pilot, "#demise-goal", "Hard")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [SetDemiseGoal(demise_goal=9)]


# --- HelpScreen ----------------------------------------------------------------------
async def test_help_lists_keys_and_the_cheat_sheet() -> None:
    app = Host(HelpScreen([("n", "advance the time track"), ("ctrl+s", "save as")]))
    async with app.run_test(size=SIZE) as pilot:
        keys = str(app.screen.query_one("#keys", Static).render())
        assert "     n  advance the time track" in keys and "ctrl+s  save as" in keys
        rules = str(app.screen.query_one("#rules", Static).render())
        assert "Near Impossible 17" in rules and "hit the floor 8" in rules
        assert "Point Blank 1" in rules and "Eviscerate" in rules
        await pilot.press("escape")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [None]


async def test_help_reads_binding_objects_too() -> None:
    bindings = [Binding("n", "advance", "Advance the time track"), Binding("x", "export", "")]
    app = Host(HelpScreen(bindings))
    async with app.run_test(size=SIZE) as pilot:
        keys = str(app.screen.query_one("#keys", Static).render())
        assert keys == "n  Advance the time track\nx  export"
        await pilot.press("question_mark")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [None]

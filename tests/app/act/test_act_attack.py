"""Declaring an attack and confirming its damage: dodge, shield, armour, FARAD dice (A10-A13, C).

Lio and Markon are the seed's A10 pair; the shield and armour numbers are
the seed's (14 vs 5/10 → 4, a Graze; hard 3 hit for 6 WP → H0 S3). Last, the targets
the attack dialog suggests.
"""

from __future__ import annotations

import pytest

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, ConfirmDamage, ResolveCheck, TakeOpportunity
from rules.model.state import Armour, Combatant, Encounter, Shield
from rules.odds.skill import chance_of_success
from tests.support.act_fixtures import SIZE, ActHost, a10, start, submit, undo_all
from tests.support.modal_host import type_into, until
from tracker.modals.act import AttackDialog, CheckDialog, DamageDialog
from tracker.modals.act.common import SpecialPicker, living_others
from tracker.widgets.odds import OddsView


async def declare_attack(session: Session, setup=None) -> Attack:
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        if setup is not None:
            await setup(app, pilot)
        return await submit(app, pilot)  # type: ignore[return-value]


async def test_markon_dodges_then_the_shield_takes_14_to_4() -> None:
    """A10 (Lio at 13, Markon 16 − Dodge 6 = 10 ≤ 13) then A12: 14 vs 5/10 → 4, a Graze."""
    session = a10(shield=Shield(low=5, high=10))
    before = start(session)
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))

    async def dodge(app: ActHost, pilot: object) -> None:
        line = app.screen.query_one("#dodge-line")
        assert "Markon may dodge (A10): TTU 16 − Dodge 6 = 10 ≤ now 13" in str(line.render())
        assert str(app.screen.query_one("#reactors").render()) == "May react (A10): Markon"
        app.screen.query_one("#dodge").value = "hit the floor"
        odds = app.screen.query_one(OddsView)
        await until(pilot, lambda: odds.summary is not None and odds.summary.shifted is not None)
        assert odds.summary.shifted < odds.summary.chance  # a dodge can only lower it

    command = await declare_attack(session, dodge)
    assert command.dodge is not None and (command.dodge.goal, command.goal) == (8, 3)
    # Dodge 6d10 all 1s fails (VS 0); Shoot 10 10 10 10 1 1 = SS 12 vs 3 → VS 9.
    session.do(command, ScriptedDice([1] * 6 + [10, 10, 10, 10, 1, 1]))
    assert session.encounter.combatants["markon"].ttu == 19  # Dodge's cost 3 (A10)
    (pending,) = session.encounter.pending
    app = ActHost(DamageDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        stored = str(app.screen.query_one("#stored").render())
        assert stored == "VS 9 + damage 5 = 14 → shield 5/10 → 4 → Graze, 2 WP"
        confirm = await submit(app, pilot)
    assert confirm == ConfirmDamage(pending=pending.id)
    session.do(confirm, ScriptedDice([]))
    wound = session.encounter.combatants["markon"].wounds[-1]
    assert (wound.level, wound.wp) == ("Graze", 2)
    undo_all(session, before)


async def test_armour_stage_override_before_it_is_applied() -> None:
    """A13: 14 → shield → 4 → hard 1 → 3 → soft 2d10 vs AR 6 (1 VP) → 2; the GM makes it 5."""
    session = a10(shield=Shield(low=5, high=10), armour=Armour(rating=6, hard=1, soft=2))
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    session.do(await declare_attack(session), ScriptedDice([10, 10, 10, 10, 1, 1, 1, 3]))
    (pending,) = session.encounter.pending
    app = ActHost(DamageDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        assert str(app.screen.query_one("#stored").render()) == (
            "VS 9 + damage 5 = 14 → shield 5/10 → 4 → hard 1 → 3 → soft 2d10 vs AR 6"
            " (1 3: 0+1 = 1 VP) → 2 → Graze, 2 WP; armour H1 S2 → H0 S3"
        )
        await type_into(pilot, "#after-armour", "5")
        preview = app.screen.query_one("#preview")
        await until(pilot, lambda: "2 (GM: 5) → Wound, 3 WP" in str(preview.render()))
        confirm = await submit(app, pilot)
    assert confirm == ConfirmDamage(pending=pending.id, after_armour=5)
    session.do(confirm, ScriptedDice([]))
    markon_now = session.encounter.combatants["markon"]
    assert markon_now.wounds[-1].wp == 3
    assert (markon_now.armour.hard, markon_now.armour.soft) == (0, 3)  # wear follows the rules


async def test_hard_armour_degrades_and_the_breakage_goal_can_change() -> None:
    """A13: H3 hit for 6 raw WP → H0 S3; A15/R15: breakage goal 7 prefilled, the GM types 6."""
    session = a10(armour=Armour(rating=5, hard=3, soft=0))
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))

    async def chest(app: ActHost, pilot: object) -> None:
        app.screen.query_one("#location").value = "chest"

    session.do(await declare_attack(session, chest), ScriptedDice([10, 10, 10, 10, 10, 6]))
    (pending,) = session.encounter.pending  # SS 17 vs 3 → VS 14 + 5 = 19 → hard 3 → 16
    session.do(ConfirmDamage(pending=pending.id), ScriptedDice([]))
    m = session.encounter.combatants["markon"]
    assert (m.armour.hard, m.armour.soft, m.wounds[-1].wp) == (0, 3, 5)
    breakage = next(p for p in session.encounter.pending if p.kind == "breakage")
    app = ActHost(CheckDialog(session.encounter, breakage.id))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        assert app.screen.query_one("#goal").value == "7"
        await type_into(pilot, "#goal", "6")
        await until(pilot, lambda: odds.goal == 6 and odds.shown is not None)
        assert odds.summary.chance == chance_of_success(4, 5, 6)  # 5 dice on the Endurance 4 row
        command = await submit(app, pilot)
    assert command == ResolveCheck(pending=breakage.id, goal=6)
    session.do(command, ScriptedDice([10] * 5))
    assert not any(p.kind == "breakage" for p in session.encounter.pending)


async def test_a_luck_die_with_an_empty_pool_cannot_be_declared() -> None:
    """C2/R17: pool 0 → the luck line is disabled; the engine refuses it too."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))

    async def try_luck(app: ActHost, pilot: object) -> None:
        picker = app.screen.query_one(SpecialPicker)
        assert app.screen.query_one("#special-luck").disabled
        await pilot.click("#special-luck")
        assert picker.kind is None

    command = await declare_attack(session, try_luck)
    assert command.special is None
    with pytest.raises(CommandError, match="pool is 0"):
        session.do(command.model_copy(update={"special": "luck"}), ScriptedDice([5] * 9))


async def test_desperation_only_when_eligible_and_it_shows_its_cost() -> None:
    """C3/R19/R20: Dex 8 drained to 1 (≤ ⌈8/10⌉) qualifies: costs Dexterity −1 unless 5-7."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE):
        assert app.screen.query_one("#special-desperation").disabled  # Dex 8: not desperate
    session = a10(lio_over={"drains": {"Dexterity": 7}})
    before = start(session)
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))

    async def despair(app: ActHost, pilot: object) -> None:
        button = app.screen.query_one("#special-desperation")
        assert "costs Dexterity −1" in str(button.label)
        await pilot.click("#special-desperation")
        await until(pilot, lambda: app.screen.query_one(SpecialPicker).kind == "desperation")

    command = await declare_attack(session, despair)
    assert command.special == "desperation"
    session.do(command, ScriptedDice([3] + [1] * 6))  # 3: no change, the cost is paid
    assert session.encounter.combatants["lio"].drains["Dexterity"] == 8
    undo_all(session, before)


async def test_enter_attacks_from_any_field_but_picks_in_an_open_drop_down() -> None:
    """One key to roll: enter submits; inside an open drop-down it only picks the option."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#range").focus()
        await pilot.press("space")  # opens the range drop-down
        await until(pilot, lambda: app.screen.query_one("#range").expanded)
        await pilot.press("down", "enter")  # Short → Medium (5), picked, not submitted
        await until(pilot, lambda: not app.screen.query_one("#range").expanded)
        assert app.results == []
        await until(pilot, lambda: app.screen.query_one("#goal").value == "5")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results[0].goal == 5  # type: ignore[attr-defined]


# --- The attack dialog suggests the other team first: a PC's allies are not its targets.


def test_pcs_and_allies_are_one_team() -> None:
    sides = {"kans": "PC", "molin": "ally", "dinzis": "enemy", "merchant": "neutral"}
    enc = Encounter(
        combatants={
            cid: Combatant(id=cid, name=cid.title(), side=side) for cid, side in sides.items()
        }
    )
    assert [c.id for c in living_others(enc, enc.combatants["kans"])] == [
        "dinzis",
        "merchant",
        "molin",
    ]
    assert [c.id for c in living_others(enc, enc.combatants["dinzis"])][:2] == ["kans", "molin"]

"""The parry dialog and the attack dialog's dodge: limb, GM modifier, held action (A8, A10, A15).

A15: a parry or dodge made with a broken limb is at -4 and costs 1 WP, like
any roll that uses it; the GM may add a modifier as on other rolls. A10: a
dodge or parry keeps a held action unless the GM ticks "Spend the held ...",
and then A8's penalty of the opportunity that held it goes on the roll.
"""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import RadioSet

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Dodge, Parry
from tests.support.act_fixtures import SIZE, ActHost, card_game, start, submit, undo_all
from tests.support.modal_host import type_into, until
from tracker.modals.act import AttackDialog, ParryDialog
from tracker.widgets.odds import OddsView

STAB = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
SS_9 = [10, 10, 10, 1, 1, 1]  # Dinzis, Dexterity 6: 3+3+3 = SS 9


def kans_hurt(held: bool = False) -> Session:
    """The card game with Kans's right arm broken (and, if `held`, a held Throw at -4)."""
    session = card_game()
    kans = session.encounter.combatants["kans"]
    kans.limbs = {"right arm": "broken"}
    if held:
        kans.held_action, kans.held_penalty = "Throw", -4
    return session


async def choose_knife(pilot: Pilot[None]) -> None:
    """Down from "do not parry" presses the knife, the parry these tests are about."""
    radios = pilot.app.screen.query_one("#weapon", RadioSet)
    radios.focus()
    await pilot.press("down")
    await until(pilot, lambda: radios.pressed_index == 1)


async def test_parry_offers_the_broken_arm_and_a_gm_modifier() -> None:
    session = kans_hurt()
    before = start(session)
    session.do(STAB, ScriptedDice(SS_9))
    (pending,) = session.encounter.pending
    app = ActHost(ParryDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        odds = screen.query_one(OddsView)
        await until(pilot, lambda: odds.goal == 9)
        await choose_knife(pilot)  # the default is not parrying (issue 14)
        assert not screen.query("#use-held")  # nothing held: nothing to offer
        await type_into(pilot, "#modifier", "x")
        await pilot.pause()
        command, errors = screen.validate_form()  # type: ignore[attr-defined]
        assert command is None and "not a number" in errors["modifier"]
        await type_into(pilot, "#modifier", "+1")
        screen.query_one("#limb").value = "right arm"
        await until(pilot, lambda: odds.modifier == -3)  # -4 (A15) +1 (GM)
        command = await submit(app, pilot)
    assert command == Parry(pending=pending.id, weapon="knife", limb="right arm", modifier=1)
    session.do(command, ScriptedDice([10, 10, 10, 10]))  # 12 +1 -4 = 9 ≥ 9: blocked
    kans = session.encounter.combatants["kans"]
    assert not session.encounter.pending
    assert [w.source for w in kans.wounds] == ["using a broken right arm (A15)"]
    undo_all(session, before)


async def test_parry_keeps_the_held_action_unless_ticked() -> None:
    session = kans_hurt(held=True)
    session.do(STAB, ScriptedDice(SS_9))
    (pending,) = session.encounter.pending
    app = ActHost(ParryDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        odds = screen.query_one(OddsView)
        await until(pilot, lambda: odds.goal == 9)
        await choose_knife(pilot)  # the default is not parrying (issue 14)
        box = screen.query_one("#use-held")
        assert box.value is False
        assert "Spend the held Throw on it (-4 to the roll, A8)" in str(box.label)
        command, _errors = screen.validate_form()  # type: ignore[attr-defined]
        assert isinstance(command, Parry) and command.use_held is False
        screen.query_one("#action").value = "Throw"  # not a parry: only the held one pays
        await pilot.pause()
        command, errors = screen.validate_form()  # type: ignore[attr-defined]
        assert command is None and "only Kans's held Throw can pay for it" in errors["form"]
        box.value = True
        await until(pilot, lambda: odds.modifier == -4)  # A8: the held action's penalty
        command = await submit(app, pilot)
    assert command == Parry(pending=pending.id, weapon="knife", action="Throw", use_held=True)
    session.do(command, ScriptedDice([10, 10, 10, 10]))  # 12 -4 = 8 < 9: fails
    assert session.encounter.combatants["kans"].held_action is None


async def test_the_dodge_takes_its_own_modifier_limb_and_held_choice() -> None:
    session = kans_hurt(held=True)
    before = start(session)
    app = ActHost(AttackDialog(session.encounter, "dinzis", "knife"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one("#target").value = "molin"  # no hurt limb, nothing held
        await pilot.pause()
        assert not screen.query_one(".dodge-limb-row").display
        assert not screen.query_one("#dodge-held").display
        screen.query_one("#target").value = "kans"
        await pilot.pause()
        assert screen.query_one(".dodge-limb-row").display
        assert screen.query_one("#dodge-held").display
        screen.query_one("#dodge").value = "melee"
        screen.query_one("#dodge-limb").value = "right arm"
        await type_into(pilot, "#dodge-modifier", "2")
        screen.query_one("#dodge-held").value = True
        await pilot.pause()
        command = await submit(app, pilot)
    assert isinstance(command, Attack)
    assert command.dodge == Dodge(
        goal=4, situation="melee", use_held=True, modifier=2, limb="right arm"
    )
    # Kans 5d10 on Dex 7: 10s → 15 -4 (held, A8) +2 (GM) -4 (A15) = 9 vs 4 → VS 5;
    # Dinzis 6d10 1s → 0 vs 3 + 5: a miss.
    lines = [e.text for e in session.do(command, ScriptedDice([10] * 5 + [1] * 6)).events]
    assert any(
        "= 15 -4 (held action, A8) +2 (GM) -4 (broken right arm, A15) = 9" in x for x in lines
    )
    kans = session.encounter.combatants["kans"]
    assert kans.held_action is None and kans.wounds[-1].wp == 1
    undo_all(session, before)

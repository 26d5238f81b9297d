"""The act dialogs hosted alone: skill rolls, the opportunity, reactions (A3-A10, R2, R7).

Every test fills a dialog with Pilot, takes the one Command it returns,
applies it through a Session with scripted or typed dice, and asserts on
the encounter; each ends by undoing back to where it started. Last, the A10
"may react" line and the engine's surprise test.
"""

from __future__ import annotations

from rules.engine.reactions import eligible
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, parse_faces
from rules.model.commands import (
    AnimaCheck,
    ApplyWound,
    Attack,
    OpposedRound,
    OpposedStart,
    Parry,
    React,
    ResolveCheck,
    SkillRollCommand,
    TakeOpportunity,
)
from rules.model.state import Combatant, Encounter
from rules.odds.skill import chance_of_success
from tests.support.act_fixtures import (
    SIZE,
    ActHost,
    a10,
    card_game,
    face_monarch,
    lio,
    markon,
    start,
    stats,
    submit,
    tactics_contest,
    typed_faces,
    undo_all,
)
from tests.support.modal_host import type_into, until
from tracker.modals.act import (
    AnimaDialog,
    CheckDialog,
    OpportunityDialog,
    ParryDialog,
    ReactDialog,
    SkillRollDialog,
)
from tracker.modals.act.common import may_react, reaction_line, reaction_verdict
from tracker.widgets.odds import OddsView

# --- skill rolls: Enzo, Maria, complementary, opposed --------------------------------


async def test_enzo_repair_by_name_with_typed_dice() -> None:
    """A1/A2/R2: Tech 7, skill 6, faces 1 5 7 8 8 10 → SS 12 vs Near Impossible 17: fails."""
    enzo = Combatant(id="enzo", name="Enzo", stats=stats(Tech=7), skills={"Tech Redemption": 6})
    session = Session(Encounter(combatants={"enzo": enzo}))
    before = start(session)
    app = ActHost(SkillRollDialog(session.encounter, "enzo"))
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#stat").value = "Tech"
        app.screen.query_one("#goal-name").value = 17
        odds = app.screen.query_one(OddsView)
        # Drawn for Tech 7 and goal 17 both: the goal can arrive a frame before the stat
        # (under load a summary of the old stat stood at goal 17 when this was read).
        await until(
            pilot,
            lambda: odds.stat == 7 and odds.goal == 17 and odds.shown == odds.inputs(),
        )
        assert odds.summary is not None
        assert odds.summary.chance == chance_of_success(7, 6, 17)
        command = await submit(app, pilot)
    assert command == SkillRollCommand(actor="enzo", skill="Tech Redemption", stat="Tech", goal=17)
    faces = await typed_faces("1 5 7 8 8 0", 10, 6)  # a typed 0 is a 10
    session.do(command, ScriptedDice(faces))
    assert session.encounter.log[-1].text.endswith(
        "6d10 vs Tech 7: 1 5 7 8 8 10 → 0+1+2+3+3+3 = 12 vs goal 17 → fails by 5"
    )
    undo_all(session, before)


async def extended_roll(session: Session, faces: str) -> None:
    """One pass of the extended roll: open the dialog, roll, apply (A3)."""
    app = ActHost(SkillRollDialog(session.encounter, "maria", stat="Perception", mode="extend"))
    async with app.run_test(size=SIZE) as pilot:
        info = app.screen.query_one("#info")
        goal = app.screen.query_one("#goal")
        odds = app.screen.query_one(OddsView)
        if session.encounter.combatants["maria"].extended is None:
            app.screen.query_one("#goal-name").value = 17  # Near Impossible (R2)
            await until(pilot, lambda: goal.value == "17")
        else:
            await until(pilot, lambda: "total 9 after 1 roll" in str(info.render()))
            await until(pilot, lambda: odds.modifier == 7)  # running total 9 − 2 (A3)
            assert goal.value == "17"
        command = await submit(app, pilot)
    session.do(command, ScriptedDice(parse_faces(faces, 10)))


async def test_maria_extended_hide_reopens_with_the_running_total() -> None:
    """A3: SS 9, then 16 adds 14 → 23 vs 17, VS 6 Good; the dialog shows the total between."""
    maria = Combatant(id="maria", name="Maria", stats=stats(Perception=6), skills={"Sneak": 9})
    session = Session(Encounter(combatants={"maria": maria}))
    before = start(session)
    await extended_roll(session, "1 1 2 3 4 5 6 6 7")
    await extended_roll(session, "1 4 5 5 6 7 9 9 9")
    ext = session.encounter.combatants["maria"].extended
    assert ext is not None and (ext.total, ext.rolls) == (23, [9, 16])
    assert session.encounter.log[-1].text.endswith(
        "total 23 after 2 rolls (2 time units, A3) vs goal 17 → VS 6, Good"
    )
    undo_all(session, before)


async def test_complementary_roll_first_then_the_bonus_shows() -> None:
    """A4: a supporting SS of 5 gives +3, shown and counted in the next roll's odds."""
    c = Combatant(id="k", name="Kans", stats=stats(Wits=7), skills={"Gambling": 6, "Sneak": 2})
    session = Session(Encounter(combatants={"k": c}))
    app = ActHost(SkillRollDialog(session.encounter, "k", skill="Sneak", mode="complementary"))
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#stat").value = "Wits"
        command = await submit(app, pilot)
    assert command.mode == "complementary" and command.goal is None
    session.do(command, ScriptedDice([8, 8]))  # Wits 7: 3 + 3 = SS 6 → +3
    assert session.encounter.combatants["k"].complement_bonus == 3
    app = ActHost(SkillRollDialog(session.encounter, "k", skill="Gambling", stat="Wits"))
    async with app.run_test(size=SIZE) as pilot:
        info, odds = app.screen.query_one("#info"), app.screen.query_one(OddsView)
        await until(pilot, lambda: "+3 complementary bonus waiting" in str(info.render()))
        assert odds.modifier == 3


async def test_opposed_rounds_show_the_running_margin() -> None:
    """A6/R4: margin += SS_A − SS_B; the dialog shows it and rolls the next round."""
    session, app = tactics_contest()
    async with app.run_test(size=SIZE) as pilot:
        await face_monarch(app, pilot)
        command = await submit(app, pilot)
    assert command == OpposedStart(
        a="iol", a_skill="Tactics", a_stat="Wits", b="mon", b_skill="Tactics", b_stat="Wits"
    )
    session.do(command, ScriptedDice([]))
    session.do(OpposedRound(), ScriptedDice([8, 8, 1, 1, 1, 1, 1]))  # 6 − 0 → +6 ≥ 3: wins
    assert session.encounter.opposed.winner == "iol"
    session.undo()
    app = ActHost(SkillRollDialog(session.encounter, "iol"))
    async with app.run_test(size=SIZE) as pilot:
        info = app.screen.query_one("#info")
        await until(pilot, lambda: "margin +0" in str(info.render()))
        assert isinstance(await submit(app, pilot), OpposedRound)


# --- the opportunity ----------------------------------------------------------------


async def test_opportunity_two_actions_preview_and_take() -> None:
    """A8/R7: Shoot (3) + Aim (2) → −4 each, cost 3, lands at 16; the preview says so."""
    session = a10()
    app = ActHost(OpportunityDialog(session.encounter, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "down", "space")
        summary = app.screen.query_one("#summary")
        await until(pilot, lambda: "next at 16" in str(summary.render()))
        assert "-4 to each roll (A8)" in str(summary.render())
        assert app.previews[-1] == ("lio", 16)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [TakeOpportunity(actor="lio", actions=["Shoot", "Aim"])]
    assert app.previews[-1] == ("lio", None)  # withdrawn when the dialog closes
    session.do(app.results[0], ScriptedDice([]))
    assert session.encounter.combatants["lio"].ttu == 16
    assert session.encounter.turn.penalty == -4


async def test_a_fourth_action_is_refused() -> None:
    """A8: at most three actions; the fourth tick is undone and the dialog says why."""
    session = a10()
    app = ActHost(OpportunityDialog(session.encounter, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "down", "space", "down", "space", "down", "space")
        listing = app.screen.query_one("#actions")
        await until(pilot, lambda: len(listing.selected) == 3 and bool(app.screen.notice))
        assert listing.selected == ["Shoot", "Aim", "Dodge"]
        assert "at most 3 actions" in app.screen.notice
        app.screen.query_one("#hold").value = "Dodge"
        await type_into(pilot, "#cost", "5")
        command = await submit(app, pilot)
    assert command == TakeOpportunity(
        actor="lio", actions=["Shoot", "Aim", "Dodge"], hold="Dodge", cost=5
    )


# --- the card game: reactions and a parry --------------------------------------------


async def test_card_game_who_may_react() -> None:
    """A10: Kans (TTU 2 − Dodge 5 ≤ 0) may dodge or parry, not attack (nothing held);
    the surprised Baron may not react at all."""
    session = card_game()
    assert {c: x.ttu for c, x in session.encounter.combatants.items()} == {
        "dinzis": 3,
        "kans": 2,
        "molin": 6,
    }
    app = ActHost(ReactDialog(session.encounter))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        allowed = {(o.reactor.id, o.action.name): o for o in screen.reactions}
        assert allowed[("kans", "Dodge")].allowed
        assert allowed[("kans", "Parry")].allowed
        assert "no held action" in allowed[("kans", "Throw")].reason
        assert "surprised" in allowed[("molin", "Dodge")].reason
        assert "cost 2 → next at 4" in allowed[("kans", "Dodge")].reason
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [React(reactor="kans", action="Dodge")]
    session.do(app.results[0], ScriptedDice([]))
    assert session.encounter.combatants["kans"].ttu == 4


async def test_card_game_parry_against_the_attackers_ss() -> None:
    """A10: Dinzis's knife hits with SS 9; Kans parries with goal 9 and blocks it."""
    session = card_game()
    before = start(session)
    stab = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
    session.do(stab, ScriptedDice([10, 10, 10, 1, 1, 1]))  # Dex 6: 3+3+3 = SS 9
    (pending,) = session.encounter.pending
    app = ActHost(ParryDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        await until(pilot, lambda: odds.goal == 9)
        assert odds.dice == 4 and odds.stat == 7
        await pilot.press("p")  # enter alone would not parry: p parries with the knife
        await until(pilot, lambda: bool(app.results))
        command = app.results[-1]
    assert command == Parry(pending=pending.id, weapon="knife")
    session.do(command, ScriptedDice([10, 10, 10, 10]))  # 4 × 3 = 12 ≥ 9: blocked
    assert not session.encounter.pending and not session.encounter.combatants["kans"].wounds
    undo_all(session, before)


# --- Anima checks and the pending demise check -----------------------------------------


def kira() -> Session:
    c = Combatant(
        id="kira",
        name="Kira",
        stats=stats(Dexterity=9),
        abilities={"Attack": 120},
        resistances={"Poison": 110},
    )
    return Session(Encounter(combatants={"kira": c}))


async def test_anima_ability_odds_are_those_counted_by_hand() -> None:
    """B4/R24: 120 vs 140 needs a d100 of 20+ (81%); B2: 1-3 fumble (3%); B1: 95, 90 → 185."""
    session = kira()
    app = ActHost(AnimaDialog(session.encounter, "kira"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#difficulty", "140")
        odds = app.screen.query_one("#odds")
        await until(pilot, lambda: "success 81.0%" in str(odds.render()))
        assert "fumble 3.00%" in str(odds.render())
        command = await submit(app, pilot)
    assert command == AnimaCheck(actor="kira", kind="ability", name="Attack", difficulty=140)
    session.do(command, ScriptedDice([95, 90]))
    assert session.encounter.log[-1].text.endswith("= 305 vs 140 → success by 165")


async def test_anima_resistance_50_point_rule_and_a_typed_characteristic() -> None:
    """R23: 110 vs 60 succeeds without a roll; B6: a typed characteristic 7 rolls 4 → +3."""
    session = kira()
    app = ActHost(AnimaDialog(session.encounter, "kira", kind="resistance"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.screen.query_one("#name").value == "Poison")
        await type_into(pilot, "#difficulty", "60")
        odds = app.screen.query_one("#odds")
        await until(pilot, lambda: "success without a roll (R23)" in str(odds.render()))
        command = await submit(app, pilot)
    session.do(command, ScriptedDice([]))
    assert "success without a roll" in session.encounter.log[-1].text
    app = ActHost(AnimaDialog(session.encounter, "kira", kind="characteristic"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#value", "7")  # any combatant's value, typed
        odds = app.screen.query_one("#odds")
        await until(pilot, lambda: "success 70.0%" in str(odds.render()))  # faces 1-7 (R25)
        command = await submit(app, pilot)
    assert command.value == 7 and command.name == "Strength"
    session.do(command, ScriptedDice([4]))
    assert session.encounter.log[-1].text.endswith("success by 3")


async def test_demise_goal_prefilled_and_escape_cancels() -> None:
    """A16/R15: 5 WP from one wound → demise check at the encounter's goal 5; escape = None."""
    session = a10()
    session.do(ApplyWound(target="markon", wound_points=5), ScriptedDice([]))
    demise = next(p for p in session.encounter.pending if p.kind == "demise")
    app = ActHost(CheckDialog(session.encounter, demise.id))
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#goal").value == "5"
        await pilot.press("escape")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [None]
    app = ActHost(CheckDialog(session.encounter, demise.id))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        await until(pilot, lambda: odds.goal == 5 and odds.shown is not None)
        assert (odds.dice, odds.stat) == (5, 4)  # base 5 dice, Endurance 5 − 5 WP // 3
        command = await submit(app, pilot)
    assert command == ResolveCheck(pending=demise.id)  # unchanged goal: no GM override
    session.do(command, ScriptedDice([10] * 5))
    assert not session.encounter.combatants["markon"].dead


# --- The A10 line in the act dialogs uses the engine's own surprise test.
#
# A surprised combatant tied at `now` whose opportunity has not opened yet
# (R5) already knows the fight: `rules.engine.reactions.eligible` lets it react, so the
# dialog must show its TTU arithmetic, not "unaware" (A7, A10).


def tie(markon_ttu: int) -> Encounter:
    return Encounter(
        in_combat=True,
        time=13,
        due=["lio"],
        combatants={
            "lio": lio(ttu=13),
            "markon": markon(ttu=markon_ttu, awareness="surprised"),
        },
    )


def test_surprised_but_tied_now_shows_the_arithmetic_the_engine_allows_A10() -> None:
    enc = tie(13)
    m = enc.combatants["markon"]
    assert eligible(m, 6, 13) and may_react(enc, m, 6)
    assert reaction_line(enc, m, "Dodge", 6) == "TTU 13 − Dodge 6 = 7 ≤ now 13"


def test_surprised_and_later_is_still_unaware_A10() -> None:
    enc = tie(16)
    m = enc.combatants["markon"]
    assert not may_react(enc, m, 6)
    assert reaction_line(enc, m, "Dodge", 6) == (
        "Markon is surprised: unaware, so it cannot react (A10)"
    )


def test_an_unaware_target_is_told_why_once_A10() -> None:
    """Not "Markon cannot dodge (A10): Markon is surprised: … (A10)": one sentence."""
    enc = tie(16)
    allowed, line = reaction_verdict(enc, enc.combatants["markon"], "Dodge", "dodge")
    assert not allowed
    assert line.replace("\u00a0", " ") == "Markon is surprised: unaware, so it cannot react (A10)"

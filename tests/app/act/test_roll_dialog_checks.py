"""The `s` and `k` dialogs: R26 in the Anima odds, the A3 warning, names in any case,
and numbers refused under their own field (B4-B6, A1-A3, C).

Each test fills the dialog with Pilot and asserts what the GM sees before the
roll; where a command comes out, it is applied and the log is checked too. Last,
a refused special die's reason (C, R19).
"""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import AnimaCheck, SkillRollCommand, TakeOpportunity
from rules.model.state import Combatant, Encounter, ExtendedAction
from tests.support.act_fixtures import SIZE, ActHost, a10, stats, submit
from tests.support.modal_host import save_disabled, shown, type_into, until
from tracker.modals.act import AnimaDialog, AttackDialog, SkillRollDialog
from tracker.modals.act.common import ChoiceButton, SpecialPicker
from tracker.widgets.odds import OddsView


def odds_text(app: ActHost) -> str:
    return str(app.screen.query_one("#odds").render())


# --- k: Anima checks --------------------------------------------------------------------


def desperate_kans() -> Session:
    """In combat, Kans rolled a desperation die this turn: +5 to every action (R26)."""
    kans = Combatant(
        id="k",
        name="Kans",
        stats=stats(Strength=5, Perception=6),
        abilities={"Climb": 40},
        special_used="desperation",
        turn_bonus=5,
        ttu=0,
    )
    return Session(Encounter(in_combat=True, combatants={"k": kans}))


async def test_anima_odds_include_the_turns_desperation_result() -> None:
    """C/R26: Strength 5 +5 succeeds on faces 1-9 (a 10 counts 13): 90%, not 50%."""
    session = desperate_kans()
    app = ActHost(AnimaDialog(session.encounter, "k", kind="characteristic"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.screen.query_one("#name").value == "Strength")
        await until(pilot, lambda: "success 90.0%" in odds_text(app))
        assert "Kans: +5 (desperation this turn, R26) included" in odds_text(app)
        command = await submit(app, pilot)
    session.do(command, ScriptedDice([8]))
    assert session.encounter.log[-1].text.endswith(
        "fails by 3; +5 (desperation this turn, R26) → success by 2 (R25)"
    )


async def test_anima_ability_odds_include_it_too() -> None:
    """B4: Climb 40 vs 80 needs 40+ on the d100 (61%, 1-3 fumble); +5 → 35+ (66%)."""
    session = desperate_kans()
    app = ActHost(AnimaDialog(session.encounter, "k"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#difficulty", "80")
        await until(pilot, lambda: "success 66.0%" in odds_text(app))


async def test_anima_name_in_any_case() -> None:
    """`perception` is the sheet's Perception 6: no refusal, the sheet's value, its odds."""
    session = desperate_kans()
    app = ActHost(AnimaDialog(session.encounter, "k", kind="characteristic"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "perception")
        value = app.screen.query_one("#value")
        await until(pilot, lambda: value.placeholder == "6 (sheet)")
        assert shown(app, "value") == ""
        command = await submit(app, pilot)
    assert command == AnimaCheck(actor="k", kind="characteristic", name="perception")
    session.do(command, ScriptedDice([4]))
    assert session.encounter.log[-1].text.startswith("Kans: Perception 6 vs d10 4")


async def test_anima_numbers_out_of_range_are_refused_under_their_field() -> None:
    """A characteristic is a stat (0-30); a d100 difficulty is 0-999: no odds for -50."""
    session = desperate_kans()
    app = ActHost(AnimaDialog(session.encounter, "k", kind="characteristic"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#value", "-50")
        await until(pilot, lambda: shown(app, "value") == "must be 0–30")
        assert "Fix the marked field" in odds_text(app) and "success" not in odds_text(app)
        assert save_disabled(app)
    app = ActHost(AnimaDialog(session.encounter, "k"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#difficulty", "-10")
        await until(pilot, lambda: shown(app, "difficulty") == "must be 0–999")
        assert "success" not in odds_text(app)
        await type_into(pilot, "#difficulty", "80")
        await until(pilot, lambda: shown(app, "difficulty") == "")
        assert not save_disabled(app)


# --- s: skill rolls ---------------------------------------------------------------------


def maria(extended: ExtendedAction | None = None) -> Session:
    c = Combatant(
        id="m",
        name="Maria",
        stats=stats(Perception=6),
        skills={"Sneak": 9, "Melee": 6},
        extended=extended,
    )
    return Session(Encounter(combatants={"m": c}))


HIDING = ExtendedAction(skill="Sneak", stat="Perception", goal=17, total=9, rolls=[9])


async def test_a_standard_roll_of_the_extended_skill_warns_first() -> None:
    """A3: the dialog names the skill and the total the standard roll will end."""
    session = maria(HIDING)
    app = ActHost(SkillRollDialog(session.encounter, "m", mode="standard"))
    async with app.run_test(size=SIZE) as pilot:
        info = app.screen.query_one("#info")
        warning = (
            "⚠ This standard Sneak roll ends Maria's extended Sneak roll (total 9 after 1 roll)"
        )
        await until(pilot, lambda: warning in str(info.render()))
        await type_into(pilot, "#skill", "Melee")
        await until(pilot, lambda: "stays in progress (A3)" in str(info.render()))
        assert "⚠" not in str(info.render())


async def test_a_new_extended_roll_warns_it_replaces_the_running_one() -> None:
    session = maria(HIDING)
    app = ActHost(SkillRollDialog(session.encounter, "m", skill="Melee", mode="extend"))
    async with app.run_test(size=SIZE) as pilot:
        info = app.screen.query_one("#info")
        await until(
            pilot,
            lambda: (
                "⚠ This new extended roll ends Maria's extended Sneak roll (total 9"
                in str(info.render())
            ),
        )


async def test_a_lower_case_skill_counts_the_sheets_dice() -> None:
    """A1: `melee` is Melee 6: the odds roll 6 dice, and so does the engine."""
    session = maria()
    app = ActHost(SkillRollDialog(session.encounter, "m", skill="Sneak", stat="Perception"))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        await type_into(pilot, "#skill", "melee")
        await until(pilot, lambda: odds.dice == 6)
        command = await submit(app, pilot)
    assert command == SkillRollCommand(actor="m", skill="melee", stat="Perception")
    session.do(command, ScriptedDice([5] * 6))
    assert session.encounter.log[-1].text.startswith("Maria rolls Melee: 6d10")


async def test_a_skill_not_on_the_sheet_is_warned_before_the_roll_A1() -> None:
    """A typo (`snea`) would roll 0 dice: legal (untrained), so a warning, not a refusal."""
    session = maria()
    app = ActHost(SkillRollDialog(session.encounter, "m", skill="Sneak", stat="Perception"))
    async with app.run_test(size=SIZE) as pilot:
        info = app.screen.query_one("#info")
        await until(pilot, lambda: "0 dice" not in str(info.render()))
        await type_into(pilot, "#skill", "snea")
        await until(
            pilot, lambda: "has no 'snea' skill: it rolls 0 dice (A1)" in str(info.render())
        )
        assert "The sheet has: " in str(info.render())
        command = await submit(app, pilot)  # still the GM's call: an untrained roll
    assert command is not None and command.skill == "snea"


async def test_skill_roll_numbers_out_of_range_are_refused_under_their_field() -> None:
    """Goal 0-99, dice 0-20 (the command's own ranges): no 'Success 100%' for goal -5."""
    session = maria()
    app = ActHost(SkillRollDialog(session.encounter, "m", skill="Sneak", stat="Perception"))
    async with app.run_test(size=SIZE) as pilot:
        odds = app.screen.query_one(OddsView)
        await type_into(pilot, "#goal", "-5")
        await until(pilot, lambda: shown(app, "goal") == "goal: must be 0–99")
        assert odds.goal is None and "fix the goal" in odds.note
        assert shown(app, "form") == "" and save_disabled(app)
        await type_into(pilot, "#goal", "5")
        await type_into(pilot, "#dice", "-1")
        await until(pilot, lambda: shown(app, "dice") == "dice: must be 0–20")
        assert (odds.dice, odds.goal) == (9, None) and "fix the dice" in odds.note
        assert shown(app, "goal") == "" and save_disabled(app)


# --- A refused special die says why in full, in the list itself (C, R19).
#
# The desperation die's refusal carries the per-stat figures (effective/base
# and each stat's R19 line); the line once stopped at the form's edge
# ("not desperate: no stat ≤ 10% of its …"). It now wraps under itself.


async def test_the_desperation_refusal_shows_every_stat_line_R19() -> None:
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen.query_one(SpecialPicker)
        button = app.screen.query_one("#special-desperation")
        await until(pilot, lambda: button.region.height > 0)
        assert button.disabled  # Lio's Dexterity 8 is not ≤ 1: no desperation (R19)
        label = str(button.label)
        for stat in ("Strength 5/5 (line 1)", "Dexterity 8/8 (line 1)", "Tech 5/5 (line 1)"):
            assert stat in label
        # Wrapped inside the picker, not cut at its edge: every cell of the label is drawn.
        assert button.region.height >= 2
        assert button.region.right <= picker.region.right
        drawn = "".join(
            "".join(seg.text for seg in button.render_line(y)) for y in range(button.size.height)
        )
        assert "Tech 5/5 (line 1)" in " ".join(drawn.split())


async def test_a_wrapped_choice_is_measured_again_when_its_label_changes() -> None:
    """Its height is kept per label and width (a layout asks each button 4 times a
    frame): a new label, shorter or longer, must still get its own height."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        button = app.screen.query_one("#special-desperation", ChoiceButton)
        await until(pilot, lambda: button.region.height >= 2)  # R19's figures wrap
        button.label = "desperation: short"
        await until(pilot, lambda: button.region.height == 1)
        button.label = "desperation: " + "a long reason " * 12
        await until(pilot, lambda: button.region.height >= 2)


async def test_a_terminal_shrunk_under_the_attack_dialog_lays_it_out_again() -> None:
    """The hunt's crash: 80×24 shrunk to 40×12 with the attack dialog open squeezed its
    wrapped toggles to width 0, and measuring a label there raised (the app exited)."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=(80, 24)) as pilot:
        button = app.screen.query_one("#special-desperation", ChoiceButton)
        await until(pilot, lambda: button.region.height >= 1)
        await pilot.resize_terminal(40, 12)
        await until(pilot, lambda: app.screen.size.width == 40)
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, AttackDialog)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: button.region.height >= 1)

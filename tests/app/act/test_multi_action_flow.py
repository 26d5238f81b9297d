"""Issue 14 item 3: after each action of a multi-action turn the next declared one opens
by itself (A8), whatever came between: a parry, a damage, a demise check, a dodge, `d`,
physical dice cancelled and taken up again, a skill roll as the next action.

Each test takes Lio's opportunity with several actions, then presses only Enter (each
dialog's default) and records the dialogs that opened, until the main screen is back.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import SelectionList

from rules.engine.targets import targets_in_order
from rules.model.commands import FightStatus
from rules.model.state import Action
from rules.saves.store import save_session
from tests.support.act_fixtures import SIZE, a10
from tests.support.attack_fights import fight, fighter
from tests.support.modal_host import type_into, until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.modals.dice_entry import DiceEntry
from tracker.screens.main import MainScreen

SHOOT2 = Action(name="Snap shot", kind="attack", weapon="Blaster", cost=2)
SEARCH = Action(name="Search", kind="skill", skill="Shoot", stat="Dexterity", cost=2)


def fight_app(
    tmp_path: Path,
    extra: tuple[Action, ...],
    seed: int = 1,
    endurance: int = 5,
    dice_mode: str = "virtual",
) -> TrackerApp:
    """A10's pair, Lio due at 13 with `extra` actions besides Shoot, Aim, Dodge, Move;
    Markon's Endurance `endurance` (a low one: a hit raises a demise check, A16)."""
    session = a10()
    session.encounter.combatants["markon"].stats["Endurance"] = endurance
    lio = session.encounter.combatants["lio"]
    lio.actions = [*lio.actions, *extra]
    path = tmp_path / "fight.json"
    save_session(session, path)
    return make_app(path, saves_dir=tmp_path, seed=seed, dice_mode=dice_mode)  # type: ignore[arg-type]


async def declare(pilot: Pilot[None], names: list[str]) -> None:
    """a, tick `names` in the opportunity dialog, enter."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
    actions = app.screen.query_one("#actions", SelectionList)
    for name in names:
        actions.select(name)
    await until(pilot, lambda: sorted(actions.selected) == sorted(names))
    await pilot.press("enter")
    await until(pilot, lambda: not isinstance(app.screen, OpportunityDialog))


async def enter_through(
    pilot: Pilot[None], most: int = 16, keys: dict[str, str] | None = None
) -> list[str]:
    """Enter at every dialog that opens by itself (after `keys[its name]`, if given);
    their names, until the main screen."""
    app = pilot.app
    opened: list[str] = []
    for _ in range(most):
        await pilot.pause()
        await pilot.pause()
        if isinstance(app.screen, MainScreen):
            break
        current = app.screen
        if isinstance(current, AttackDialog) and not targets_in_order(
            app.session.encounter, current.attacker
        ):
            opened.append("AttackDialog: no one to attack")  # enter is refused: the GM escapes
            break
        opened.append(type(current).__name__)
        if isinstance(current, DiceEntry):  # physical dice: the GM types them
            await type_into(pilot, "#faces", " ".join(["3"] * current.count))
        if keys and type(current).__name__ in keys:
            await pilot.press(keys[type(current).__name__])
            await pilot.pause()
        if app.screen is current:
            await pilot.press("enter")
        await until(pilot, lambda c=current: app.screen is not c)
    return opened


ATTACK, DAMAGE, CHECK, PARRY = "AttackDialog", "DamageDialog", "CheckDialog", "ParryDialog"
NO_ONE = "AttackDialog: no one to attack"


def path(name: str, *given: object, opens: Sequence[str]) -> object:
    """One walk per distinct path: what takes it (the seed...) and the dialogs it opens.
    The test asserts them, so dice that change the path fail by its name rather than
    quietly walking another path."""
    return pytest.param(*given, list(opens), id=name)


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        path("hit-hit", 1, opens=(ATTACK, DAMAGE, ATTACK, DAMAGE)),  # seeds 3, 4, 5 alike
        path("miss-hit", 2, opens=(ATTACK, ATTACK, DAMAGE)),
    ],
)
async def test_two_attacks_whatever_the_first_did_A8(
    tmp_path: Path, seed: int, expected: list[str]
) -> None:
    """Hit or miss, damage or none: the second attack opens by itself."""
    app = fight_app(tmp_path, (SHOOT2,), seed)
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Shoot", "Snap shot"])
        opened = await enter_through(pilot)
        enc = app.session.encounter
        assert opened == expected
        assert enc.turn is None and not enc.pending, opened


@pytest.mark.parametrize("first", [["Shoot", "Search"], ["Search", "Shoot"]])
async def test_attack_and_skill_roll_follow_each_other_A8(tmp_path: Path, first: list[str]) -> None:
    app = fight_app(tmp_path, (SEARCH,))
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, first)
        opened = await enter_through(pilot)
        assert opened.count("AttackDialog") == 1, opened
        assert opened.count("SkillRollDialog") == 1, opened
        assert app.session.encounter.turn is None, opened


async def test_a_move_first_does_not_stop_the_rolls_A8(tmp_path: Path) -> None:
    """Aim (no roll) + two attacks: both attacks open by themselves."""
    app = fight_app(tmp_path, (SHOOT2,))
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Aim", "Shoot", "Snap shot"])
        opened = await enter_through(pilot)
        assert opened.count("AttackDialog") == 2, opened


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        path("dies-at-once", 1, opens=(ATTACK, DAMAGE, CHECK, NO_ONE)),  # seeds 4, 5, 6 alike
        path("miss-then-check", 2, opens=(ATTACK, ATTACK, DAMAGE, CHECK)),
        path("survives-then-check", 3, opens=(ATTACK, DAMAGE, CHECK, ATTACK, DAMAGE, CHECK)),
    ],
)
async def test_a_demise_check_between_the_attacks_A16(
    tmp_path: Path, seed: int, expected: list[str]
) -> None:
    """A frail Markon (Endurance 2): a hit raises a demise check, answered by Enter."""
    app = fight_app(tmp_path, (SHOOT2,), seed, endurance=2)
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Shoot", "Snap shot"])
        opened = await enter_through(pilot)
        enc = app.session.encounter
        assert opened == expected
        assert not enc.pending, opened
        if enc.turn is not None:  # the first check killed him: the second shot still opens
            assert enc.combatants["markon"].dead, opened
            assert opened[-1] == "AttackDialog: no one to attack", opened
        else:
            assert opened.count("AttackDialog") == 2, opened


async def until_screen(pilot: Pilot[None], name: str) -> None:
    await until(pilot, lambda: type(pilot.app.screen).__name__ == name)


async def test_damage_put_off_then_answered_with_d_goes_on_A8(tmp_path: Path) -> None:
    """Escape at the damage (left pending), later `d`: once confirmed, the next attack opens."""
    app = fight_app(tmp_path, (SHOOT2,))  # seed 1: the first shot hits
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Shoot", "Snap shot"])
        await until_screen(pilot, "AttackDialog")
        await pilot.press("enter")
        await until_screen(pilot, "DamageDialog")
        await pilot.press("escape")
        await until_screen(pilot, "MainScreen")
        await pilot.press("d")
        await until_screen(pilot, "DamageDialog")
        await pilot.press("enter")
        await until_screen(pilot, "AttackDialog")
        assert app.session.encounter.turn.done == 1


async def test_an_attack_put_off_then_taken_up_with_a_goes_on_A8(tmp_path: Path) -> None:
    """Escape at the first attack, `a` later: it opens, and after it the second opens."""
    app = fight_app(tmp_path, (SHOOT2,))
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Shoot", "Snap shot"])
        await until_screen(pilot, "AttackDialog")
        await pilot.press("escape")
        await until_screen(pilot, "MainScreen")
        await pilot.press("a")
        opened = await enter_through(pilot)
        assert opened.count("AttackDialog") == 2, opened
        assert app.session.encounter.turn is None


async def test_physical_dice_cancelled_then_taken_up_goes_on_A8(tmp_path: Path) -> None:
    """Escape at the first attack's dice prompt, `a` later (the choices kept): once typed,
    the second attack opens by itself."""
    app = fight_app(tmp_path, (SHOOT2,), dice_mode="physical")
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Shoot", "Snap shot"])
        await until_screen(pilot, "AttackDialog")
        await pilot.press("enter")
        await until_screen(pilot, "DiceEntry")
        await pilot.press("escape")
        await until_screen(pilot, "MainScreen")
        await pilot.press("a")
        opened = await enter_through(pilot)
        assert opened.count("AttackDialog") == 2, opened
        assert "DiceEntry" in opened, opened
        assert app.session.encounter.turn is None, opened


BO_SKILLS = {"Melee": 8, "Shoot": 3, "Dodge": 3}  # TTU 7 - skill 3+ <= now 5: he may react


def duel_app(tmp_path: Path, seed: int, held: str | None = None) -> TrackerApp:
    """Ava (due at 5, Dexterity 9, Melee 8) and Bo (ready, a sword; `held`: the action
    he holds, so he may parry or dodge, A10)."""
    path = tmp_path / "duel.json"
    ava = fighter("ava", 5, skills={"Melee": 8, "Shoot": 3})
    ava.stats["Dexterity"] = 9
    save_session(fight(5, ava, fighter("bo", 7, held_action=held, skills=BO_SKILLS)), path)
    return make_app(path, saves_dir=tmp_path, seed=seed)


HIT_CHECKED = (ATTACK, PARRY, DAMAGE, CHECK)


@pytest.mark.parametrize(
    ("parry", "seed", "expected"),
    [
        path("hit-check-x2", False, 1, opens=HIT_CHECKED * 2),
        path("hit-x2", False, 2, opens=(ATTACK, PARRY, DAMAGE) * 2),  # seed 4 alike
        path("two-checks", False, 3, opens=(*HIT_CHECKED * 2, CHECK)),
        path("parried-x2", True, 1, opens=(ATTACK, PARRY) * 2),  # seeds 2, 4 alike
        path("hit-then-parried", True, 3, opens=(*HIT_CHECKED, ATTACK, PARRY)),
    ],
)
async def test_a_parry_asked_between_two_strikes_A10(
    tmp_path: Path, parry: bool, seed: int, expected: list[str]
) -> None:
    """Strike + Kick on a Bo who may parry; parried (p) or not, the Kick opens by itself."""
    app = duel_app(tmp_path, seed, "Parry")
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Strike", "Kick"])
        opened = await enter_through(pilot, keys={"ParryDialog": "p"} if parry else None)
        enc = app.session.encounter
        assert opened == expected
        if parry:  # every parry that ends the walk blocked its strike
            assert any("blocked" in line.text for line in enc.log), opened
        assert enc.turn is None and not enc.pending, opened


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        path("checked-each-time", 1, opens=HIT_CHECKED * 2),
        path("two-checks-at-the-end", 2, opens=(*(ATTACK, PARRY, DAMAGE) * 2, CHECK, CHECK)),
    ],  # seed 3 as seed 2
)
async def test_a_dodge_declared_in_the_first_attack_A10(
    tmp_path: Path, seed: int, expected: list[str]
) -> None:
    """ctrl+d declares Bo's dodge at the first strike; hit or dodged, the Kick opens."""
    app = duel_app(tmp_path, seed, "Dodge")
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Strike", "Kick"])
        opened = await enter_through(pilot, keys={"AttackDialog": "ctrl+d"})
        enc = app.session.encounter
        assert opened == expected
        assert enc.turn is None and not enc.pending, opened


def tied_app(tmp_path: Path) -> TrackerApp:
    """Lio and Markon both at 13, Lio's opportunity open: Markon's dodge opens his (R5)."""
    session = a10()
    session.encounter.combatants["markon"].ttu = 13
    session.encounter.combatants["lio"].actions.append(SHOOT2)
    path = tmp_path / "tie.json"
    save_session(session, path)
    return make_app(path, saves_dir=tmp_path, seed=1)


async def test_a_tied_dodger_does_not_take_the_rest_of_the_turn_A8(tmp_path: Path) -> None:
    """Failed before: Markon, tied, dodges the first shot, so his opportunity opens; the GM
    puts the second shot off (escape), and `a`, though the track said "Snap shot to roll
    · a rolls it", opened Markon's opportunity (taking it would drop Lio's shot)."""
    app = tied_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Shoot", "Snap shot"])
        await until_screen(pilot, "AttackDialog")
        await pilot.press("ctrl+d", "enter")  # Markon dodges: his tied opportunity opens
        await until_screen(pilot, "DamageDialog")  # seed 1: the shot hits all the same
        await pilot.press("enter")
        await until_screen(pilot, "AttackDialog")  # the second shot opens by itself
        await pilot.press("escape")
        await until_screen(pilot, "MainScreen")
        assert app.session.encounter.due == ["markon"]
        await pilot.press("a")
        await until(pilot, lambda: not isinstance(app.screen, MainScreen))
        assert type(app.screen).__name__ == "AttackDialog"
        opened = await enter_through(pilot)
        assert app.session.encounter.turn is None, opened
        await pilot.press("a")  # Lio's turn done: now Markon's opportunity
        await until_screen(pilot, "OpportunityDialog")


async def test_a_reaction_before_the_turn_goes_on_to_the_turn_A10(tmp_path: Path) -> None:
    """Escape at the first shot, `r`: Markon's dodge reaction rolls, then Lio's two shots
    open by themselves (his interrupted turn comes back)."""
    app = fight_app(tmp_path, (SHOOT2,))
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Shoot", "Snap shot"])
        await until_screen(pilot, "AttackDialog")
        await pilot.press("escape")
        await until_screen(pilot, "MainScreen")
        await pilot.press("r")
        opened = await enter_through(pilot)
        assert opened[:2] == ["ReactDialog", "SkillRollDialog"], opened
        assert opened.count("AttackDialog") == 2, opened
        assert app.session.encounter.turn is None, opened


async def test_the_target_flees_between_the_shots_A8(tmp_path: Path) -> None:
    """Markon leaves the fight after the first shot (what `f` sends) and a Guard stays:
    `a` opens the second shot, on the Guard."""
    session = a10()
    session.encounter.combatants["lio"].actions.append(SHOOT2)
    guard = session.encounter.combatants["markon"].model_copy(update={"id": "g", "name": "Guard"})
    session.encounter.combatants["g"] = guard
    path = tmp_path / "flee.json"
    save_session(session, path)
    app = make_app(path, saves_dir=tmp_path, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, ["Shoot", "Snap shot"])
        await until_screen(pilot, "AttackDialog")
        dialog = app.screen
        assert isinstance(dialog, AttackDialog)
        dialog.query_one("#target").value = "markon"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not dialog)
        for _ in range(3):  # its damage, if it hit: a bound, so a loop fails, never hangs
            if isinstance(app.screen, AttackDialog):
                break
            current = app.screen
            await pilot.press("enter")
            await until(pilot, lambda c=current: app.screen is not c)
        assert isinstance(app.screen, AttackDialog), type(app.screen).__name__
        await pilot.press("escape")  # the second shot opened by itself; the GM holds it
        await until_screen(pilot, "MainScreen")
        app.run_command(FightStatus(target="markon"))  # Markon flees
        await pilot.press("a")
        await until_screen(pilot, "AttackDialog")
        assert app.screen.query_one("#target").value == "g"  # type: ignore[attr-defined]
        opened = await enter_through(pilot)
        assert opened[0] == "AttackDialog", opened
        assert app.session.encounter.turn is None, opened

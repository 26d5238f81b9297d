"""The physical-dice prompt: it fits its die, says what a chain needs, takes a chain at once.

- the example and the hint fit the die: `e.g. 95` and 00 = 100 on a d100,
  d10 faces with 0 = 10 on a d10 (never a d10 example for a d100);
- a d100 that starts or continues an open roll (B1) takes the rest of the
  chain in one go (`95 90`) when every face but the last opens it again, and
  says why not otherwise; any other prompt says each roll is asked for alone;
- faces kept from a cancelled attempt are offered, prefilled.

Then the same in the app: the engine's purpose heads the prompt, and after a 95
the next prompt says the chain goes on. Last, digits that are not ASCII (`²`) refused.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from rules.engine.session import Session
from rules.mechanics.open_roll import OpenChain
from rules.model.commands import AnimaCheck
from rules.model.state import Combatant, Encounter
from tests.support.act_fixtures import SIZE, ActHost, stats
from tests.support.modal_host import Host, shown, type_into, until
from tests.support.physical_steps import answer, physical_fight, prompt
from tracker.modals.act import SkillRollDialog
from tracker.modals.dice_entry import DiceEntry
from tracker.screens.main import MainScreen


def texts(app: Host) -> tuple[str, str]:
    """The prompt's hint and its placeholder."""
    hint = str(app.screen.query_one("#how", Static).render())
    return hint, app.screen.query_one("#faces", Input).placeholder


async def test_the_example_fits_the_die() -> None:
    for modal, hint, example in (
        (DiceEntry("Poison check: Kans", 100, 1), "Type the face (00 = 100).", "e.g. 95"),
        (DiceEntry("reaction roll: Kans", 10, 1), "Type the face (0 = 10).", "e.g. 7"),
        (
            DiceEntry("attack: Kans → Dinzis", 10, 6),
            "Type the 6 faces, separated by spaces (0 = 10).",
            "e.g. 7 1 5 8 0 3",
        ),
    ):
        app = Host(modal)
        async with app.run_test(size=SIZE):
            assert texts(app) == (hint, example)


async def test_an_open_roll_takes_the_whole_chain_at_once_B1() -> None:
    app = Host(DiceEntry("Notice check: Kans", 100, 1, open_chain=OpenChain()))
    async with app.run_test(size=SIZE) as pilot:
        hint, example = texts(app)
        assert example == "e.g. 95, or the whole chain: 95 90"
        assert "An open roll (B1): 90+ opens and is rolled again" in hint
        await pilot.press(*"95 90 40", "enter")
        assert shown(app, "faces") == (
            "the open roll stops at 90 (90 does not open: roll 2 needs 91+, B1), "
            "so 40 is one face too many: type the faces up to 90"
        )
        assert app.results == []
        await pilot.press(*["backspace"] * 3, "enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [[95, 90]]


async def test_a_continued_chain_takes_its_rest_B1() -> None:
    app = Host(DiceEntry("Notice check: Kans — 95 opens", 100, 1, open_chain=OpenChain((95,))))
    async with app.run_test(size=SIZE) as pilot:
        hint, example = texts(app)
        assert hint.endswith("Or type the rest of the chain at once.") and example == "e.g. 95"
        await pilot.press(*"93 00 40", "enter")  # 93 opens (91+), 100 always opens
        await until(pilot, lambda: bool(app.results))
    assert app.results == [[93, 100, 40]]


async def test_a_die_that_is_no_chain_says_each_roll_is_asked_alone() -> None:
    app = Host(DiceEntry("Poison check: Kans", 100, 1))  # B5: never open
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"95 90", "enter")
        assert shown(app, "faces") == (
            "2 faces typed (95 90), but only 1 d100 is asked for here: "
            "each later roll is asked for on its own"
        )
        assert app.results == []


async def test_faces_kept_from_a_cancelled_attempt_are_offered() -> None:
    app = Host(DiceEntry("luck die follow-up: Kans", 10, 2, offered=(10, 4)))
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#faces", Input).value == "0 4"  # as the GM typed them
        assert app.screen.query("#offered")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [[10, 4]]


# --- in the app --------------------------------------------------------------------------


async def test_after_a_95_the_prompt_says_the_chain_goes_on(tmp_path: Path) -> None:
    """The brief's case: Notice 95 opens; the second prompt is not the first one again."""
    app = physical_fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        check = AnimaCheck(actor="lio", kind="ability", name="Notice", value=60, difficulty=200)
        app.run_command(check)
        first = await answer(pilot, "95")
        assert first.purpose == "Notice check: Lio"
        second = await prompt(pilot)
        assert second.purpose == (
            "Notice check: Lio — 95 opens: roll again and add (91+ opens again, B1)"
        )
        await answer(pilot, "93 40")  # the rest of the chain at once
        session = app.session
        assert session is not None
        await until(pilot, lambda: bool(session.done) and session.done[-1].command == check)
        assert session.done[-1].faces == [95, 93, 40]


async def test_the_whole_chain_typed_at_the_first_prompt(tmp_path: Path) -> None:
    app = physical_fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        check = AnimaCheck(actor="lio", kind="ability", name="Notice", value=60, difficulty=200)
        app.run_command(check)
        await answer(pilot, "95 90")
        session = app.session
        assert session is not None
        await until(pilot, lambda: bool(session.done) and session.done[-1].command == check)
        assert session.done[-1].faces == [95, 90]
        assert "95+90 = 245" in session.encounter.log[-1].text


# --- `²` is an ordinary key on a French keyboard, and `'²'.isdigit()` is true: typed into
# the dice prompt or the roll's goal it used to reach `int()` and crash the app.
# Now it is refused like any other text that is not ASCII digits, with a message
# under the field, and nothing is returned.


async def test_a_superscript_two_in_the_dice_prompt_is_refused() -> None:
    app = Host(DiceEntry("Notice check: Kans", 10, 1))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#faces", "²")
        await until(pilot, lambda: shown(app, "faces") != "")
        assert shown(app, "faces") == "die 1: '²' is not a number (type the digits 0-9)"
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        assert app.screen.refusals == 1  # type: ignore[attr-defined]


async def test_a_superscript_two_as_the_goal_is_refused() -> None:
    kans = Combatant(id="k", name="Kans", stats=stats(Wits=6), skills={"Sneak": 3})
    session = Session(Encounter(combatants={"k": kans}))
    app = ActHost(SkillRollDialog(session.encounter, "k", skill="Sneak", stat="Wits"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#goal", "²")
        await until(pilot, lambda: shown(app, "goal") != "")
        assert shown(app, "goal") == "'²' is not a number (type the digits 0-9)"
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []

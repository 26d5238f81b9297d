"""The parry question in fewer widgets (issue 27: dialog_open_ms): the parrier's die as
one line that ctrl+l or a click steps through (C), and "Pays with" as a plain line when
the engine's default parry is the only one that may pay (A10).

Before, the die was a radio set of five buttons and "Pays with" a drop-down offering
the one action its prompt already named: eight of the dialog's ~30 widgets.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import RadioButton, RadioSet, Select, Static

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Parry
from tests.support.act_fixtures import SIZE, ActHost, card_game, die_walk, start, submit
from tests.support.modal_host import until
from tests.support.physical_steps import physical_app, prompt
from tracker.modals.act import ParryDialog
from tracker.modals.act.common import DieLine
from tracker.modals.cycle_line import CycleLine, next_allowed
from tracker.screens.main import MainScreen


def kans_may_parry() -> Session:
    """Dinzis's stab at SS 9; Kans (a Parry in his repertoire, no held action) may parry."""
    session = card_game()
    start(session)
    stab = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
    session.do(stab, ScriptedDice([10, 10, 10, 1, 1, 1]))
    return session


async def test_the_die_is_one_line_that_steps_through_the_dice_that_may_be() -> None:
    session = kans_may_parry()
    (pending,) = session.encounter.pending
    app = ActHost(ParryDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        line = app.screen.query_one("#special", DieLine)
        assert not app.screen.query("#special RadioButton")  # no button per die
        allowed = [c.kind for c in line.choices if c.refused is None]
        refused = [c for c in line.choices if c.refused is not None]
        assert allowed[0] is None and len(allowed) >= 2 and refused, line.choices
        text = str(line.render())
        assert text.startswith("Parrier's die (ctrl+l): no special die · or ")
        assert all(c.label in text for c in line.choices)  # each die, and why not
        seen = await die_walk(pilot, line, len(allowed))
        assert seen == [*allowed[1:], None]  # each die that may be, then none again
        await pilot.click("#special")  # a click steps as the key does
        await until(pilot, lambda: line.kind == allowed[1])
        assert str(line.render()).startswith(f"Parrier's die (ctrl+l): {line.choices[1].label}")
        radios = app.screen.query_one("#weapon", RadioSet)
        list(radios.query(RadioButton))[1].value = True  # parry with the knife
        await until(pilot, lambda: radios.pressed_index == 1)
        command = await submit(app, pilot)
    assert isinstance(command, Parry) and command.special == allowed[1]


async def test_pays_with_is_a_line_when_there_is_nothing_to_choose() -> None:
    session = kans_may_parry()
    (pending,) = session.encounter.pending
    app = ActHost(ParryDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        assert not app.screen.query(Select)  # Parry is both the default and the only one
        line = app.screen.query_one("#pays-with", Static)
        assert str(line.render()) == "Pays with  its parry: Parry (cost 2)"
        await pilot.press("p")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [Parry(pending=pending.id, weapon="knife")]


def test_next_allowed_skips_the_refused_and_wraps() -> None:
    assert next_allowed([True, False, True, True], 0) == 2
    assert next_allowed([True, False, True, True], 2) == 3
    assert next_allowed([True, False, True, True], 3) == 0
    assert next_allowed([True, False, False], 0) is None  # nothing else may be chosen


def test_a_cycle_line_refuses_an_option_that_may_not_be_chosen() -> None:
    line = CycleLine([True, False, True], str)
    line.value = 2
    assert line.value == 2
    for index in (1, 3, -1):
        try:
            line.value = index
        except ValueError:
            pass
        else:
            raise AssertionError(f"option {index} was taken")
    assert line.value == 2


async def test_the_die_comes_back_after_escape_at_the_dice(tmp_path: Path) -> None:
    """Physical dice: the parry declared with a die, Escape at its dice prompt: nothing
    changed, and `d` reopens the parry question with the same die (kept_fields)."""
    app = physical_app(tmp_path, kans_may_parry())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, ParryDialog))
        line = app.screen.query_one("#special", DieLine)
        await pilot.press("ctrl+l")
        await until(pilot, lambda: line.kind is not None)
        chosen = line.kind
        await pilot.press("p")
        await prompt(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert [s.command.type for s in app.session.done][-1] == "attack"  # nothing applied
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, ParryDialog))
        dialog = app.screen
        await until(pilot, lambda: dialog.kept_restore is None or dialog.kept_restore.done)
        assert dialog.kept_restore is not None
        assert dialog.query_one("#special", DieLine).kind == chosen

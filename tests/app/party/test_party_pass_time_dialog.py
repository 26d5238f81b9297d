"""The party's pass-time dialog: it speaks of the party's day (a party has no track), asks
the demise goal of the checks that come due (R15, prefilled with the last one given here),
names nonsense under its field, and the goal given decides the check (A16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from tests.support.modal_host import save_disabled, shown, type_into, until
from tests.support.party_time_ui import bleeder, party_of
from tests.support.party_ui import read
from tracker.app.tracker_app import make_app
from tracker.modals.dice_entry import DiceEntry
from tracker.party.keeper import PartyKeeper
from tracker.party.pass_time_dialog import PartyPassTimeForm
from tracker.party.screen import PartyScreen

SIZE = (120, 40)


def _texts(app) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(str(s.render()) for s in app.screen.query(Static))


async def _dialog(pilot, app, path: Path) -> PartyScreen:  # type: ignore[no-untyped-def]
    screen = PartyScreen(PartyKeeper.open(path))
    await app.push_screen(screen)
    await pilot.press("P")
    await until(pilot, lambda: isinstance(app.screen, PartyPassTimeForm))
    return screen


async def test_it_says_the_partys_day_and_no_track(tmp_path: Path) -> None:
    path = party_of(tmp_path, bleeder(3))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await _dialog(pilot, app, path)
        text = _texts(app)
        assert "Hawkwood, day 1, between fights" in text
        assert "track" not in text.lower()
        assert "1 TU is 1 second (R30): a minute is 60 TU, an hour 3,600 TU" in text
        assert app.screen.query_one("#demise-goal", Input).value == "5"  # R15's default


@pytest.mark.parametrize(
    ("field", "typed", "slot", "words"),
    [
        ("#amount", "soon", "amount", "amount: 'soon'"),
        ("#amount", "0", "amount", "amount: must be"),
        ("#amount", "-3", "amount", "amount"),
        ("#amount", "99999999999999999999", "amount", "amount"),
        ("#amount", "25", "amount", "more than a day"),  # with hours, below
        ("#demise-goal", "hard-ish", "demise-goal", "neither a number nor a named goal"),
        ("#demise-goal", "61", "demise-goal", "demise goal: must be 0–60"),
        ("#demise-goal", "-1", "demise-goal", "demise goal: must be 0–60"),
        ("#demise-goal", "٥", "demise-goal", "is not a number (type the digits 0-9)"),
        ("#demise-goal", "", "demise-goal", "type a goal"),
        ("#demise-goal", "5\x00", "demise-goal", "'5\\x00' is neither a number"),
    ],
)
async def test_nonsense_is_named_under_its_field_and_nothing_changes(
    tmp_path: Path, field: str, typed: str, slot: str, words: str
) -> None:
    path = party_of(tmp_path, bleeder(3))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await _dialog(pilot, app, path)
        if field == "#demise-goal":
            await type_into(pilot, "#amount", "10")
        elif words == "more than a day":
            app.screen.query_one("#unit").value = "hours"  # type: ignore[attr-defined]
        app.screen.query_one(field, Input).value = typed
        await until(pilot, lambda: save_disabled(app))
        await until(pilot, lambda: words in shown(app, slot))
        await pilot.press("enter")  # refused
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PartyScreen))
        assert read(path).revision == 1


async def test_the_goal_given_decides_the_check_and_is_offered_next_time(tmp_path: Path) -> None:
    path = party_of(tmp_path, bleeder(8))  # the first tick crosses half Endurance (A16)
    app = make_app(None, saves_dir=tmp_path, seed=1, dice_mode="physical")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _dialog(pilot, app, path)
        await type_into(pilot, "#amount", "40")
        await type_into(pilot, "#demise-goal", "19")
        await until(pilot, lambda: not save_disabled(app))
        await pilot.click("#save")
        await until(pilot, lambda: isinstance(app.screen, DiceEntry))
        await type_into(pilot, "#faces", "10 10 10 10 10 10")  # 18 VP: short of 19
        await pilot.press("enter")
        await until(pilot, lambda: read(path).get("kans").dead)
        entry = read(path).history[-1]
        assert entry.text.startswith("Time passes: 40 TU, demise checks at goal 19 (R15)")
        assert "= 18 VP) vs goal 19 → dies" in entry.lines[0]
        await until(pilot, lambda: app.screen is screen and screen.passing is None)
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PartyPassTimeForm))
        assert app.screen.query_one("#demise-goal", Input).value == "19"

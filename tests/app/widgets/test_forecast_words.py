"""The detail pane and the party screen say, in words, when an untreated bleeder reaches
its half-Endurance line and 0 (the rules' death forecast; A14, A16, R31); staunched, it
goes."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from textual.widgets import Static

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Staunch
from rules.model.state import Encounter
from tests.support.modal_host import until
from tests.support.party_time_ui import bleeder, party_of
from tests.support.passage import ulric
from tracker.app.tracker_app import make_app
from tracker.party.keeper import PartyKeeper
from tracker.party.screen import PartyScreen
from tracker.widgets.detail import describe

WORDS = "half Endurance at +60 TU, 0 at +150 TU, then a check each 10 TU"


def plain(enc: Encounter, cid: str) -> str:
    console = Console(width=200, color_system=None)
    with console.capture() as captured:
        console.print(describe(enc.combatants[cid], enc))
    return captured.get()


def test_the_detail_pane_says_when_and_staunching_clears_it() -> None:
    s = Session(Encounter(combatants={"ulric": ulric()}))
    assert f"☠ Forecast {WORDS}" in plain(s.encounter, "ulric")
    s.do(Staunch(target="ulric"), ScriptedDice([]))  # R13: stopped
    assert "Forecast" not in plain(s.encounter, "ulric")


async def test_the_party_screen_says_it_for_the_highlighted_character(tmp_path: Path) -> None:
    path = party_of(tmp_path, bleeder(3))  # Kans: anchor -4, so every time is 4 TU sooner
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(PartyScreen(PartyKeeper.open(path)))
        state = app.screen.query_one("#party-state", Static)
        await until(pilot, lambda: "Forecast" in str(state.render()))
        assert str(state.render()).endswith(
            "☠ Forecast: half Endurance at +56 TU, 0 at +146 TU, then a check each 10 TU (R31)"
        )

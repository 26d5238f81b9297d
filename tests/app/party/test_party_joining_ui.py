"""Issue 27: a PC added with `+` to an encounter made from a party is asked once whether it
joins the party; yes is carried by the write-back, no leaves it the encounter's only."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from rules.party.encounters import write_back
from tests.support.modal_host import type_into, until
from tests.support.party_ui import kans, new_encounter_from_party, party_file, read
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.combatant_form import CombatantForm
from tracker.modals.confirm import Confirm
from tracker.screens.main import MainScreen

SIZE = (120, 40)


@pytest.mark.parametrize("answer", ["y", "n"])
async def test_a_pc_added_to_a_party_s_encounter_is_asked_once(answer: str, tmp_path: Path) -> None:
    path = party_file(tmp_path, kans())
    app = make_app(None, saves_dir=tmp_path, seed=1)
    assert isinstance(app, TrackerApp)
    async with app.run_test(size=SIZE) as pilot:
        await new_encounter_from_party(pilot, "Morning ambush")
        await pilot.press("plus")
        await until(pilot, lambda: isinstance(app.screen, CombatantForm))
        assert app.screen.query_one("#side", Select).value == "PC"  # the last added: Kans
        await type_into(pilot, "#name", "Sir Ulric")
        await pilot.press("ctrl+s")  # the sheet saves on ctrl+s (Enter moves on)
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        question = app.screen.question
        assert question.startswith("Sir Ulric joins the party Hawkwood?")
        await pilot.press(answer)
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        ulric = next(c.id for c in enc.combatants.values() if c.name == "Sir Ulric")
        assert enc.party is not None
        assert (ulric in enc.party.joining) is (answer == "y")
        carried = write_back(read(path), enc).party.characters
        assert (ulric in carried) is (answer == "y")

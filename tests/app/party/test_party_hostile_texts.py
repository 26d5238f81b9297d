"""Pasted hostile text on the party's side: a message in the field, the app lives (issue 23).

The Luck reason (`x\\u202eevil\\x01y`, a lone surrogate, NUL) raised a ValidationError
outside the history's `try` and killed the app; a new party's name with a lone
surrogate did the same. Now the text rule's words show under the field, the dialog
stays up and the party file is as it was.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from rules.model.plain_text import problem
from tests.support.modal_host import until
from tests.support.party_ui import kans, party_file, read
from tests.support.pasted_text import PASTED, paste_and_enter, shown
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.encounter_name import EncounterName
from tracker.modals.luck import LuckForm
from tracker.party.keeper import PartyKeeper
from tracker.party.screen import PartyScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


@pytest.mark.parametrize("text", PASTED)
async def test_a_hostile_luck_reason_is_refused_in_its_field(tmp_path: Path, text: str) -> None:
    path = party_file(tmp_path, kans())
    before = path.read_bytes()
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = PartyScreen(PartyKeeper.open(path))
        await app.push_screen(screen)
        await until(pilot, lambda: screen.query_one(DataTable).row_count == 1)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LuckForm))
        dialog = app.screen
        dialog.query_one("#amount", Input).value = "+1"
        await paste_and_enter(pilot, dialog, "reason", text)
        assert app.is_running and app.screen is dialog
        assert problem(text) in shown(dialog, "reason")
    assert path.read_bytes() == before and read(path).revision == 1


@pytest.mark.parametrize("text", PASTED)
async def test_a_hostile_new_party_name_is_refused_in_its_field(tmp_path: Path, text: str) -> None:
    app: TrackerApp = make_app(None, saves_dir=tmp_path, seed=1)  # type: ignore[assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        table = app.screen.query_one(DataTable)
        await until(pilot, lambda: "new-party" in [str(k.value) for k in table.rows])
        table.move_cursor(row=table.get_row_index("new-party"))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EncounterName))
        dialog = app.screen
        await paste_and_enter(pilot, dialog, "name", text)
        assert app.is_running and app.screen is dialog
        assert problem(text) in shown(dialog, "name")
    assert not (tmp_path / "parties").exists() or not list((tmp_path / "parties").iterdir())

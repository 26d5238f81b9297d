"""Nonsense in every field of every party dialog (heal in each care, luck in each what,
pass time): each hostile value is submitted (a sample typed through the keys); nothing
may raise, the dialog stays up, a number field says why, and the party file is exactly
as it was (tests.support.form_fuzz, the harness of every dialog's fuzz)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.model.state import Combatant, Wound
from tests.support.form_fuzz import Coverage, check_accepted, fuzz_dialog
from tests.support.hostile_text import HOSTILE
from tests.support.modal_host import until
from tests.support.party_ui import party_file
from tracker.app.tracker_app import make_app
from tracker.modals.form import Dialog
from tracker.party.keeper import PartyKeeper
from tracker.party.screen import PartyScreen

SIZE = (120, 40)


def _kans() -> Combatant:
    wound = Wound(location="chest", wp=4, bleeding=True)
    return Combatant(
        id="kans", name="Kans", side="PC", wounds=[wound], bleed_rate=1, bleed_anchor=-2, luck=2
    )


@pytest.mark.parametrize("key", ["h", "l", "P"])
async def test_every_party_dialog_refuses_nonsense_and_changes_nothing(
    tmp_path: Path, key: str
) -> None:
    path = party_file(tmp_path, _kans(), Combatant(id="ula", name="Ula", side="PC"))
    before = path.read_bytes()
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = PartyScreen(PartyKeeper.open(path))
        await app.push_screen(screen)
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, Dialog))
        dialog = app.screen
        assert isinstance(dialog, Dialog)
        coverage = Coverage()
        await fuzz_dialog(pilot, coverage, state=path.read_bytes)
        assert coverage.tries >= len(coverage.fields) * len(HOSTILE) and coverage.typed
        check_accepted(coverage)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert path.read_bytes() == before and screen.error == ""

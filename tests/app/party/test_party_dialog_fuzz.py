"""Nonsense in every field of every party dialog (heal in each care, luck in each what,
pass time): each hostile value is typed and submitted; nothing may raise, the dialog
stays up, a number field says why, and the party file is exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from rules.model.state import Combatant, Wound
from tests.support.form_fuzz import MODE_SELECTS, TEXT_FIELDS, field_name, messages, typable
from tests.support.hostile_text import HOSTILE
from tests.support.modal_host import until
from tests.support.party_ui import party_file
from tracker.app import make_app
from tracker.modals.form import Dialog
from tracker.party_keeper import PartyKeeper
from tracker.screens.party import PartyScreen

SIZE = (120, 40)


def _kans() -> Combatant:
    wound = Wound(location="chest", wp=4, bleeding=True)
    return Combatant(
        id="kans", name="Kans", side="PC", wounds=[wound], bleed_rate=1, bleed_anchor=-2, luck=2
    )


async def _fuzz(pilot, dialog: Dialog[object], before: bytes, path: Path) -> int:  # type: ignore[no-untyped-def]
    tries = 0
    modes: list[tuple[Select[object] | None, object]] = [(None, None)]
    for select_id in MODE_SELECTS:
        for select in dialog.query(f"#{select_id}").results(Select):
            others = [v for _, v in select._options if v != select.value and v is not Select.NULL]
            modes += [(select, value) for value in others]
    for select, value in modes:
        if select is not None:
            select.value = value
            await pilot.pause()
        fields = {field_name(f): f for f in dialog.query(Input) if typable(f)}
        for key, target in fields.items():
            opening = target.value
            for hostile in HOSTILE:
                tries += 1
                target.value = hostile
                result, _ = dialog.validate_form()
                case = (type(dialog).__name__, select and select.value, key, hostile[:12])
                if result is not None:
                    assert key in TEXT_FIELDS or not hostile.strip(), f"{case}: taken"
                    continue
                dialog.action_submit()
                await pilot.pause()
                assert pilot.app.screen is dialog, f"{case}: the dialog closed"
                assert path.read_bytes() == before, f"{case}: the party file changed"
                if key not in TEXT_FIELDS and hostile.strip():
                    assert messages(dialog), f"{case}: refused without a message"
            target.value = opening
            await pilot.pause()
    return tries


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
        tries = await _fuzz(pilot, dialog, before, path)
        assert tries >= len(HOSTILE)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert path.read_bytes() == before and screen.error == ""

"""The players' screen never writes: the save's folder (the save, its backup, no lock, no
temp file) and the config folder (no settings file) are as they were after a session of
every key a player might press; no key changes the encounter."""

from __future__ import annotations

import os
from pathlib import Path

from tests.support.players_view import folder_state, saved_fight, screen_text, wait_until
from tracker.app.settings import settings_path
from tracker.players.view.app import PlayersView

KEYS = ["t", "t", "down", "pagedown", "up", "a", "n", "b", "e", "u", "ctrl+z", "ctrl+s", "s"]
KEYS += ["enter", "space", "delete", "h", "r", "ctrl+p", "escape", "tab", "f1", "question_mark"]


async def test_no_key_writes_or_changes_anything(tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)
    before = folder_state(tmp_path)
    config = settings_path().parent
    config_before = sorted(os.listdir(config)) if config.exists() else None
    app = PlayersView(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        first = app.view
        for key in KEYS:
            await pilot.press(key)
        await pilot.pause(0.6)  # two polls: nothing changed, nothing re-read
        assert app.view is first and app.drawn_revision == 1
        assert "Dinzis" in screen_text(app)
        await pilot.press("q")
    assert app.return_code == 0
    assert folder_state(tmp_path) == before
    assert (sorted(os.listdir(config)) if config.exists() else None) == config_before
    assert not settings_path().exists()

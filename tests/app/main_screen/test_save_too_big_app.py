"""A fight grown past what a save can hold: the autosave says why and keeps the file (issue 23).

The GM sees the same "Autosave failed" notice and status-bar line a full disk gives,
with the size, the cap and what to do; the file on disk and its backup stay openable.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.saves import raw, store
from tests.support.modal_host import until
from tracker.app.tracker_app import make_app
from tracker.screens.main import MainScreen
from tracker.widgets.status_bar import StatusBar


async def test_a_too_big_autosave_is_refused_with_its_reason_and_the_file_stays(
    twin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        await pilot.press("N")
        await until(pilot, lambda: app.autosave.saved and len(store.load_session(twin).done) == 1)
        kept = twin.read_bytes()
        monkeypatch.setattr(raw, "MAX_BYTES", len(kept) + 10)
        await pilot.press("N")

        def refused() -> list[str]:
            return [n.message for n in app._notifications if n.title == "Autosave failed"]

        await until(pilot, refused)
        assert "nothing was written" in refused()[0] and "undo (u)" in refused()[0]
        assert not app.autosave.saved and app.session is not None and app.session.encounter.day == 3
        await until(pilot, lambda: "unsaved since" in str(app.screen.query_one(StatusBar).content))
        assert twin.read_bytes() == kept
    assert len(store.load_session(twin).done) == 1

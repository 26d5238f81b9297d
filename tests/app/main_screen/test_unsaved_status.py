"""A failed autosave stays visible: the status bar says the fight is unsaved until a save works.

The toast goes after ten seconds; a GM who looked away must still see, at any
moment, that the fight on screen is not on disk and what to do about it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.saves import store
from rules.saves.store import SaveError
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.main import MainScreen
from tracker.widgets.status_bar import StatusBar

SIZE = (120, 40)
NOTICE = re.compile(r"unsaved since \d\d:\d\d — ctrl\+s to save elsewhere")


def status(app: TrackerApp) -> str:
    return str(app.screen.query_one(StatusBar).content)


def disk_full(save: store.PreparedSave) -> None:
    """The disk's part of a save fails (the autosave runs it in its writer's thread)."""
    raise SaveError(save.path, "no space left on device", action="save")


async def test_a_failed_autosave_stays_in_the_status_bar_until_a_save_works(
    twin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        assert "unsaved" not in status(app)
        monkeypatch.setattr(store.PreparedSave, "commit", disk_full)
        await pilot.press("N")
        await until(pilot, lambda: NOTICE.search(status(app)))
        since = NOTICE.search(status(app))
        assert status(app).startswith(f" {since.group()} │ The card game")  # never cut off
        assert not app.autosave.saved
        app.clear_notifications()  # the toast gone: the bar still says it
        await pilot.press("N")
        await until(pilot, lambda: app.session.encounter.day == 3)
        await pilot.pause()
        assert NOTICE.search(status(app)) is not None
        assert NOTICE.search(status(app)).group() == since.group()  # since the first failure
        monkeypatch.undo()
        await pilot.press("N")
        await until(pilot, lambda: app.autosave.saved)
        await until(pilot, lambda: "unsaved" not in status(app))
    assert [s.command.type for s in store.load_session(twin).done] == ["new-day"] * 3


async def test_save_as_clears_the_notice(twin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        real = store.PreparedSave.commit
        monkeypatch.setattr(
            store.PreparedSave, "commit", lambda s: disk_full(s) if s.path == twin else real(s)
        )
        await pilot.press("N")
        await until(pilot, lambda: NOTICE.search(status(app)))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: type(app.screen).__name__ == "SaveAs")
        app.screen.query_one("#name").value = "elsewhere"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: app.save_path == twin.with_name("elsewhere.json"))
        await until(pilot, lambda: "unsaved" not in status(app))
        assert app.autosave.saved
    assert [s.command.type for s in store.load_session(app.save_path).done] == ["new-day"]


async def test_o_after_a_failed_autosave_asks_before_leaving_the_fight(
    twin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening another save drops the session on screen: with it unsaved, the first o
    says so and keeps the fight; a second o is the GM's choice to leave it."""
    from tracker.screens.saves_browser import SavesBrowser

    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        monkeypatch.setattr(store.PreparedSave, "commit", disk_full)
        await pilot.press("N")
        await until(pilot, lambda: NOTICE.search(status(app)))
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)  # the fight stays on screen
        assert any("press o again" in n.message for n in app._notifications)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        assert app.session is not None and app.session.encounter.day == 2

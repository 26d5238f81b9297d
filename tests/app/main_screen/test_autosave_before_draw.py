"""A command is on disk before its frame is drawn (issue 23, item 4b).

The autosave used to wait for the next frame (`call_after_refresh`): a kill right
after the GM saw a command drawn lost it (1 of 12 at once, 8 of 12 within 250 ms).
Now the save starts inside the command, before the revision bump that redraws: its
bytes are made there, its disk's part runs in the writer's thread (issue 27), and
every frame waits for it to land.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from textual.app import App

from rules.model.commands import NewDay
from rules.saves import store
from tests.support.modal_host import until
from tracker.app.tracker_app import make_app
from tracker.screens.main import MainScreen


async def test_the_command_is_on_disk_when_run_command_returns(twin: Path) -> None:
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        for day in (2, 3):
            assert app.run_command(NewDay())  # no await: the loop has drawn nothing since
            assert app.autosave.saved
            assert store.load_session(twin).encounter.day == day


async def test_the_first_frame_after_the_command_finds_it_on_disk(
    twin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk's part of the save runs in the writer's thread while the frame is made
    (issue 27); the frame is written only once the save has landed (issue 23)."""
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        entered, landing = threading.Event(), threading.Event()
        commit = store.PreparedSave.commit
        writers: list[str] = []

        def slow_commit(save: store.PreparedSave) -> None:
            writers.append(threading.current_thread().name)
            entered.set()
            landing.wait(5)  # the disk is slow: the app's thread must not wait here
            commit(save)

        monkeypatch.setattr(store.PreparedSave, "commit", slow_commit)
        on_disk: list[int] = []
        display = App._display

        def written(self: App[None], screen: object, renderable: object) -> None:
            if not on_disk:
                on_disk.append(store.load_session(twin).encounter.day)
            display(self, screen, renderable)  # type: ignore[arg-type]

        monkeypatch.setattr(App, "_display", written)
        assert app.run_command(NewDay())  # returns while the save is still being written
        assert entered.wait(5) and writers[0].startswith("autosave")
        assert store.load_session(twin).encounter.day == 1  # not on disk yet
        threading.Timer(0.05, landing.set).start()
        await until(pilot, lambda: on_disk)
        assert on_disk == [2]  # the first frame after the command: the command on disk


async def test_a_quit_waits_for_the_save_under_way(
    twin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """q right after a command: the save in the writer's thread lands before the app goes,
    and is not written a second time (the quit waits for it, not past it)."""
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        commit = store.PreparedSave.commit
        writes: list[str] = []

        def slow_commit(save: store.PreparedSave) -> None:
            writes.append(threading.current_thread().name)
            time.sleep(0.1)
            commit(save)

        monkeypatch.setattr(store.PreparedSave, "commit", slow_commit)
        assert app.run_command(NewDay())
        await app.action_quit()
        assert store.load_session(twin).encounter.day == 2
        assert len(writes) == 1 and writes[0].startswith("autosave")

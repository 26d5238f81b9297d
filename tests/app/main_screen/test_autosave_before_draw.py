"""A command is on disk before its frame is drawn (issue 23, item 4b).

The autosave used to wait for the next frame (`call_after_refresh`): a kill right
after the GM saw a command drawn lost it (1 of 12 at once, 8 of 12 within 250 ms).
Now the save runs inside the command, before the revision bump that redraws.
"""

from __future__ import annotations

from pathlib import Path

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


async def test_the_main_screen_redrawing_the_change_finds_it_saved(twin: Path) -> None:
    """The revision bump (what the main screen redraws every widget on) comes after."""
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        on_disk: list[int] = []
        app.screen.watch(
            app,
            "revision",
            lambda _r: on_disk.append(store.load_session(twin).encounter.day),
            init=False,
        )
        app.run_command(NewDay())
        await until(pilot, lambda: on_disk)
        assert on_disk[0] == 2

"""The garbage collector runs when the GM does not wait on it (tracker/app/collector.py).

bench_dialog, 30 samples: with Python's defaults, 48 full collections of ~130 ms each
fell where they fell, between a roll and its dialog among them (p90 420 ms). Now a save
opened is collected and frozen, and so is what the table made whenever it is quiet.
`gc.get_objects()` lists only what a collection would examine: a frozen object is not
in it. Each test freezes what the worker holds again afterwards, as tests/conftest.py
does after collection, so the rest of the run is collected as before.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.model.commands import NewDay
from tests.support.modal_host import until
from tracker.app.collector import THRESHOLDS
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.main import MainScreen


@pytest.fixture(autouse=True)
def _worker_frozen_again() -> Iterator[None]:
    yield
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


def _examined(obj: object) -> bool:
    """True when a collection would examine `obj` now (it is not frozen)."""
    return any(o is obj for o in gc.get_objects())


def _collecting_app(twin: Path) -> TrackerApp:
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    app.collector.enabled = True  # as in a terminal
    app.collector.quiet_after = 0.05
    return app


async def test_a_headless_app_leaves_the_collector_alone(twin: Path) -> None:
    """The tests run many apps in one process: none freezes another's objects."""
    app = make_app(twin, saves_dir=twin.parent, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        assert app.run_command(NewDay())
        await pilot.pause()
        assert app.collector.enabled is False
        assert app.collector.freezes == 0
        assert _examined(app.session.encounter)


async def test_a_save_opened_is_frozen(twin: Path) -> None:
    app = _collecting_app(twin)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        await until(pilot, lambda: app.collector.freezes >= 2)  # opened, then its frame
        session = app.session
        assert session is not None
        assert not _examined(session.encounter)
        assert not any(_examined(c) for c in session.encounter.combatants.values())
        assert gc.get_threshold() == THRESHOLDS


async def test_what_a_command_made_is_frozen_once_the_table_is_quiet(twin: Path) -> None:
    app = _collecting_app(twin)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        await until(pilot, lambda: app.collector.freezes >= 2)
        before = app.collector.freezes
        assert app.run_command(NewDay())
        session = app.session
        assert session is not None
        newest = session.encounter.log[-1]
        assert _examined(newest)  # made by the command, not frozen yet
        await until(pilot, lambda: app.collector.freezes > before)
        assert not _examined(newest)


async def test_cyclic_garbage_is_collected_before_the_freeze(twin: Path) -> None:
    """What is frozen is never collected: garbage in a cycle must go first, not be kept."""
    app = _collecting_app(twin)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        await until(pilot, lambda: app.collector.freezes >= 2)

        class Node:
            pass

        a, b = Node(), Node()
        a.other, b.other = b, a  # type: ignore[attr-defined]
        gone = weakref.ref(a)
        del a, b
        before = app.collector.freezes
        assert app.run_command(NewDay())
        await until(pilot, lambda: app.collector.freezes > before)
        assert gone() is None


async def test_no_freeze_while_a_dialog_is_up(twin: Path) -> None:
    """A dialog's widgets go when it closes: frozen, their cycles would never be freed."""
    app = _collecting_app(twin)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        await until(pilot, lambda: app.collector.freezes >= 2)
        assert app.run_command(NewDay())
        await pilot.press("question_mark")  # help: a screen over the main one
        await until(pilot, lambda: not isinstance(app.screen, MainScreen))
        before, put_off = app.collector.freezes, app.collector.put_off
        await until(pilot, lambda: app.collector.put_off >= put_off + 2)
        assert app.collector.freezes == before
        await pilot.press("escape")
        await until(pilot, lambda: app.collector.freezes > before)


async def test_no_collection_starts_between_an_answer_and_the_dialog_it_opens(
    twin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An answer applied, its next dialog is built and drawn with the collector held:
    with a young collection due every 300 new objects, none starts until the dialog is
    up, and collections run again once it is (issue 27: dialog_open_ms)."""
    import tracker.app.collector as collector
    from tests.support.demo import dinzis_due
    from tracker.modals.act import AttackDialog, OpportunityDialog

    monkeypatch.setattr(collector, "THRESHOLDS", (300, 10, 10))
    app = _collecting_app(twin)
    app.collector.quiet_after = 60  # no quiet-moment freeze in the way
    started: list[bool] = []  # each collection started: was the collector held?
    released: list[str] = []  # what was on top when the hold ended

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(app.collector.holding)

    release = app.collector.release

    def released_on(*args: object) -> None:
        if app.collector.holding:
            screen = app.screen
            released.append(f"{type(screen).__name__} mounted={screen.is_mounted}")
        release()

    monkeypatch.setattr(app.collector, "release", released_on)
    async with app.run_test(size=(120, 40)) as pilot:
        await dinzis_due(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog) and app.screen.is_mounted)
        released.clear()  # the opportunity's answer held it until the attack was up
        gc.callbacks.append(seen)
        try:
            await pilot.press("enter")  # the attack rolls: its parry or damage comes next
            await until(pilot, lambda: bool(released) and len(started) > 3)
        finally:
            gc.callbacks.remove(seen)
        assert released[0] in ("ParryDialog mounted=True", "DamageDialog mounted=True")
        assert True not in started  # none while held
        assert gc.isenabled()

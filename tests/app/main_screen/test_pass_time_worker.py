"""The main screen's P runs the passage in a worker thread (tracker.actions.main_pass_time, issue
23): the screen stays responsive and says "Passing time", the keys that would change the
fight are refused with a message meanwhile, and the result lands only if nothing changed
in between. Before, the passage ran in the screen's thread: 1,000 TU of a 1-TU tick froze
it 5.8 s.

The rules' apply is held on a gate (a threading.Event) so the test sees the in-between
state; run in the screen's thread, the gate would hold the whole screen.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.model.commands import ApplyWound
from rules.model.effect_commands import AddReminder
from rules.model.state import Encounter
from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import type_into, until
from tracker.actions import main_pass_time
from tracker.app.tracker_app import TrackerApp
from tracker.modals.pass_time import PassTimeForm
from tracker.screens.main import MainScreen
from tracker.widgets.status_bar import StatusBar


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The worker's apply waits for the gate (10 s at most) before it runs."""
    opened = threading.Event()
    real = main_pass_time.apply

    def held(*args: Any, **kwargs: Any) -> Any:
        opened.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(main_pass_time, "apply", held)
    yield opened
    opened.set()


def _status(app: TrackerApp) -> str:
    return str(app.screen.query_one(StatusBar).render())


def _told(app: TrackerApp, words: str) -> bool:
    return any(words in n.message for n in app._notifications)


async def _pass(pilot, app: TrackerApp, amount: str) -> None:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    assert app.run_command(ApplyWound(target="kans", wound_points=3))  # R12: Kans bleeds
    await pilot.press("P")
    await until(pilot, lambda: isinstance(app.screen, PassTimeForm))
    await type_into(pilot, "#amount", amount)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, MainScreen))


async def test_time_passes_in_a_worker_with_the_fight_changing_keys_refused(
    tmp_path: Path, gate: threading.Event
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _pass(pilot, app, "40")
        await until(pilot, lambda: "⏳ Passing time: 40 TU" in _status(app))
        assert app.time_passing.running is not None
        before = app.session.encounter.model_dump(mode="json")
        steps = len(app.session.done)
        for key in ("n", "u", "a", "w", "b", "N", "P", "E", "o"):
            app.clear_notifications()
            await pilot.press(key)
            await until(pilot, lambda: _told(app, "Passing time (40 TU): wait until it is done"))
            assert isinstance(app.screen, MainScreen), key  # no dialog opened
        assert app.session.encounter.model_dump(mode="json") == before  # nothing changed
        assert len(app.session.done) == steps
        gate.set()
        await until(pilot, lambda: app.time_passing.running is None)
        await until(pilot, lambda: "Passing time" not in _status(app))
        enc = app.session.encounter  # the worker's encounter, adopted
        assert enc.time == before["time"] + 40 and enc.combatants["kans"].bleed_wp == 4
        assert enc.log[-1].text.startswith("Time passes: 40 TU")
        assert enc.log[-2].text.startswith("Kans the Scraver bled 4 WP in 4 ticks (track 10 → 40")
        await pilot.press("u")  # the keys work again: the passage is one undo
        await until(pilot, lambda: app.session.encounter.model_dump(mode="json") == before)
        await pilot.press("u")  # and the step before it, done before the worker's copy
        await until(pilot, lambda: not app.session.encounter.combatants["kans"].wounds)


async def test_a_change_in_between_keeps_nothing_of_the_passage(
    tmp_path: Path, gate: threading.Event
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _pass(pilot, app, "40")
        await until(pilot, lambda: app.time_passing.running is not None)
        passing = app.time_passing
        running, passing.running = passing.running, None  # one command through, by another way
        assert app.run_command(AddReminder(text="the shuttle lands", in_tu=100))
        passing.running = running
        gate.set()
        await until(pilot, lambda: _told(app, "Time did not pass (40 TU)"))
        enc = app.session.encounter
        assert enc.combatants["kans"].bleed_wp == 0 and enc.reminders  # the change stands
        assert not any(e.text.startswith("Time passes") for e in enc.log)


async def test_the_copy_is_taken_in_the_screens_thread_and_the_worker_has_only_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Copied in the worker, the copy raced the screen (which may rebuild the live
    encounter's track cache meanwhile); now the worker is handed its own copy."""
    copied_in: list[threading.Thread] = []
    given: list[Encounter] = []
    real_copy, real_apply = Encounter.__deepcopy__, main_pass_time.apply

    def copy(self: Encounter, *args: Any, **kwargs: Any) -> Encounter:  # every deep copy's
        copied_in.append(threading.current_thread())
        return real_copy(self, *args, **kwargs)

    def apply(encounter: Encounter, *args: Any) -> Any:
        given.append(encounter)
        return real_apply(encounter, *args)

    monkeypatch.setattr(Encounter, "__deepcopy__", copy)
    monkeypatch.setattr(main_pass_time, "apply", apply)
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        live = app.session.encounter
        copied_in.clear()
        await _pass(pilot, app, "40")
        await until(pilot, lambda: app.time_passing.running is None and bool(given))
        assert copied_in and all(t is threading.main_thread() for t in copied_in)
        assert given[0] is not live and app.session.encounter is given[0]  # its copy, adopted
        assert all(d.journal is not None for d in app.session.done)  # undo: no replay

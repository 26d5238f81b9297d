"""An evening's save: how soon it opens, how long a passage of time and a resize take.

A hostile run of a whole evening (200 combatants, a 26,000-line log) found the app
freezing where a fight never shows it: opening took 35.9 s, each P of 1 TU 6.9 s and a
terminal resize 10 s, because the log pane rewrapped every line and P copied every
event. The figures, in process with `run_test(size=(120, 40))`, the collector on as in
a terminal, on the demo with 197 roster clones out of combat and its log padded to
26,000 lines:

evening_open_s_c200_e26000 — from making the app to the first frame of the main screen
with the session loaded (the log drawn).
evening_pass_ms_c200_e26000 — the median, over SAMPLES, from the Enter on P's form
(1 TU) to the first frame after the passage landed.
evening_resize_ms_e26000 — the median from a terminal resize (120 <-> 100 columns) to
the first frame after the log was wrapped again at its new width.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.bench_tui import stamp_frames, two_hundred

SAMPLES = 5
EVENTS = 26_000


def evening_save(folder: Path) -> Path:
    """The demo and 197 roster clones, not in combat, the log padded to EVENTS lines."""
    from rules.engine.session import Session
    from rules.model.event import Event
    from rules.saves.store import save_session

    enc = two_hundred()
    enc.log[:0] = [
        Event(seq=-(k + 1), time=None, kind="attack", text=_line(k)) for k in range(EVENTS)
    ]
    path = folder / "evening.json"
    save_session(Session(enc), path)
    return path


def _line(k: int) -> str:
    return f"Soldier {k % 200} attacks: 4d10 3 7 9 1 vs Dex 7 → 5 VP, goal 3 → hit, a Graze"


async def _wait(condition: Callable[[], object], timeout: float = 120) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise RuntimeError(f"the app did not get there within {timeout} s")
        await asyncio.sleep(0.001)


async def _figures(path: Path, folder: Path) -> dict[str, float]:
    from tests.support.modal_host import type_into
    from tracker.app.tracker_app import make_app
    from tracker.modals.pass_time import PassTimeForm
    from tracker.screens.main import MainScreen
    from tracker.widgets.event_log import EventLog

    frames: list[tuple[float, int]] = []
    started = time.perf_counter()
    app = make_app(path, saves_dir=folder, seed=1)
    app.collector.enabled = True  # as in a terminal (tracker/app/collector.py)

    def first_frame(after: float = 0, revision: int = 0) -> float | None:
        return next((t for t, rev in frames if t > after and rev >= revision), None)

    async with app.run_test(size=(120, 40)) as pilot:
        stamp_frames(app, frames, lambda: app.revision if app.loaded_session else -1)
        await _wait(lambda: isinstance(app.screen, MainScreen) and app.loaded_session)
        loaded = app.revision
        await _wait(lambda: first_frame(revision=loaded))
        opened = (first_frame(revision=loaded) or 0) - started
        passes: list[float] = []
        for _ in range(SAMPLES):
            await pilot.press("P")
            await _wait(lambda: isinstance(app.screen, PassTimeForm))
            await type_into(pilot, "#amount", "1")
            later = app.session.encounter.time + 1
            key = time.perf_counter()
            await pilot.press("enter")
            await _wait(lambda: app.time_passing.running is None)
            await _wait(lambda: app.session.encounter.time == later)  # noqa: B023 (awaited here)
            landed = app.revision
            await _wait(lambda: first_frame(key, landed))  # noqa: B023 (awaited here)
            passes.append((first_frame(key, landed) or 0) - key)
        resizes: list[float] = []
        log = app.screen.query_one(EventLog)
        rewrapped: list[float] = []
        rewrap = log._rewrap

        def stamped() -> None:  # the moment the log is wrapped at its new width
            rewrap()
            rewrapped.append(time.perf_counter())

        log._rewrap = stamped  # type: ignore[method-assign]
        for width in (100, 120) * 3:
            await pilot.pause()
            rewrapped.clear()
            asked = time.perf_counter()
            await pilot.resize_terminal(width, 40)
            await _wait(lambda: rewrapped and first_frame(rewrapped[-1]))
            resizes.append((first_frame(rewrapped[-1]) or 0) - asked)
    return {
        "evening_open_s_c200_e26000": opened,
        "evening_pass_ms_c200_e26000": statistics.median(passes) * 1000,
        "evening_resize_ms_e26000": statistics.median(resizes) * 1000,
    }


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as spare:
        folder = Path(spare)
        path = evening_save(folder)
        return asyncio.run(_figures(path, folder))


if __name__ == "__main__":
    print(run())

"""Where `dialog_open_ms` goes: the same roll as bench_dialog, cut into its phases.

The figure itself is bench_dialog's. This module times, in each sample, from the
key that rolls (the attack's Enter, sent as bench_dialog sends it) to:
- `answered`: the attack dialog's answer reaching the act flow (the key's trip
  through the dialog's widgets, the form checked and closed);
- `saved`: the command applied and its autosave's bytes made and handed to the
  writer's thread (`Autosaver._write` done; the disk's part overlaps what follows);
- `mounted`: the next dialog on the stack, ready (its resume): composed, styled and
  mounted, or, kept built from an earlier roll, refilled (tracker/app/dialog_pool.py);
- `laid_out`: its layout done (`Compositor.reflow` of that screen);
- `drawn`: its first frame rendered to terminal bytes (bench_dialog's frame).
Each phase's figure is the median of its own length over the samples, so the
phases need not add up to bench_dialog's median. The probes wrap the methods named
above for this process only. The pace is measured and printed as bench_dialog does.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.bench_dialog import EVENTS, NEXT, _padded, rolls
from bench.bench_tui import two_hundred_save
from bench.timing import machine_reference_us

PHASES = ("answered", "saved", "mounted", "laid_out", "drawn")


Wanted = Callable[[Any, tuple[Any, ...]], bool]  # (the method's self, its arguments)


def _probe(
    owner: type, name: str, mark: str, at_end: bool, wanted: Wanted, marks: dict[str, float]
) -> tuple[type, str, Any]:
    """Record `mark` the first time `owner.name` starts (or ends) on a call `wanted`;
    returns what puts the method back."""
    original = owner.__dict__[name]

    def probed(self: Any, *args: Any, **kwargs: Any) -> Any:
        noted = mark not in marks and wanted(self, args)
        if noted and not at_end:
            marks[mark] = time.perf_counter()
        result = original(self, *args, **kwargs)
        if noted and at_end:
            marks[mark] = time.perf_counter()
        return result

    setattr(owner, name, probed)
    return owner, name, original


def _install(marks: dict[str, float]) -> list[tuple[type, str, Any]]:
    """The probes, for this process; what puts the methods back (a test runs the module)."""
    from textual._compositor import Compositor
    from textual.screen import Screen

    from tracker.app.act_flow import ActFlow
    from tracker.app.autosave import Autosaver

    def always(_self: Any, _args: tuple[Any, ...]) -> bool:
        return True

    def next_screen(screen: Any, _args: tuple[Any, ...]) -> bool:
        return type(screen).__name__ in NEXT

    def its_layout(_compositor: Any, args: tuple[Any, ...]) -> bool:  # reflow(parent, size)
        return "mounted" in marks and type(args[0]).__name__ in NEXT

    return [
        _probe(ActFlow, "_answered", "answered", False, always, marks),
        _probe(Autosaver, "_write", "saved", True, always, marks),
        _probe(Screen, "_on_screen_resume", "mounted", False, next_screen, marks),
        _probe(Compositor, "reflow", "laid_out", True, its_layout, marks),
    ]


async def _samples(path: Path, folder: Path) -> list[dict[str, float]]:
    from tracker.app.tracker_app import make_app

    marks: dict[str, float] = {}
    undo = _install(marks)
    try:
        return await _measured(make_app(path, saves_dir=folder, seed=5), marks)
    finally:
        for owner, name, original in undo:
            setattr(owner, name, original)


async def _measured(app: Any, marks: dict[str, float]) -> list[dict[str, float]]:
    app.collector.enabled = True  # as in a terminal (bench_dialog says why)
    found: list[dict[str, float]] = []
    async for started, shown in rolls(app, marks.clear):
        if shown is not None and all(phase in marks for phase in PHASES[:-1]):
            marks["drawn"] = shown
            found.append({phase: marks[phase] - started for phase in PHASES})
    return found[2:]  # the first two warm up, as in bench_dialog


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as spare:
        folder = Path(spare)
        path = two_hundred_save(folder)
        _padded(path)
        before = machine_reference_us()
        samples = asyncio.run(_samples(path, folder))
        pace = (before + machine_reference_us()) / 2
    figures: dict[str, float] = {}
    previous = "key"
    for phase in PHASES:
        lengths = [s[phase] - (s[previous] if previous != "key" else 0.0) for s in samples]
        figures[f"dialog_phase_{previous}_to_{phase}_ms_c200_e{EVENTS}"] = (
            statistics.median(lengths) * 1000
        )
        previous = phase
    figures["dialog_phase_pace_us"] = pace
    return figures


if __name__ == "__main__":
    print(run())

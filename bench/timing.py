"""Small timing helpers shared by the benchmarks."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path


def median_seconds(fn: Callable[[], object], repeat: int = 50, warmup: int = 3) -> float:
    """Median wall time of one call of `fn`, in seconds."""
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def in_fresh_process(module: str, function: str) -> object:
    """`module.function()` run in a new interpreter: a figure that builds a large
    encounter must not pay for the memory another figure left behind (measured: a
    step after the bulk run took twice as long in the same process)."""
    code = f"import json; from {module} import {function} as f; print(json.dumps(f()))"
    child = subprocess.run(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        text=True,
        check=True,
        cwd=Path(__file__).parent.parent,
    )
    return json.loads(child.stdout.splitlines()[-1])


def machine_reference_us() -> float:
    """µs for `sum(range(100))` right now: this VM's speed drifts about 2x with its
    neighbours, so each figure is printed beside the machine's pace at that moment
    (0.75 µs when quiet)."""
    return median_seconds(lambda: sum(range(100)), repeat=2000, warmup=100) * 1e6

"""Run every `bench/bench_*.py` module's `run()` and record name -> value.

Each module runs in a fresh Python process, so no figure pays for the
memory and garbage another module left behind. Each returns a dict of
figures; all are printed and merged into `bench/results.json` (figures
from modules not run this time are kept).
Usage: `python -m bench [name-fragment ...]`.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

RESULTS = Path(__file__).with_name("results.json")
MARK = "FIGURES "


def run_one(name: str) -> int:
    """In the child: run one module and hand its figures back on the last line."""
    module = importlib.import_module(f"bench.{name}")
    figures = module.run()
    print(MARK + json.dumps(figures), flush=True)
    return 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "--one":
        return run_one(argv[2])
    wanted = argv[1:]
    results: dict[str, float] = {}
    if RESULTS.exists():
        try:
            results = json.loads(RESULTS.read_text())
        except ValueError:
            results = {}
    package_dir = Path(__file__).parent
    for info in sorted(pkgutil.iter_modules([str(package_dir)]), key=lambda m: m.name):
        if not info.name.startswith("bench_"):
            continue
        if wanted and not any(w in info.name for w in wanted):
            continue
        print(f"== {info.name}", flush=True)
        child = subprocess.run(
            [sys.executable, "-m", "bench", "--one", info.name],
            stdout=subprocess.PIPE,
            text=True,
            cwd=package_dir.parent,
            check=True,
        )
        lines = child.stdout.splitlines()
        print("\n".join(line for line in lines if not line.startswith(MARK)), flush=True)
        figures = json.loads(
            next(line for line in reversed(lines) if line.startswith(MARK))[len(MARK) :]
        )
        for name, value in figures.items():
            print(f"{name:32s} {value:12.4f}", flush=True)
        results.update(figures)
    RESULTS.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    print(f"written to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

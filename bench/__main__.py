"""Run every `bench/bench_*.py` module's `run()` and record name -> value.

Each module returns a dict of figures; all are printed and merged into
`bench/results.json` (figures from modules not run this time are kept).
Usage: `python -m bench [name-fragment ...]`.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from pathlib import Path

RESULTS = Path(__file__).with_name("results.json")


def main(argv: list[str]) -> int:
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
        module = importlib.import_module(f"bench.{info.name}")
        print(f"== {info.name}", flush=True)
        figures = module.run()
        for name, value in figures.items():
            print(f"{name:32s} {value:12.4f}", flush=True)
        results.update(figures)
    RESULTS.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    print(f"written to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Every rules module has its place in the layers contract (pyproject.toml).

`lint-imports` only checks the modules a contract names: a new module left
out of the layers would import anything unchecked. So the contract must
name each module of `rules/` exactly once.
"""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _rules_layers() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (layers,) = [
        c["layers"] for c in contracts if c["type"] == "layers" and c["name"].startswith("rules:")
    ]
    return layers


def test_every_rules_module_is_in_one_layer() -> None:
    named = [m for layer in _rules_layers() for m in re.split(r"\s*[|:]\s*", layer.strip())]
    modules = sorted(
        f"rules.{p.stem}" for p in (ROOT / "rules").glob("*.py") if p.stem != "__init__"
    )
    assert sorted(set(named)) == sorted(named), "a module is named in two layers"
    missing, stale = sorted(set(modules) - set(named)), sorted(set(named) - set(modules))
    assert (missing, stale) == ([], []), f"not in a layer: {missing}; no such module: {stale}"

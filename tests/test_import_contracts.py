"""Every rules module has its place in a layers contract (pyproject.toml).

`lint-imports` only checks the modules a contract names: a module left out
of its package's layers would import anything unchecked. So each package of
`rules/` (its container contract) names each of its modules exactly once, and
the top contract names each package.
"""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"


def _layer_contracts() -> dict[str, list[str]]:
    """Each layers contract's container ("rules" for the top one) and its layer names."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: dict[str, list[str]] = {}
    for c in config["tool"]["importlinter"]["contracts"]:
        if c["type"] != "layers" or "tracker" in c["layers"]:
            continue
        (container,) = c.get("containers", ["rules"])
        names = [m for layer in c["layers"] for m in re.split(r"\s*\|\s*", layer.strip())]
        if container == "rules":
            names = [n.removeprefix("rules.") for n in names]
        found[container] = names
    return found


def _children(package: Path) -> list[str]:
    modules = [p.stem for p in package.glob("*.py") if p.stem != "__init__"]
    packages = [p.name for p in package.iterdir() if (p / "__init__.py").is_file()]
    return sorted(modules + packages)


def test_every_rules_module_is_in_one_layer() -> None:
    contracts = _layer_contracts()
    for package in [RULES, *(p.parent for p in RULES.rglob("*/__init__.py"))]:
        dotted = ".".join(package.relative_to(ROOT).parts)
        children = _children(package)
        if package != RULES and all(c != "handlers" for c in children) and len(children) < 2:
            continue
        named = contracts.get(dotted)
        assert named is not None, f"{dotted} has no layers contract"
        assert sorted(set(named)) == sorted(named), f"a module is named twice in {dotted}"
        missing, stale = sorted(set(children) - set(named)), sorted(set(named) - set(children))
        assert (missing, stale) == ([], []), f"{dotted}: not in a layer {missing}; none {stale}"


def test_the_rules_top_level_holds_only_packages() -> None:
    """A new rules module goes in its layer's package, where its contract checks it."""
    assert sorted(p.stem for p in RULES.glob("*.py")) == ["__init__"]

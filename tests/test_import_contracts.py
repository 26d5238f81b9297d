"""Every rules module has its place in a layers contract (pyproject.toml).

`lint-imports` only checks the modules a contract names: a module left out
of its package's layers would import anything unchecked. So each package of
`rules/` (its container contract) names each of its modules exactly once, and
the top contract names each package. Likewise tracker's two doors into the
engine: the forbidden contract must name every other engine module, and the
import graph itself (TYPE_CHECKING imports too, which lint-imports skips) must
reach the engine only through the doors.
"""

import re
import tomllib
from pathlib import Path
from typing import Any

import grimp

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"


# The read door (and its area modules) and the write door: all tracker may import of rules.engine.
DOORS = ("rules.engine.questions", "rules.engine.session")


def _contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _in_engine(module: str) -> bool:
    return module == "rules.engine" or module.startswith("rules.engine.")


def _a_door(module: str) -> bool:
    return any(module == door or module.startswith(door + ".") for door in DOORS)


def _layer_contracts() -> dict[str, list[str]]:
    """Each layers contract's container ("rules" for the top one) and its layer names."""
    found: dict[str, list[str]] = {}
    for c in _contracts():
        if c["type"] != "layers" or any(layer.startswith("tracker") for layer in c["layers"]):
            continue  # tracker above rules, and tracker's rooms (their own test below)
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


def test_every_tracker_room_is_in_its_layers_contract() -> None:
    """A new tracker module goes in a room (issue 26), where the rooms' contract checks
    it: the top of tracker/ holds only the entry point and the rooms, each named once."""
    (rooms,) = [
        c["layers"] for c in _contracts() if c["type"] == "layers" and "tracker.app" in str(c)
    ]
    named = [m.removeprefix("tracker.") for layer in rooms for m in re.split(r"\s*[|:]\s*", layer)]
    assert sorted(set(named)) == sorted(named), "a room is named twice"
    assert sorted(named) == _children(ROOT / "tracker")


def test_tracker_reaches_the_engine_only_through_its_doors() -> None:
    """Each import from a tracker module into rules.engine lands in a door, those under
    `if TYPE_CHECKING:` too (pyproject's `exclude_type_checking_imports` hides them from
    lint-imports, and a type import today is a run-time one tomorrow)."""
    graph = grimp.build_graph("tracker", "rules", cache_dir=None)
    stray = sorted(
        f"{d['importer']}:{d['line_number']} -> {d['imported']}"
        for importer in graph.find_descendants("tracker") | {"tracker"}
        for imported in graph.find_modules_directly_imported_by(importer)
        if _in_engine(imported) and not _a_door(imported)
        for d in graph.get_import_details(importer=importer, imported=imported)
    )
    assert stray == [], "tracker imports the engine past its doors:\n" + "\n".join(stray)


def test_the_forbidden_contract_names_every_other_engine_module() -> None:
    """A forbidden contract lists what it forbids: a new engine module left off the list
    is one lint-imports lets tracker import, so the list is every module but the doors."""
    (contract,) = [
        c
        for c in _contracts()
        if c["type"] == "forbidden"
        and c["source_modules"] == ["tracker"]
        and all(_in_engine(str(m)) for m in c["forbidden_modules"])
    ]
    engine = [f"rules.engine.{child}" for child in _children(RULES / "engine")]
    assert sorted(contract["forbidden_modules"]) == sorted(m for m in engine if m not in DOORS)
    assert all(door in engine for door in DOORS)  # a door renamed breaks this test, not silently

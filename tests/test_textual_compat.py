"""Private Textual is touched in tracker/textual_compat/ only, read against one version.

Textual and textual-serve change their private names without notice; that is why
`textual` is pinned exactly. Each use is wrapped once in the compat package,
so an upgrade is rechecked there. These tests fail on a private module
imported, or a known private name used, anywhere else in `tracker`, on a
tracker class reaching into its Textual bases' private names, and on an
installed Textual other than the one the package was checked against.
"""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import inspect
import pkgutil
import re
import textwrap
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import tracker
from tracker import textual_compat

ROOT = Path(__file__).resolve().parent.parent
TRACKER = ROOT / "tracker"
COMPAT = TRACKER / "textual_compat"
UPSTREAM = ("textual", "textual_serve")
# The private names of Textual and textual-serve the tracker needed at the pinned version
# (each wrapped in textual_compat): read, called or overridden anywhere else is a finding.
PRIVATE_NAMES = frozenset(
    {
        "_character_to_key",
        "_check_rule",
        "_css_update_count",
        "_compositor",
        "_css_type_names",
        "_debug",
        "_DEFAULT_STYLES",
        "_dirty_regions",
        "_disabled",
        "_display",
        "_full_map",
        "_full_map_invalidated",
        "_get_component_classes",
        "_get_dispatch_methods",
        "_get_left_gutter_width",
        "_has_focus_within",
        "_has_hover_style",
        "_has_odd_or_even",
        "_has_order_style",
        "_lines",
        "_make_app",
        "_nodes",
        "_on_message",
        "_on_paste",
        "_parent",
        "_pending_children",
        "_pressed_button",
        "_process",
        "_process_component_classes",
        "_render_chops",
        "_render_markup",
        "_repaint_regions",
        "_result_callbacks",
        "_screen_resized",
        "_selector_names",
        "_stop_propagation",
        "_type_to_search",
        "_visible_map",
    }
)


def _sources() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(TRACKER.rglob("*.py")):
        if COMPAT not in path.parents:
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(encoding="utf-8"))


def private_module(name: str) -> bool:
    """`textual._time`, `textual.widgets._select`, `textual_serve._x`: a private module."""
    top, *rest = name.split(".")
    return top in UPSTREAM and any(part.startswith("_") for part in rest)


def private_imports(tree: ast.Module) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if private_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if private_module(node.module):
                found.append(f"{node.lineno}: {node.module}")
            else:
                names = (f"{node.module}.{a.name}" for a in node.names)
                found += [f"{node.lineno}: {n}" for n in names if private_module(n)]
    return found


def defined_names(node: ast.AST) -> Iterator[tuple[int, str]]:
    """The names a piece of code reads or defines: attributes, functions, class fields."""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute):
            yield n.lineno, n.attr
        elif isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef):
            yield n.lineno, n.name
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            yield n.lineno, n.id


def test_no_private_textual_module_is_imported_outside_compat() -> None:
    found = {where: hits for where, tree in _sources() if (hits := private_imports(tree))}
    assert found == {}, f"import these through tracker.textual_compat: {found}"


def test_no_known_textual_private_name_is_used_outside_compat() -> None:
    found = {
        where: hits
        for where, tree in _sources()
        if (
            hits := [
                f"{line}: {name}" for line, name in defined_names(tree) if name in PRIVATE_NAMES
            ]
        )
    }
    assert found == {}, f"wrap these in tracker.textual_compat: {found}"


def own_names(cls: type) -> frozenset[str]:
    """The private names a class body defines or reaches on itself: its methods and
    fields, `self._x`, `cls._x` and `super()._x` (not what it reads of other objects)."""
    try:
        (body,) = ast.parse(textwrap.dedent(inspect.getsource(cls))).body
    except (OSError, TypeError, ValueError):
        return frozenset()
    assert isinstance(body, ast.ClassDef)
    names = set()
    for n in body.body:
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(n.name)
        elif isinstance(n, ast.Assign | ast.AnnAssign):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    for n in ast.walk(body):
        if isinstance(n, ast.Attribute) and _on_itself(n.value):
            names.add(n.attr)
    return frozenset(n for n in names if len(n) > 1 and n[0] == "_" and not n.endswith("__"))


def _on_itself(value: ast.expr) -> bool:
    if isinstance(value, ast.Name):
        return value.id in ("self", "cls")
    return isinstance(value, ast.Call) and ast.unparse(value.func) == "super"


upstream_private = cache(own_names)


def tracker_classes() -> Iterator[type]:
    for info in pkgutil.walk_packages(tracker.__path__, "tracker."):
        if info.name.startswith("tracker.textual_compat") or info.name == "tracker.__main__":
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__ == info.name:
                yield value


def test_no_tracker_class_reaches_into_its_textual_bases() -> None:
    """What PRIVATE_NAMES would miss: a new subclass using its Textual base's insides (a
    RadioSet's `_selected`), or shadowing one of them by accident."""
    found: dict[str, list[str]] = {}
    for cls in tracker_classes():
        bases = [b for b in cls.__mro__[1:] if b.__module__.split(".")[0] in UPSTREAM]
        theirs = frozenset[str]().union(*(upstream_private(b) for b in bases))
        hits = sorted(own_names(cls) & theirs)
        if hits:
            found[f"{cls.__module__}.{cls.__qualname__}"] = hits
    assert found == {}, f"Textual's private names, to wrap in tracker.textual_compat: {found}"


def _pin(package: str) -> str:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for requirement in config["project"]["dependencies"]:
        if re.match(rf"{package}\b", requirement):
            return str(requirement)
    raise AssertionError(f"{package} is not a dependency")


def test_the_compat_package_was_checked_against_the_pinned_textual() -> None:
    import textual

    pin = _pin("textual")
    assert pin == f"textual=={textual_compat.CHECKED_WITH}", (
        f"pyproject pins {pin!r} but tracker/textual_compat was checked against "
        f"{textual_compat.CHECKED_WITH}: recheck every private name it wraps, then its CHECKED_WITH"
    )
    assert textual.__version__ == textual_compat.CHECKED_WITH, (
        f"Textual {textual.__version__} is installed, tracker/textual_compat was checked "
        f"against {textual_compat.CHECKED_WITH}: recheck the compat package (or reinstall the pin)"
    )


def test_the_serve_shim_was_checked_against_the_installed_textual_serve() -> None:
    installed = importlib.metadata.version("textual-serve")
    assert installed == textual_compat.SERVE_CHECKED_WITH, (
        f"textual-serve {installed} is installed, tracker/textual_compat/serve.py was checked "
        f"against {textual_compat.SERVE_CHECKED_WITH}: recheck AppService._process there"
    )


def test_the_rule_sees_a_private_import() -> None:
    """The guard itself: a private import and a private name are both seen."""
    tree = ast.parse("from textual._time import get_time\nfrom textual.widgets import _select\n")
    assert private_imports(tree) == ["1: textual._time", "2: textual.widgets._select"]
    names = {n for _l, n in defined_names(ast.parse("node._parent\n"))}
    assert "_parent" in names & PRIVATE_NAMES

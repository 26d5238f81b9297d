"""The tests' own layout: no test module imports another, helpers live in tests/support.

A test module that imports another one runs the other's module-level code, ties two
files that look independent, and hides the shared helper from whoever reads the
second file. Shared fixtures go in a conftest.py, shared helpers in tests/support;
every folder of tests is a package (two test files may share a name in two folders).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
HELPERS = "support"


def is_test_module(name: str) -> bool:
    return name.rsplit(".", 1)[-1].startswith("test_")


def imported_modules(path: Path, package: str) -> list[str]:
    """Every module `path` imports, absolute (a relative import resolved from `package`)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names]  # `from pkg import test_x`
    return found


def layout_problems(root: Path) -> list[str]:
    """What breaks the layout under `root` (a tests folder), one line each."""
    problems: list[str] = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if "__snapshots__" in relative.parts:
            continue
        package = ".".join([root.name, *relative.parent.parts])
        for module in imported_modules(path, package):
            if module.split(".")[0] == root.name and is_test_module(module):
                problems.append(f"{relative} imports the test module {module}")
        helper = not (is_test_module(path.stem) or path.name in ("conftest.py", "__init__.py"))
        if helper and relative.parts[0] != HELPERS:
            problems.append(f"{relative} is a helper outside {root.name}/{HELPERS}/")
        if not (path.parent / "__init__.py").exists():
            problems.append(f"{relative.parent}/ has no __init__.py")
    return sorted(set(problems))


def test_the_tests_follow_the_layout() -> None:
    assert layout_problems(TESTS) == []


def test_a_test_importing_a_test_is_caught(tmp_path: Path) -> None:
    """The check itself: each way of importing a test module, a stray helper, a bare folder."""
    root = tmp_path / "tests"
    (root / "app" / "main").mkdir(parents=True)
    (root / "support").mkdir()
    (root / "bare").mkdir()
    for folder in (root, root / "app", root / "app" / "main", root / "support"):
        (folder / "__init__.py").write_text("")
    (root / "support" / "demo.py").write_text("from tests.app.main.test_main import x\n")
    (root / "app" / "main" / "test_main.py").write_text("from tests.support.demo import y\n")
    (root / "app" / "test_a.py").write_text("from tests.app.main.test_main import begin\n")
    (root / "app" / "test_b.py").write_text("import tests.app.main.test_main\n")
    (root / "app" / "test_c.py").write_text("from tests.app.main import test_main\n")
    (root / "app" / "main" / "test_d.py").write_text("from .test_main import begin\n")
    (root / "app" / "main" / "test_e.py").write_text("from ..test_a import begin\n")
    (root / "app" / "helpers.py").write_text("")
    (root / "bare" / "test_f.py").write_text("")
    assert layout_problems(root) == [
        "app/helpers.py is a helper outside tests/support/",
        "app/main/test_d.py imports the test module tests.app.main.test_main",
        "app/main/test_e.py imports the test module tests.app.test_a",
        "app/test_a.py imports the test module tests.app.main.test_main",
        "app/test_b.py imports the test module tests.app.main.test_main",
        "app/test_c.py imports the test module tests.app.main.test_main",
        "bare/ has no __init__.py",
        "support/demo.py imports the test module tests.app.main.test_main",
    ]

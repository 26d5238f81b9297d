"""No Python file under tracker/ names a colour: every colour is a theme variable.

Why: a colour written out in Python ("yellow", "#ff0000", Style(color="red"))
ignores the theme, so it goes faint or vanishes in a light one. Colours belong
in the stylesheet, as `$text-warning`, `$success`, ... (see tracker/widgets/tones.py).

The detector reads the source with `ast` and flags, outside docstrings:
- a string rich parses as a style with a colour ("red", "bold yellow", "black on yellow");
- a rich markup tag with a colour inside a string ("[bold red]", "[#ff0000]");
- a CSS declaration whose value names a colour ("color: red", "background: #123456");
- a hex or rgb()/hsl() colour anywhere in a string;
- a call to Color(...), Color.parse(...) etc., or Style(color=/bgcolor= a literal).
The samples below prove it catches each kind, so a pass means something.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from rich.color import ANSI_COLOR_NAMES
from rich.errors import StyleSyntaxError
from rich.style import Style

from tests.support.source_scan import docstring_ids

ROOT = Path(__file__).resolve().parent.parent / "tracker"
NAMES = "|".join(sorted((re.escape(n) for n in ANSI_COLOR_NAMES), key=len, reverse=True))
HEX_OR_FUNC = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})(?![\w-])|\b(?:rgb|rgba|hsl|hsla)\(")
CSS_COLOUR = re.compile(
    r"\b(?:color|background|background-tint|tint|border(?:-[a-z]+)*|outline(?:-[a-z]+)*"
    r"|scrollbar-[a-z-]+|link-[a-z-]+|text-style)\s*:[^;}{$]*\b(?:" + NAMES + r")\b"
)
MARKUP_TAG = re.compile(r"\[([^\[\]/][^\[\]]*)\]")
COLOUR_CALLS = {"Color", "parse", "from_rgb", "from_triplet", "from_hsl", "from_ansi"}


def _has_colour(spec: str) -> bool:
    """Does rich read `spec` as a style that sets a colour?"""
    try:
        style = Style.parse(spec.strip())
    except (StyleSyntaxError, ValueError, KeyError):
        return False
    return style.color is not None or style.bgcolor is not None


def string_problem(text: str) -> str | None:
    if not text.strip():
        return None
    if _has_colour(text):
        return "a style with a colour"
    for tag in MARKUP_TAG.findall(text):
        if not tag.startswith("$") and _has_colour(tag):
            return f"a markup tag with a colour [{tag}]"
    if CSS_COLOUR.search(text):
        return "a CSS declaration naming a colour"
    if HEX_OR_FUNC.search(text):
        return "a hex or rgb() colour"
    return None


def _call_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def source_problems(source: str, name: str = "<source>") -> list[str]:
    """Every colour literal in one Python source, as `name:line: what`."""
    tree = ast.parse(source)
    skip = docstring_ids(tree)  # prose may say "red"
    problems: list[str] = []
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            problem = string_problem(node.value)
            if problem:
                problems.append(f"{where}: {problem}: {node.value[:60]!r}")
        elif isinstance(node, ast.Call):
            called = _call_name(node.func)
            owner = node.func.value if isinstance(node.func, ast.Attribute) else None
            owner_name = _call_name(owner) if owner is not None else ""
            literal = any(isinstance(arg, ast.Constant) for arg in node.args)
            if (called == "Color" or (owner_name == "Color" and called in COLOUR_CALLS)) and (
                literal or not node.args
            ):  # a theme's variable parsed (`Color.parse(variables[name])`) names no colour
                problems.append(f"{where}: a Color(...) built in Python")
            for keyword in node.keywords:
                if keyword.arg in {"color", "bgcolor"} and isinstance(keyword.value, ast.Constant):
                    if keyword.value.value is not None:
                        problems.append(f"{where}: {called}({keyword.arg}=a literal)")
    return problems


SAMPLES = [
    'Style(bold=True, color="bright_white")',
    'KIND = {"hit": "yellow"}',
    'Text("x", style="bold red")',
    'Text("x", style="black on yellow")',
    'label = "[bold yellow]careful[/]"',
    'CSS = "Foo { color: red; }"',
    'CSS = "Foo { background: #1e1e1e; }"',
    'x = "#ff0000"',
    'x = "rgb(10, 20, 30)"',
    "Color(255, 0, 0)",
    'Color.parse("red")',
    "Style(color=1)",
]
CLEAN = [
    "Style(bold=True, dim=True)",
    'CSS = "Foo { color: $text-warning; background: $warning 30%; }"',
    'label = "[$text-warning]careful[/]"',
    'x = "the Baron is red with rage"',
    'x = "[b]bold[/b] and [dim]dim[/]"',
    'def f():\n    """White on light is unreadable: red, #ff0000."""',
    'x = "SS 3..5"',
    "Color.parse(variables[name])",
]


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_detector_catches_each_kind(sample: str) -> None:
    assert source_problems(sample), sample


@pytest.mark.parametrize("sample", CLEAN)
def test_the_detector_passes_theme_variables_and_prose(sample: str) -> None:
    assert not source_problems(sample), sample


def test_no_colour_literal_under_tracker() -> None:
    files = sorted(ROOT.rglob("*.py"))
    assert files, ROOT
    problems = [
        problem
        for path in files
        for problem in source_problems(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]
    assert not problems, "colour literals (use the theme's variables):\n" + "\n".join(problems)

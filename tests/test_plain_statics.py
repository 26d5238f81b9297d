"""Every Static and Label the tracker builds from anything but a string literal is built
with `markup=False`: its text holds a name, a file name or a number, and a name like
"Guard [x=1:2]" read as markup stopped the app (the fight status dialog, the players'
view's banner). A literal may use markup on purpose; what is filled in later goes in
as `Content` or into a widget built with `markup=False`."""

from __future__ import annotations

import ast
from pathlib import Path

TRACKER = Path(__file__).parent.parent / "tracker"


def unmarked_calls() -> list[str]:
    """`file:line` of each Static(...) or Label(...) of a non-literal text without
    `markup=False`."""
    found = []
    for path in sorted(TRACKER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in ("Static", "Label"):
                continue
            text = node.args[0]
            if isinstance(text, ast.Constant) and isinstance(text.value, str):
                continue
            markup = next((k.value for k in node.keywords if k.arg == "markup"), None)
            if not (isinstance(markup, ast.Constant) and markup.value is False):
                found.append(f"{path.relative_to(TRACKER.parent)}:{node.lineno}")
    return found


def test_every_static_of_a_computed_text_is_plain() -> None:
    assert unmarked_calls() == []

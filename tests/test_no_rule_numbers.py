"""No module under tracker/ restates a number the rules own (issue 13: one source of rule truth).

Why this check and not another: a rule number copied into the UI (`LIMB_PENALTY = -4`
in a dialog, "≥ 50" in a hint) stays behind when the rule changes, and the GM is
shown one thing while the engine does another. Importing the name is the fix, so
the test looks for the *values*.

- The values are read from the rules' own module-level names (`RULE_NUMBERS`, a
  curated list), never typed here: if a rule changes, the test follows it.
- Only numbers distinctive enough to mean the rule are listed: the negative
  modifiers (A8's −4/−6, A15's −4, B6's −2, B2's −15) and the large thresholds
  (B5's 50, B1's 90, B4's 200, B6's 13). Small positives a rule also owns (3 actions,
  6 WP, 10 TU, B2's +15) are every layout's widths and counts too; flagging each `3`
  would bury the real finds in an allow-list, so they are left to review.
- Bare literals (the AST's numbers, a unary minus included) are scanned, and so is
  the text of string literals and f-string parts, because a hint that says "−4"
  restates the rule as surely as code does. In text a negative number counts with
  its sign ("−4"), a positive threshold only where it reads as one ("≥ 50", "90+"),
  so "e.g. 95 90" or "R250" are not flagged. Docstrings and CSS are no rule text.
- `ALLOWED` names each remaining hit with the reason it is not the rule.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rules.engine.roll_plan import LIMB_PENALTY
from rules.mechanics.anima import (
    AUTOMATIC_MARGIN,
    FUMBLE_MODIFIERS,
    MASTERY_FROM,
)
from rules.mechanics.characteristic import ONE_COUNTS_AS, TEN_COUNTS_AS
from rules.mechanics.chart import ACTION_PENALTY
from rules.mechanics.open_roll import OPEN_FROM
from tests.support.source_scan import docstring_ids

TRACKER = Path(__file__).resolve().parent.parent / "tracker"

RULE_NUMBERS: dict[int, str] = {
    LIMB_PENALTY: "A15 limb penalty (rules.engine.roll_plan.LIMB_PENALTY)",
    ACTION_PENALTY[2]: "A8 two actions (rules.mechanics.chart.ACTION_PENALTY)",
    ACTION_PENALTY[3]: "A8 three actions (rules.mechanics.chart.ACTION_PENALTY)",
    ONE_COUNTS_AS: "B6 a 1 counts as (rules.mechanics.characteristic.ONE_COUNTS_AS)",
    TEN_COUNTS_AS: "B6 a 10 counts as (rules.mechanics.characteristic.TEN_COUNTS_AS)",
    FUMBLE_MODIFIERS[3]: "B2 fumble modifier (rules.mechanics.anima.FUMBLE_MODIFIERS)",
    AUTOMATIC_MARGIN: "B5/R23 automatic resistance (rules.mechanics.anima.AUTOMATIC_MARGIN)",
    MASTERY_FROM: "B4 mastery (rules.mechanics.anima.MASTERY_FROM)",
    OPEN_FROM: "B1 open roll (rules.mechanics.open_roll.OPEN_FROM)",
}

# (file under tracker/, the number, the line's text it occurs in): why it is not the rule.
ALLOWED: dict[tuple[str, int, str], str] = {
    ("modals/orders.py", 13, "shown = _fit(names, width - len(count) - len(tail) - 13)"): (
        "the width of the line's fixed words, a layout sum"
    ),
    (
        "widgets/odds.py",
        90,
        'return f"{value:.2f}%" if value < 10 or value > 90 else f"{value:.1f}%"',
    ): ("a percentage's printed precision, not B1's open roll"),
    (
        "widgets/odds.py",
        200,
        "likely = [(name, p) for name, p in s.levels.items() if p >= Fraction(1, 200)]",
    ): ("levels rarer than 0.5% are left off the line, not B4's mastery"),
    (
        "widgets/time_track.py",
        200,
        'self._text_console = Console(width=200, color_system="truecolor", legacy_windows=False)',
    ): ("an off-screen console's width"),
}


def _not_output(tree: ast.AST) -> set[int]:
    """The ids of the strings that are documentation or styles: docstrings and CSS."""
    found = docstring_ids(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            if any(isinstance(t, ast.Name) and t.id.endswith("CSS") for t in node.targets):
                found.add(id(node.value))
    return found


def _in_text(value: int, text: str) -> bool:
    """`−4`/`-4` for a negative rule number; `≥ 50`, `>= 50` or `50+` for a positive one."""
    digits = str(abs(value))
    if value < 0:
        pattern = rf"(?<![\w.])[−-]{digits}(?!\d)"
    else:
        pattern = rf"(?:[≥≤]|[<>]=)\s*{digits}(?!\d)|(?<![\w.]){digits}\+"
    return re.search(pattern, text) is not None


def hits() -> list[tuple[str, int, str, int]]:
    """(file, number, line text, line) for each rule number a tracker module holds."""
    found: list[tuple[str, int, str, int]] = []
    for path in sorted(TRACKER.rglob("*.py")):
        source = path.read_text()
        lines = source.splitlines()
        tree = ast.parse(source)
        skip = _not_output(tree)
        name = path.relative_to(TRACKER).as_posix()
        negated = {
            id(node.operand)
            for node in ast.walk(tree)
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
        }
        for node in ast.walk(tree):
            number: int | None = None
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
                inner = node.operand
                if isinstance(inner, ast.Constant) and type(inner.value) is int:
                    number = -inner.value
            elif isinstance(node, ast.Constant) and type(node.value) is int:
                number = None if id(node) in negated else node.value
            if number in RULE_NUMBERS:
                found.append((name, number, lines[node.lineno - 1].strip(), node.lineno))
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
            ):
                for value in RULE_NUMBERS:
                    if _in_text(value, node.value):
                        found.append((name, value, lines[node.lineno - 1].strip(), node.lineno))
    return found


def test_no_tracker_module_restates_a_rule_number() -> None:
    unexplained = [
        f"tracker/{name}:{line}: {number} ({RULE_NUMBERS[number]}) in {text!r}"
        for name, number, text, line in hits()
        if (name, number, text) not in ALLOWED
    ]
    assert unexplained == [], "import the rules' name instead:\n" + "\n".join(unexplained)


def test_every_allowance_is_still_needed() -> None:
    """An allowance whose line has gone must go too, or it would excuse a later copy."""
    live = {(name, number, text) for name, number, text, _line in hits()}
    assert sorted(set(ALLOWED) - live) == []


def test_the_scan_finds_a_restated_number() -> None:
    """The check itself: a copied −4 and a "≥ 50" hint are each found."""
    assert _in_text(LIMB_PENALTY, "a broken arm: −4 to the roll")
    assert _in_text(AUTOMATIC_MARGIN, "beats it by ≥ 50")
    assert _in_text(OPEN_FROM, "90+ opens")
    assert not _in_text(AUTOMATIC_MARGIN, "R250, A50 or 50 rows")
    assert not _in_text(LIMB_PENALTY, "R4-4")

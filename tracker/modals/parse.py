"""Reading what a GM types into a form field, before pydantic sees it.

Only the shape of the text is checked here ("Melee 6, Shoot 5" splits into
names and values); the values stay text so that pydantic judges them and
`rules.errors` words the complaint ("'ten' is not a number"), one rule for
every field.
"""

from __future__ import annotations

import re

from rules.chart import GOALS, LEVELS

# "Melee 6", "Energy Guns 5", "Melee=6", "Melee: 6"
_PAIR = re.compile(r"(?P<name>.+?)\s*(?:=|:|\s)\s*(?P<value>\S+)")
_SEPARATORS = re.compile(r"[,;\n]")


def split_pairs(text: str, what: str) -> tuple[dict[str, str], list[str]]:
    """Split `name value` items separated by commas, semicolons or lines.

    Returns the pairs (values still text) and a message per item that is not
    a name and a value or repeats a name (names compare case-insensitively).
    """
    pairs: dict[str, str] = {}
    seen: dict[str, str] = {}
    problems: list[str] = []
    for raw in _SEPARATORS.split(text):
        item = raw.strip()
        if not item:
            continue
        match = _PAIR.fullmatch(item)
        if match is None:
            problems.append(f"{what} {item!r}: needs a name and a number")
            continue
        name, value = match["name"].strip(), match["value"]
        if name.lower() in seen:
            problems.append(f"{what} {name!r} is given twice")
            continue
        seen[name.lower()] = name
        pairs[name] = value
    return pairs, problems


def join_pairs(values: dict[str, int]) -> str:
    """The inverse of `split_pairs`, for prefilling a field."""
    return ", ".join(f"{name} {value}" for name, value in values.items())


def blank_as(text: str, default: object) -> object:
    """A field left blank means its default; anything else goes to pydantic as typed."""
    stripped = text.strip()
    return default if stripped == "" else stripped


def wound_points(text: str) -> tuple[int | None, str]:
    """A2: a number of WP, or a damage level name (Bruise 1 … Eviscerate 6).

    Returns (WP, "") or (None, the reason). The range is pydantic's to judge.
    """
    stripped = text.strip()
    if not stripped:
        return None, "type wound points or a damage level (Bruise … Eviscerate)"
    if re.fullmatch(r"[+-]?\d+", stripped):
        return int(stripped), ""
    for _vs, _level, _ability, damage, wp in LEVELS:
        if damage.lower() == stripped.lower():
            return wp, ""
    names = ", ".join(level[3] for level in LEVELS)
    return None, f"{stripped!r} is neither a number nor a damage level ({names})"


def whole_number(text: str) -> tuple[int | None, str]:
    """A signed whole number, or (None, why not)."""
    stripped = text.strip()
    if not stripped:
        return None, "type a number"
    if re.fullmatch(r"[+-]?\d+", stripped):
        return int(stripped), ""
    return None, f"{stripped!r} is not a number"


def modifier(text: str, errors: dict[str, str], slot: str) -> int:
    """A GM modifier field: blank is 0; a bad one is reported under `slot` (and counts 0)."""
    if not text.strip():
        return 0
    value, problem = whole_number(text)
    if value is None:
        errors[slot] = problem
        return 0
    return value


def goal(text: str) -> tuple[int | None, str]:
    """A2/R2: a goal as a number or a named goal (Routine 1 … Near Impossible 17)."""
    stripped = text.strip()
    if re.fullmatch(r"[+-]?\d+", stripped):
        return int(stripped), ""
    for name, value in GOALS.items():
        if name.lower() == stripped.lower():
            return value, ""
    if not stripped:
        return None, "type a goal"
    names = ", ".join(f"{name} {value}" for name, value in GOALS.items())
    return None, f"{stripped!r} is neither a number nor a named goal ({names})"

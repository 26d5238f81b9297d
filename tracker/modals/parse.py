"""Reading what a GM types into a form field, before pydantic sees it.

The shape of the text is checked here ("Melee 6, Shoot 5" splits into names
and values). Every number is read by the one digit rule, `rules.mechanics.numbers`
(ASCII digits, a bounded length); ranges stay pydantic's to judge, and
`rules.model.errors` words those ("must be 0–30").
"""

from __future__ import annotations

import re
import types
from collections.abc import Mapping
from typing import Annotated, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

from rules.mechanics.chart import GOALS, LEVELS
from rules.mechanics.numbers import NumberError, is_int_text, parse_int, shown

ModelT = TypeVar("ModelT", bound=BaseModel)

# "Melee 6", "Energy Guns 5", "Melee=6", "Melee: 6"
_PAIR = re.compile(r"(?P<name>.+?)\s*(?:=|:|\s)\s*(?P<value>\S+)")
_SEPARATORS = re.compile(r"[,;\n]")


def split_pairs(text: str, what: str, wanted: str = "a number") -> tuple[dict[str, str], list[str]]:
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
            problems.append(f"{what} {item!r}: needs a name and {wanted}")
            continue
        name, value = match["name"].strip(), match["value"]
        if name.lower() in seen:
            problems.append(f"{what} {name!r} is given twice")
            continue
        seen[name.lower()] = name
        pairs[name] = value
    return pairs, problems


def join_pairs(values: Mapping[str, object]) -> str:
    """The inverse of `split_pairs`, for prefilling a field."""
    return ", ".join(f"{name} {value}" for name, value in values.items())


def wound_points(text: str) -> tuple[int | None, str]:
    """A2: a number of WP, or a damage level name (Bruise 1 … Eviscerate 6).

    Returns (WP, "") or (None, the reason). The range is pydantic's to judge.
    """
    stripped = text.strip()
    if not stripped:
        return None, "type wound points or a damage level (Bruise … Eviscerate)"
    for _vs, _level, _ability, damage, wp in LEVELS:
        if damage.lower() == stripped.lower():
            return wp, ""
    if _numeric(stripped):
        return whole_number(stripped)
    names = ", ".join(level[3] for level in LEVELS)
    return None, f"{shown(stripped)} is neither a number nor a damage level ({names})"


def whole_number(text: str) -> tuple[int | None, str]:
    """A signed whole number, or (None, why not)."""
    try:
        return parse_int(text), ""
    except NumberError as err:
        return None, str(err)


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
    for name, value in GOALS.items():
        if name.lower() == stripped.lower():
            return value, ""
    if not stripped:
        return None, "type a goal"
    if _numeric(stripped):
        return whole_number(stripped)
    names = ", ".join(f"{name} {value}" for name, value in GOALS.items())
    return None, f"{shown(stripped)} is neither a number nor a named goal ({names})"


def _numeric(text: str) -> bool:
    """Text meant as a number (a sign, digits of any script), so the digit rule words
    the refusal ("'²' is not a number (type the digits 0-9)", "too long")."""
    return text.lstrip("+-").isnumeric() or is_int_text(text)


def read_numbers(
    model: type[BaseModel], data: Mapping[str, object]
) -> tuple[dict[str, object], dict[str, str]]:
    """`data` for `model` with the text at each int field read by the digit rule.

    Pydantic reads numeric text its own way ('1_000', '3.0', 4,000 digits pass);
    here every number a form sends it is read as the other fields are. Returns
    the data (read numbers as ints, refused ones left as typed) and a message per
    refused dotted path ('stats.Wits': "'٣' is not a number (type the digits 0-9)").
    """
    refused: dict[str, str] = {}
    read = {key: _read(_field_type(model, key), value, key, refused) for key, value in data.items()}
    return read, refused


class NumbersRefused(ValueError):
    """Numbers in a form that the digit rule refused: `refused` maps path -> message."""

    def __init__(self, refused: dict[str, str]) -> None:
        super().__init__("; ".join(f"{path}: {text}" for path, text in refused.items()))
        self.refused = refused


def validate_typed(model: type[ModelT], data: Mapping[str, object]) -> ModelT:
    """`model.model_validate(data)`, its int fields' text read by the digit rule first.

    Raises NumbersRefused for a refused number, else pydantic's ValidationError.
    """
    read, refused = read_numbers(model, data)
    if refused:
        raise NumbersRefused(refused)
    return model.model_validate(read)


def _field_type(model: type[BaseModel], name: str) -> object:
    field = model.model_fields.get(name)
    return None if field is None else field.annotation


def _unwrap(annotation: object) -> object:
    """Annotated[int, ...] and `int | None` are int; other unions stay as they are."""
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (Union, types.UnionType):
            arms = [arm for arm in get_args(annotation) if arm is not type(None)]
            if len(arms) != 1:
                return annotation
            annotation = arms[0]
        else:
            return annotation


def _read(annotation: object, value: object, path: str, refused: dict[str, str]) -> object:
    kind = _unwrap(annotation)
    if kind is int and isinstance(value, str):
        try:
            return parse_int(value)
        except NumberError as err:
            refused[path] = str(err)
            return value
    if isinstance(kind, type) and issubclass(kind, BaseModel) and isinstance(value, dict):
        return {
            key: _read(_field_type(kind, key), item, f"{path}.{key}", refused)
            for key, item in value.items()
        }
    args = get_args(kind)
    if get_origin(kind) is dict and len(args) == 2 and isinstance(value, dict):
        return {key: _read(args[1], item, f"{path}.{key}", refused) for key, item in value.items()}
    if get_origin(kind) is list and args and isinstance(value, list):
        return [_read(args[0], item, f"{path}.{i}", refused) for i, item in enumerate(value)]
    return value

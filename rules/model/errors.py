"""Pydantic validation errors as short messages a GM can act on, keyed by field.

A form shows each message next to the field it names ("stats.Wits" -> "must
be 0–30"); a log line or a notification uses `explain`. Pure: no UI imports.
When the model is given, a range error names both ends of the range, read
from the model's own field constraints, so no bound is written twice, and
`explain` names each field by its `Field(title=...)` — the label the GM sees
in the dialog ("Their skill", not "b_skill") — or by a dialog's own labels.
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError

from rules.model.plain_text import PRINTABLE, problem

__all__ = ["explain", "field_errors", "label_of", "message", "path_of"]

KEY = "[key]"  # pydantic's loc marker for an invalid dict key


def path_of(loc: Sequence[int | str]) -> str:
    """A pydantic `loc` as a dotted path: ('weapons', 0, 'damage') -> 'weapons.0.damage'."""
    return ".".join(str(part) for part in loc if part != KEY)


def _unwrap(annotation: Any) -> tuple[Any, list[Any]]:
    """Strip Annotated (collecting its metadata) and Optional from a type."""
    metadata: list[Any] = []
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation, *extra = get_args(annotation)
            for item in extra:
                metadata.extend(getattr(item, "metadata", None) or [item])
            continue
        if origin in (Union, types.UnionType):
            arms = [arm for arm in get_args(annotation) if arm is not type(None)]
            if len(arms) == 1:
                annotation = arms[0]
                continue
        return annotation, metadata


def _step(annotation: Any, part: int | str, key: bool) -> tuple[Any, list[Any]] | None:
    """The type (and constraints) one loc element further down, or None if unknown."""
    annotation, _ = _unwrap(annotation)
    origin = get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        field = annotation.model_fields.get(str(part))
        if field is None:
            return None
        inner, metadata = _unwrap(field.annotation)
        return inner, [*field.metadata, *metadata]
    if origin is dict:
        key_type, value_type = get_args(annotation)
        return _unwrap(key_type if key else value_type)
    if origin in (list, tuple) and isinstance(part, int):
        args = get_args(annotation)
        return _unwrap(args[0]) if args else None
    return None


def _bounds(model: type[BaseModel], loc: Sequence[int | str]) -> tuple[Any, Any]:
    """The (low, high) a field at `loc` allows, None where the model sets none."""
    annotation: Any = model
    metadata: list[Any] = []
    parts = list(loc)
    for index, part in enumerate(parts):
        if part == KEY:
            continue
        key = index + 1 < len(parts) and parts[index + 1] == KEY
        found = _step(annotation, part, key)
        if found is None:
            return None, None
        annotation, metadata = found
    low = high = None
    for item in metadata:
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    return low, high


# Each pydantic error kind whose phrase needs at most one value from its ctx: (phrase, ctx key).
_PLAIN: dict[str, tuple[str, str]] = {
    "greater_than_equal": ("must be at least {}", "ge"),
    "less_than_equal": ("must be at most {}", "le"),
    "greater_than": ("must be more than {}", "gt"),
    "less_than": ("must be less than {}", "lt"),
    "int_from_float": ("must be a whole number", ""),
    "int_type": ("must be a whole number", ""),
    "string_too_long": ("must be at most {} characters", "max_length"),
    "too_short": ("needs at least {}", "min_length"),
    "too_long": ("takes at most {}", "max_length"),
    "literal_error": ("must be {}", "expected"),
    "missing": ("is required", ""),
    "extra_forbidden": ("is not a field here", ""),
}


def message(error: dict[str, Any], model: type[BaseModel] | None = None) -> str:
    """One pydantic error dict as a short phrase, without its field path."""
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    value = error.get("input")
    text: str
    low, high = (None, None)
    if kind in ("greater_than_equal", "less_than_equal") and model is not None:
        low, high = _bounds(model, error["loc"])
    if low is not None and high is not None:
        text = f"must be {low}–{high}"
    elif kind in _PLAIN:
        template, key = _PLAIN[kind]
        text = template.format(ctx.get(key)) if key else template
    elif kind == "int_parsing":
        text = f"{value!r} is not a number" if isinstance(value, str) else "must be a number"
    elif kind == "string_too_short":
        minimum = ctx.get("min_length", 1)
        text = "must not be empty" if minimum == 1 else f"needs at least {minimum} characters"
    elif (kind == "string_pattern_mismatch" and ctx.get("pattern") == PRINTABLE) or (
        kind == "string_unicode" and isinstance(value, str) and problem(value)
    ):  # the one text rule's words (a lone surrogate is refused before the pattern)
        text = problem(value) if isinstance(value, str) else str(error.get("msg", kind))
    elif kind in ("value_error", "assertion_error"):
        text = str(ctx.get("error", error.get("msg", "")))
    else:
        text = str(error.get("msg", kind))
    if KEY in error.get("loc", ()):
        text = f"name {text}"
    return text


def field_errors(err: ValidationError, model: type[BaseModel] | None = None) -> dict[str, str]:
    """Each field's problems as one message, keyed by dotted path ('' = the whole model).

    Several problems at one path are joined with '; ', in pydantic's order.
    """
    found: dict[str, list[str]] = {}
    for error in err.errors():
        found.setdefault(path_of(error["loc"]), []).append(message(dict(error), model))
    return {path: "; ".join(texts) for path, texts in found.items()}


def label_of(model: type[BaseModel], loc: Sequence[int | str]) -> str:
    """A loc in the GM's words: each model field by its title where it has one.

    ('b_skill',) -> 'Their skill'; a field without a title keeps its name, and
    list indexes and dict keys stay as they are ('stats.Wits').
    """
    annotation: Any = model
    words: list[str] = []
    for part in loc:
        if part == KEY:
            continue
        inner, _ = _unwrap(annotation)
        field = None
        if isinstance(inner, type) and issubclass(inner, BaseModel):
            field = inner.model_fields.get(str(part))
        words.append(field.title if field is not None and field.title else str(part))
        found = _step(annotation, part, False) if annotation is not None else None
        annotation = found[0] if found is not None else None
    return ".".join(words)


def explain(
    err: ValidationError,
    model: type[BaseModel] | None = None,
    labels: Mapping[str, str] | None = None,
) -> str:
    """All problems on one line: 'stats.Wits: must be 0–30; Their skill: must not be empty'.

    Each field is named by `labels` (a dialog's own words, keyed by dotted path),
    else by the model's field titles, else by its path.
    """
    found: dict[str, list[str]] = {}
    for error in err.errors():
        path = path_of(error["loc"])
        if labels is not None and path in labels:
            name = labels[path]
        elif model is not None:
            name = label_of(model, error["loc"])
        else:
            name = path
        found.setdefault(name, []).append(message(dict(error), model))
    parts = [
        f"{name}: {'; '.join(texts)}" if name else "; ".join(texts) for name, texts in found.items()
    ]
    return "; ".join(parts)


def field_problem(model: type[BaseModel], name: str, value: object) -> str | None:
    """Why `value` does not fit `model`'s field `name` ('must be 0–99'), None if it does.

    A dialog's preview asks before it uses a number, so it never draws odds or a
    landing from a value the command would refuse (the model is the one judge).
    """
    field = model.model_fields[name]
    try:
        adapter: TypeAdapter[Any] = TypeAdapter(Annotated[field.annotation, field])  # type: ignore[arg-type]
        adapter.validate_python(value)
    except ValidationError as err:
        first: dict[str, Any] = dict(err.errors()[0])
        first["loc"] = (name, *tuple(first.get("loc", ())))
        return message(first, model)
    return None

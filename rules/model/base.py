"""The base of every saved model, and the engine's way to build one it knows is valid.

Input from a GM or a save file goes through `Model`'s strict validation; the
engine's own records, built on every track step, take `built` instead.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ConfigDict

M = TypeVar("M", bound=BaseModel)


def built(cls: type[M], **values: object) -> M:
    """Build a model from values the engine already knows are valid, skipping validation.

    Every field must be given. The engine logs an event on every step; full
    validation there would cost more than the whole track step (see bench).
    """
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", values)
    object.__setattr__(obj, "__pydantic_fields_set__", set(values))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


class Model(BaseModel):
    """Strict, closed models: unknown fields and wrong types are refused by name."""

    model_config = ConfigDict(extra="forbid", strict=False, validate_default=True)

"""Refusing a bad argument to a rules function: what is wrong and with which argument.

The mechanics are called by the engine with numbers it has already checked;
a bad one here is a caller's bug, refused with a `ValueError` that names the
argument ("hard must be 0 or more, got -1") rather than a wrong result.
"""

from __future__ import annotations

__all__ = ["require", "require_non_negative"]


def require(condition: bool, argument: str, message: str) -> None:
    """Refuse `argument` with `message` unless `condition` holds."""
    if not condition:
        raise ValueError(f"{argument} {message}")


def require_non_negative(**values: int) -> None:
    """Each named argument must be 0 or more; the first that is not is refused."""
    for argument, value in values.items():
        require(value >= 0, argument, f"must be 0 or more, got {value}")

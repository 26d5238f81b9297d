"""Switching the Advance's quick step off, or counting it, for tests that compare both paths."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

from rules.engine import quick_step
from rules.engine.context import Context


@contextmanager
def general_path_only() -> Iterator[None]:
    """Every Advance goes the general way (`quick_advance` declines)."""
    with patch("rules.engine.handlers.track.quick_advance", lambda ctx: False):
        yield


@contextmanager
def counting_quick_steps(counter: list[int]) -> Iterator[None]:
    """The quick step as it is, counting in `counter[0]` the Advances it took."""
    real = quick_step.quick_advance

    def counted(ctx: Context) -> bool:
        taken = real(ctx)
        counter[0] += taken
        return taken

    with patch("rules.engine.handlers.track.quick_advance", counted):
        yield

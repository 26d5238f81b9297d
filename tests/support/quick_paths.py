"""Switching the Advance's quick step off, or counting it, for tests that compare both paths."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

from rules.engine import quick_step
from rules.engine.context import HANDLERS, Context
from rules.engine.handlers import track
from rules.model.commands import Advance


@contextmanager
def general_path_only() -> Iterator[None]:
    """Every Advance goes the general way (the quick step is not tried)."""
    with patch.dict(HANDLERS, {Advance: track.advance}):
        yield


@contextmanager
def counting_quick_steps(counter: list[int]) -> Iterator[None]:
    """The quick step as it is, counting in `counter[0]` the Advances it took."""
    fell_back = [0]

    def general(ctx: Context, cmd: Advance) -> None:
        fell_back[0] += 1
        track.advance(ctx, cmd)

    quick = quick_step.quick_first(general)

    def counted(ctx: Context, cmd: Advance) -> None:
        before = fell_back[0]
        quick(ctx, cmd)
        counter[0] += fell_back[0] == before

    with patch.dict(HANDLERS, {Advance: counted}):
        yield

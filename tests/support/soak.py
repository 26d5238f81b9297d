"""`make soak`: the full counts of the tests that scale (kills of a saving process, the
save race, every hostile value typed into every field, hypothesis examples), for before
a release. `make test` runs the same tests at the counts given as `quick`; the soak's
are today's counts or more, never fewer."""

from __future__ import annotations

import os

SOAK = os.environ.get("TRACKER_SOAK", "") == "1"


def soak_or(quick: int, full: int) -> int:
    """`full` under `make soak` (TRACKER_SOAK=1), else `quick`."""
    return full if SOAK else quick


SOAK_EXAMPLES = 5  # hypothesis runs each property this many times its examples in a soak


def examples(quick: int) -> int:
    """A property's max_examples: as given in `make test`, five times that in a soak."""
    return quick * SOAK_EXAMPLES if SOAK else quick

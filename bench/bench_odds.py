"""Exact odds: a 20-die Success Score distribution and the open d100 total (RULES A1, B1).

Caches are cleared before every timed call, so the figures are the cost of a
real computation, not of a dictionary lookup. icepool computes the same
20-die distribution from a die built from the same chart row, in the same run.
"""

from __future__ import annotations

import icepool

from bench.timing import median_seconds
from rules.mechanics.chart import VP_CHART
from rules.odds.skill import clear_cache, open_roll_distribution, success_distribution

STAT = 7
DICE = 20


def _ours() -> dict:
    clear_cache()
    return success_distribution(STAT, DICE)


def _icepool() -> dict:
    die = icepool.Die([VP_CHART[STAT][face] for face in range(1, 11)])
    total = DICE @ die
    return dict(total.items())  # force the full distribution


def _open() -> dict:
    clear_cache()
    return open_roll_distribution(10)


def run() -> dict[str, float]:
    ours = median_seconds(_ours, repeat=200)
    theirs = median_seconds(_icepool, repeat=30)
    opened = median_seconds(_open, repeat=50)
    return {
        "odds_ms_n20": ours * 1000,
        "odds_speedup_vs_icepool": theirs / ours,
        "open_roll_dist_ms": opened * 1000,
    }

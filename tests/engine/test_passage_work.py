"""Passing time is linear in its ticks (issue 23, item 2): no tick walks the wound list.

Before, `Combatant.total_wp` summed every wound and every tick of an effect adds one,
several times a tick (A9 for the Endurance lines, A16, and the log line): one PassTime
with a 1-TU tick was O(ticks²), 17.6 s for 8,000 TU. The wound list here counts the
wounds read from it, so the test counts work, not time.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

from rules.model.state import Wound
from tests.support.passage import pass_time, tickers


class CountingWounds(list[Wound]):
    """A wound list that counts every wound read from it (by iteration or by index)."""

    reads = 0

    def __iter__(self) -> Any:
        for wound in super().__iter__():
            CountingWounds.reads += 1
            yield wound

    def __getitem__(self, index: SupportsIndex | slice) -> Any:  # type: ignore[override]
        CountingWounds.reads += 1
        return super().__getitem__(index)


def _reads_for(tu: int, endurance: int | None) -> int:
    s = tickers(every=1, endurance=endurance, one_wound=True)  # others: counted, no wounds
    c = s.encounter.combatants["c0"]
    c.__dict__["wounds"] = CountingWounds(c.wounds)
    CountingWounds.reads = 0
    pass_time(s, tu)
    assert len(c.wounds) == tu  # a wound a tick (the state is as it was)
    return CountingWounds.reads


def test_a_tick_reads_a_handful_of_wounds_however_many_came_before() -> None:
    short, long = _reads_for(500, None), _reads_for(2_000, None)  # never checked: no Endurance
    assert long <= 3 * 2_000, f"{long} wounds read for 2,000 ticks"  # before: 12 million
    assert long <= 4.5 * short  # linear: four times the ticks, about four times the work
    # Crossing the half line on the way (A16, Endurance 30: at 45 WP) stops the clock once.
    # Not down to 0: from there every tick stops it for its check (R31), and each of the
    # GM's answers reads the wound list once, as any command does.
    assert _reads_for(88, 30) <= 4 * 88

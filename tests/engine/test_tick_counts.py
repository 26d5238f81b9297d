"""An effect's ticks that are not one wound are a running count, not a Wound a tick (issue 23).

Before, a day of a 1-TU poison left 86,400 Wound objects on the combatant: 78.6 MiB for
six (the reader refuses 64), seconds to build. Now a source's ticks are one
`Combatant.tick_wp` entry that `total_wp` adds, as bleeding's WP are `bleed_wp` (A14);
undo, redo and replay stay exact.
"""

from __future__ import annotations

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Heal
from rules.model.state import TickWP, Wound
from tests.support.engine_steps import do
from tests.support.passage import DAY, pass_time, tickers


def test_a_day_of_a_one_tu_poison_is_one_count_and_undoes_exactly() -> None:
    s = tickers(1, every=1, endurance=None)  # no Endurance: no check stops it (R31)
    start = s.encounter.model_dump(mode="json")
    pass_time(s, DAY)
    c = s.encounter.combatants["c0"]
    assert c.wounds == [] and c.tick_wp == {"Poison": TickWP(wp=DAY, ticks=DAY)}
    assert c.total_wp() == DAY
    after = s.encounter.model_dump(mode="json")
    assert s.replay().model_dump(mode="json") == after
    steps = 0
    while len(s.done) > 1:  # the poison stays on: every passage and check undone
        s.undo()
        steps += 1
    assert s.encounter.model_dump(mode="json") == start
    for _ in range(steps):
        s.redo()
    assert s.encounter.model_dump(mode="json") == after


def test_a_one_wound_tick_is_still_a_wound() -> None:
    s = tickers(1, every=10, one_wound=True)
    pass_time(s, 30)
    c = s.encounter.combatants["c0"]
    assert [(w.wp, w.time, w.source) for w in c.wounds] == [(1, t, "Poison") for t in (10, 20, 30)]
    assert c.tick_wp == {}  # the GM's "one wound": a Wound a tick, as before


def test_healing_takes_the_wounds_first_then_the_ticks_then_bleeding() -> None:
    """The rulebook says nothing of healing WP that are not one wound: the ticks' WP heal as
    bleeding's do, after the wounds (newest source first), a count at 0 gone."""
    s = tickers(1, every=1, endurance=None)
    pass_time(s, 5)
    c = s.encounter.combatants["c0"]
    c.wounds.append(Wound(wp=2))
    c.bleed_wp = 3
    start = s.encounter.model_dump(mode="json")
    do(s, Heal(target="c0", wound_points=4))
    assert c.wounds == [] and c.tick_wp == {"Poison": TickWP(wp=3, ticks=5)}
    do(s, Heal(target="c0", wound_points=4))
    assert c.tick_wp == {} and c.bleed_wp == 2 and c.total_wp() == 2
    s.undo()
    s.undo()
    assert s.encounter.model_dump(mode="json") == start


def test_a_healed_count_replays_exactly() -> None:
    s = tickers(2, every=2, endurance=None)
    pass_time(s, 40)
    s.do(Heal(target="c1", wound_points=7), ScriptedDice([]))
    assert s.encounter.combatants["c1"].tick_wp == {"Poison": TickWP(wp=13, ticks=20)}
    assert s.replay().model_dump(mode="json") == s.encounter.model_dump(mode="json")

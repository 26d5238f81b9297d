"""Every tick of every effect in a window of the track, for the ruler (issue 15).

Before, the rules gave only each effect's next tick (`effects_ahead`), so the ruler
drew On fire once even when it would burn four times before its right end.
"""

from __future__ import annotations

from rules.engine.effects_ahead import effects_ahead, ticks_between
from rules.model.effect_commands import AddEffect
from rules.model.effects import Duration, Tick
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import on_fire
from tests.support.engine_steps import do


def _times(s, start: int, end: int, **kw: int) -> list[tuple[int | None, str | None]]:  # type: ignore[no-untyped-def]
    return [(a.time, a.combatant) for a in ticks_between(s.encounter, start, end, **kw)]


def test_every_tick_up_to_the_window_and_the_effects_end_by_time() -> None:
    s = fight(0, fighter("lio", 0), fighter("bo", 30))
    do(s, on_fire("lio", every=3, tu=10))  # ticks at 3, 6, 9; ends at 10
    do(s, on_fire("bo", every=4))  # until removed: 4, 8, 12 ...
    assert _times(s, 0, 12) == [
        (3, "lio"), (4, "bo"), (6, "lio"), (8, "bo"), (9, "lio"), (12, "bo"),
    ]  # fmt: skip
    assert _times(s, 4, 8) == [(6, "lio"), (8, "bo")]  # strictly after the start
    assert _times(s, 0, 40, limit=2) == [(3, "lio"), (4, "bo"), (6, "lio"), (8, "bo")]


def test_the_first_is_the_next_tick_effects_ahead_gives() -> None:
    s = fight(0, fighter("lio", 0), fighter("bo", 30))
    do(s, on_fire("lio", every=3, tu=10))
    first = ticks_between(s.encounter, 0, 100)[0]
    assert first in effects_ahead(s.encounter)


def test_a_tick_until_a_next_opportunity_stops_at_that_opportunity() -> None:
    s = fight(0, fighter("lio", 0), fighter("bo", 7))
    burn = AddEffect(
        targets=["lio"],
        name="Burning oil",
        duration=Duration(kind="next", whose="bo"),
        tick=Tick(every=3, wp=1),
    )
    do(s, burn)
    assert _times(s, 0, 20) == [(3, "lio"), (6, "lio")]  # Bo acts at 7: it ends there


def test_a_dead_bearer_burns_no_more_and_a_huge_window_gives_no_flood() -> None:
    s = fight(0, fighter("lio", 0), fighter("bo", 30))
    do(s, on_fire("lio", every=1))
    do(s, on_fire("bo", every=1))
    s.encounter.combatants["bo"].dead = True  # (as a death leaves it: its effects stay)
    found = ticks_between(s.encounter, 0, 10**12)
    assert len(found) == 400 and {a.combatant for a in found} == {"lio"}  # limit per effect

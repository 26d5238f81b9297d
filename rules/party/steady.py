"""A day of bleeding in steady cycles: the party's long passage without a step a tick.

Between fights, once nothing but bleeding can happen (no effect on anyone, no
reminder or open decision, no living bleeder whose next tick may call a demise
check: A14, A16, R31), every BLEED_INTERVAL TU repeat the one before exactly: each
bleeder's tick and nothing else (bleeding strikes every BLEED_INTERVAL TU from its
anchor, so each has one tick in any such span). The clock (rules.party.clock) runs
one such cycle through the engine, `measure`s it (nothing but the bleed WP may have
changed, nothing but bleeding may have been logged), and `skip`s the identical
cycles after it, no further than `cycles_without_a_check` (R31: a bleeder nearing
Endurance 0, or its half line, is checked tick by tick). The WP of a cycle are the
engine's own, measured, never computed here. That the answer is exactly the
tick-by-tick one is a property test (tests/party/test_party_steady_cycles.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine.track_index import invalidate_track, keys_may_have_moved
from rules.engine.wounding import wp_before_a_check
from rules.mechanics.wounds import BLEED_INTERVAL
from rules.model.event import Event
from rules.model.state import Encounter

__all__ = [
    "BLEED_INTERVAL",
    "Cycle",
    "Snapshot",
    "cycles_without_a_check",
    "measure",
    "quiet",
    "skip",
    "snapshot",
]

_LOGGED = frozenset({"bleed", "time"})  # a steady cycle logs the ticks and the passage only

Snapshot = tuple[int, dict[str, tuple[dict[str, Any], int]]]  # time, {id: (sheet, bleed WP)}


@dataclass(frozen=True)
class Cycle:
    """One steady cycle as the engine ran it: the bleed WP and ticks of each character."""

    wp: dict[str, int]
    ticks: dict[str, int]


def quiet(scratch: Encounter) -> bool:
    """Nothing but bleeding can happen on `scratch` from now on (see the module's words)."""
    if scratch.in_combat or scratch.pending or scratch.reminders:
        return False
    for c in scratch.combatants.values():
        if c.effects:
            return False
        bleeds = not c.dead and c.bleed_rate > 0 and c.bleed_anchor is not None
        if bleeds and wp_before_a_check(c) == 0:
            return False
    return True


def cycles_without_a_check(scratch: Encounter, cycle: Cycle) -> int | None:
    """How many cycles as measured leave every bleeder short of a demise check (A16,
    R31); None: no limit."""
    most: int | None = None
    for cid, wp in cycle.wp.items():
        margin = wp_before_a_check(scratch.combatants[cid])
        if wp > 0 and margin is not None:
            most = margin // wp if most is None else min(most, margin // wp)
    return most


def snapshot(scratch: Encounter) -> Snapshot:
    return scratch.time, {
        cid: (c.model_dump(exclude={"bleed_wp"}), c.bleed_wp)
        for cid, c in scratch.combatants.items()
    }


def measure(
    before: Snapshot, scratch: Encounter, events: list[Event], ticks: Mapping[str, int]
) -> Cycle | None:
    """The cycle just run, if it was steady: BLEED_INTERVAL TU on, only bleeding logged,
    nothing changed but bleed WP, nothing left open; else None (run tick by tick).
    `ticks`: each one's bleeding ticks in it (the log tallies them, rules.engine.passage)."""
    time, sheets = before
    if scratch.time != time + BLEED_INTERVAL or not quiet(scratch):
        return None
    if any(e.kind not in _LOGGED for e in events) or sheets.keys() != scratch.combatants.keys():
        return None
    wp: dict[str, int] = {}
    for cid, c in scratch.combatants.items():
        sheet, bled = sheets[cid]
        if c.model_dump(exclude={"bleed_wp"}) != sheet:
            return None
        if c.bleed_wp != bled:
            wp[cid] = c.bleed_wp - bled
    return Cycle(wp, {cid: n for cid, n in ticks.items() if n})


def skip(scratch: Encounter, cycle: Cycle, count: int) -> Encounter:
    """`scratch` `count` steady cycles on: the track moved, each cycle's bleed WP taken.

    Taken where they fall, before the rest of the passage (R31: the WP they add may
    bring a bleeder to a demise check after them); a whole number of BLEED_INTERVAL
    keeps each tick's place from its anchor."""
    if count <= 0:
        return scratch
    combatants = {
        cid: c.model_copy(update={"bleed_wp": c.bleed_wp + count * cycle.wp[cid]})
        if cid in cycle.wp
        else c
        for cid, c in scratch.combatants.items()
    }
    moved = scratch.model_copy(
        update={"time": scratch.time + count * BLEED_INTERVAL, "combatants": combatants}
    )
    invalidate_track(moved)  # its ticks were scheduled on the sheets before the copy
    keys_may_have_moved(moved)
    return moved

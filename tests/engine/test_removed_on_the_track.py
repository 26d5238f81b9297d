"""A combatant removed (or out of the fight) mid-combat leaves stale heap entries behind.

The card game from the demo: Dinzis opens the fight and takes his opportunity, then
the GM removes Kans, whose entry is still on the track's heap. Standing orders must
skip it as the Advance does (A7, A8: one check of an entry, in rules/engine/track_index.py),
and the saved history must replay (undo past the run after a resume).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.engine import track_index
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import (
    Advance,
    FastForward,
    FightStatus,
    RemoveCombatant,
    StartCombat,
    TakeOpportunity,
)
from rules.saves.store import load_session, save_session
from tests.engine.test_standing_orders import by_hand, state
from tracker.demo import build_demo

ORDERS = {"dinzis": ["Move"], "molin": ["Move", "Wait"]}


def opened(seed: int = 1) -> Session:
    """Combat begun (Dinzis starts it, A7) and Dinzis's first opportunity taken (A8)."""
    session = Session(build_demo())
    dice = SeededDice(seed)
    session.do(StartCombat(initiators=["dinzis"]), dice)
    session.do(Advance(), dice)
    assert session.encounter.due == ["dinzis"]
    session.do(TakeOpportunity(actor="dinzis", actions=["Move"]), dice)
    return session


LEAVES = {
    "removed": RemoveCombatant(id="kans"),
    "out of the fight": FightStatus(target="kans", out=True),
}


@pytest.mark.parametrize("leave", LEAVES.values(), ids=list(LEAVES))
@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_standing_orders_skip_who_left_and_equal_the_fight_by_hand(leave: Any, seed: int) -> None:
    fast, slow = opened(seed), opened(seed)
    for session in (fast, slow):
        session.do(leave, ScriptedDice())
    fast.do(FastForward(until=100, orders=ORDERS), ScriptedDice())
    by_hand(slow, 100, ORDERS)
    assert state(fast) == state(slow)
    assert fast.encounter.log[-1].text.endswith("stopped: track 100 reached")
    assert dump(fast.replay()) == dump(fast.encounter)


def test_the_heap_judges_a_removed_combatants_entry_stale() -> None:
    """The one check every reader of the heap uses (advance, quick step, standing orders)."""
    session = opened()
    enc = session.encounter
    kans = enc.combatants["kans"]
    entry = track_index.act_entry(enc, kans)
    assert track_index.is_current(entry[8], entry[1], entry[4])
    session.do(RemoveCombatant(id="kans"), ScriptedDice())
    assert not track_index.is_current(entry[8], entry[1], entry[4])
    assert all(e[6] != "kans" for e in track_index.heap_of(enc))  # the removal left none


def dump(enc: Any) -> Any:
    return enc.model_dump(mode="json")


def test_a_resumed_run_after_a_removal_undoes_to_the_start(tmp_path: Path) -> None:
    """Undo and redo of the removal rebuild the heap live; the replay after a resume must
    come to the same encounter (it does not rebuild the heap between those steps)."""
    session = opened()
    start = dump(session.base)
    session.do(RemoveCombatant(id="kans"), ScriptedDice())
    session.undo()
    session.redo()
    session.do(FastForward(until=100, orders=ORDERS), ScriptedDice())
    final = dump(session.encounter)
    path = tmp_path / "card game.json"
    save_session(session, path)
    loaded = load_session(path)
    assert dump(loaded.encounter) == final
    steps = len(loaded.done)
    for _ in range(steps):
        loaded.undo()  # journals rebuilt by replaying the saved history: no exception
    assert dump(loaded.encounter) == start
    for _ in range(steps):
        loaded.redo()
    assert dump(loaded.encounter) == final

"""Standing orders (A7, A8): a fast-forward equals the same fight taken one command at a time.

Last, the stale heap entries a removal (or leaving the fight) leaves behind.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.engine import track_index
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import (
    Advance,
    FastForward,
    FightStatus,
    RemoveCombatant,
    ResolveCheck,
    StartCombat,
    TakeOpportunity,
)
from rules.model.state import Action, Combatant, Encounter, Wound
from rules.saves.store import load_session, save_session
from tests.support.engine_steps import refused, texts
from tests.support.soak import examples
from tracker.files.demo import build_demo

PLAIN = [Action(name="Move", cost=5), Action(name="Aim", cost=3), Action(name="Wait", cost=1)]
ATTACK = Action(name="Attack", cost=4, kind="attack")


def next_time(enc: Encounter) -> int | None:
    """The next event's time, read as the Advance and the fast-forward read it (`peek`)."""
    entry = track_index.peek(enc)
    return None if entry is None else entry[1]


def crowd(
    wits: list[int],
    bleeding: set[int] = frozenset(),  # type: ignore[assignment]
    lines_crossed: bool = False,
) -> Encounter:
    enc = Encounter(name="crowd")
    for index, w in enumerate(wits):
        c = Combatant(
            id=f"c{index}",
            name=f"Guard {index}",
            stats={"Wits": w, "Endurance": 12, "Dexterity": 5},
            actions=[*PLAIN, ATTACK],
        )
        if index in bleeding:
            c.wounds.append(Wound(location="chest", level="Gore", wp=3, bleeding=True))
            c.bleed_rate = 2
            c.bleed_anchor = 0
            # A16: both Endurance lines behind it: a tick calls a check again only at 0 (R31)
            c.half_endurance_checked = c.zero_endurance_checked = lines_crossed
        enc.combatants[c.id] = c
    return enc


def started(enc: Encounter, seed: int) -> Session:
    session = Session(enc)
    awareness = {cid: "surprised" for cid in list(enc.combatants)[1::3]}
    session.do(StartCombat(initiators=["c0"], awareness=awareness), SeededDice(seed))
    return session


def by_hand(session: Session, until: int, orders: dict[str, list[str]]) -> None:
    """The same run as GM commands: Advance, then each ordered opportunity taken in turn."""
    enc = session.encounter
    turns: dict[str, int] = {}
    while True:
        nxt = next_time(enc)
        if nxt is None or nxt > until:
            return
        session.do(Advance(), ScriptedDice())
        if enc.pending or not enc.due:
            if enc.pending:
                return
            continue
        cid = enc.due[0]
        if cid not in orders:
            return
        plan = orders[cid]
        name = plan[turns.get(cid, 0) % len(plan)]
        turns[cid] = turns.get(cid, 0) + 1
        session.do(TakeOpportunity(actor=cid, actions=[name]), ScriptedDice())


def state(session: Session) -> dict[str, Any]:
    """Everything but the log and the open turn (a fast-forward logs one summary line)."""
    dumped = session.encounter.model_dump(mode="json")
    for key in ("log", "turn"):
        dumped.pop(key)
    return dumped


def twins(
    wits: list[int], bleeding: set[int], seed: int, crossed: bool = False
) -> tuple[Session, Session]:
    return started(crowd(wits, bleeding, crossed), seed), started(
        crowd(wits, bleeding, crossed), seed
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    wits=st.lists(st.integers(1, 9), min_size=2, max_size=7),
    bleeding=st.sets(st.integers(0, 6), max_size=3),
    seed=st.integers(0, 10_000),
    until=st.integers(0, 300),
    crossed=st.booleans(),
    orders=st.lists(st.lists(st.sampled_from(["Move", "Aim", "Wait"]), min_size=1, max_size=3)),
    unordered=st.integers(0, 6),
)
def test_a_fast_forward_equals_the_fight_by_hand_and_undoes_exactly(
    wits: list[int],
    bleeding: set[int],
    seed: int,
    until: int,
    orders: list[list[str]],
    unordered: int,
    crossed: bool,
) -> None:
    fast, slow = twins(wits, bleeding, seed, crossed)
    plan = {f"c{i}": orders[i % len(orders)] if orders else ["Move"] for i in range(len(wits))}
    plan.pop(f"c{unordered}", None)  # may name nobody: then everyone has orders
    if not plan:
        return
    before = json.dumps(fast.encounter.model_dump(mode="json"))
    fast.do(FastForward(until=until, orders=plan), ScriptedDice())
    by_hand(slow, until, plan)
    assert state(fast) == state(slow)
    assert texts(fast)[-1].startswith("Standing orders run the track")
    fast.undo()
    assert json.dumps(fast.encounter.model_dump(mode="json")) == before
    fast.redo()
    assert state(fast) == state(slow)


@settings(max_examples=examples(60), deadline=None)
@given(
    wits=st.lists(st.integers(1, 9), min_size=3, max_size=7),
    bleeding=st.sets(st.integers(0, 6), max_size=3),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 6),
    leaving=st.dictionaries(st.integers(0, 6), st.sampled_from(["remove", "out"]), min_size=1),
    until=st.integers(0, 200),
)
# Found by hypothesis: everyone gone, a stale entry at the top past `until` made the run
# stop at "track 0 reached" where its replay (a fresh heap) said "no one is left".
@example(
    wits=[1, 1, 1],
    bleeding=set(),
    seed=0,
    steps=0,
    leaving={0: "remove", 1: "remove", 2: "out"},
    until=0,
)
def test_who_was_removed_or_left_the_fight_is_skipped_by_the_run(
    wits: list[int],
    bleeding: set[int],
    seed: int,
    steps: int,
    leaving: dict[int, str],
    until: int,
) -> None:
    """Their heap entries are stale: the run skips them as the Advance does (A7, R8)."""
    fast, slow = twins(wits, bleeding, seed)
    for session in (fast, slow):
        track_index.heap_of(session.encounter)  # built now, as the app's track view builds it
        for _ in range(steps):  # a few opportunities taken by hand first (Wait, A8)
            if not session.encounter.pending and next_time(session.encounter) is not None:
                session.do(Advance(), ScriptedDice())
            due = session.encounter.due
            if due:
                session.do(TakeOpportunity(actor=due[0], actions=["Wait"]), ScriptedDice())
        for index, how in leaving.items():
            cid = f"c{index}"
            if cid in session.encounter.combatants and not session.encounter.due:
                left = (
                    RemoveCombatant(id=cid)
                    if how == "remove"
                    else FightStatus(target=cid, out=True)
                )
                session.do(left, ScriptedDice())
    enc = fast.encounter
    plan = {cid: ["Aim", "Wait"] for cid, c in enc.combatants.items() if not c.dead}
    if enc.pending or enc.due or not plan or until < enc.time:
        return
    before = json.dumps(enc.model_dump(mode="json"))
    fast.do(FastForward(until=until, orders=plan), ScriptedDice())
    by_hand(slow, until, plan)
    assert state(fast) == state(slow)
    assert fast.replay().model_dump(mode="json") == enc.model_dump(mode="json")
    fast.undo()
    assert json.dumps(enc.model_dump(mode="json")) == before


def test_the_run_stops_at_a_demise_check_and_goes_on_after_the_answer() -> None:
    fast, slow = twins([6, 5, 4], {1}, 7)
    orders = {"c0": ["Aim"], "c1": ["Move", "Wait"], "c2": ["Aim"]}
    fast.do(FastForward(until=400, orders=orders), ScriptedDice())
    by_hand(slow, 400, orders)
    enc = fast.encounter
    assert enc.pending and enc.pending[0].kind == "demise"
    assert texts(fast)[-1].endswith("stopped: a decision is pending")
    assert state(fast) == state(slow)
    refused(fast, FastForward(until=400, orders=orders), "answer the pending decision first")


def test_a_bleeder_at_zero_stops_the_run_at_its_next_tick_R31() -> None:
    """Both lines crossed long ago, Endurance 0 (36 WP on 12): the run's quick bleeding
    (no check, no log line a tick) may not take its tick: the check comes due there."""
    fast, slow = twins([6, 5, 4], {1}, 7, crossed=True)
    for s in (fast, slow):
        s.encounter.combatants["c1"].bleed_wp = 33
    orders = {"c0": ["Aim"], "c1": ["Move", "Wait"], "c2": ["Aim"]}
    fast.do(FastForward(until=400, orders=orders), ScriptedDice())
    by_hand(slow, 400, orders)
    enc = fast.encounter
    assert [(p.kind, p.combatant) for p in enc.pending] == [("demise", "c1")]
    assert enc.time == 10 and "zero endurance" in enc.pending[0].text  # its first tick
    assert state(fast) == state(slow)


def test_someone_without_orders_stops_the_run_with_its_opportunity_open() -> None:
    fast, slow = twins([6, 5, 4], set(), 3)
    orders = {"c0": ["Aim"], "c2": ["Move"]}
    fast.do(FastForward(until=100, orders=orders), ScriptedDice())
    by_hand(slow, 100, orders)
    enc = fast.encounter
    assert enc.due == ["c1"] and enc.time == enc.combatants["c1"].ttu
    assert texts(fast)[-2:] == [
        f"Track {enc.time}: Action Opportunity for Guard 1",
        f"Standing orders run the track 0 → {enc.time}: "
        f"{sum(1 for e in slow.encounter.log if 'cost' in e.text)} opportunities taken by 2"
        " combatants; stopped: Guard 1 has no orders",
    ]
    assert state(fast) == state(slow)


def test_orders_that_need_a_roll_or_name_nobody_are_refused() -> None:
    fast = started(crowd([6, 5]), 1)
    refused(fast, FastForward(until=50, orders={"c0": ["Attack"]}), "Attack needs a roll")
    refused(fast, FastForward(until=50, orders={"c0": ["Fly"]}), "has no action 'Fly'")
    refused(fast, FastForward(until=50, orders={"zz": ["Aim"]}), "no combatant with id 'zz'")
    fast.do(Advance(), ScriptedDice())
    refused(fast, FastForward(until=50, orders={"c0": ["Aim"]}), "still has an Action Opportunity")
    fast.do(TakeOpportunity(actor="c0", actions=["Aim"]), ScriptedDice())
    both = {"c0": ["Aim"], "c1": ["Aim"]}
    fast.do(FastForward(until=20, orders=both), ScriptedDice())
    assert 17 < fast.encounter.time <= 20
    refused(fast, FastForward(until=3, orders=both), f"already at {fast.encounter.time}, past 3")


def test_a_resolved_check_lets_the_run_go_on_to_the_end() -> None:
    fast = started(crowd([6, 5, 4], {1}), 11)
    orders = {cid: ["Aim", "Move"] for cid in fast.encounter.combatants}
    dice = SeededDice(5)
    while True:
        fast.do(FastForward(until=300, orders=orders), dice)
        enc = fast.encounter
        if not enc.pending:
            break
        fast.do(ResolveCheck(pending=enc.pending[0].id), dice)
    after = next_time(enc)
    assert after is None or after > 300
    assert fast.replay().model_dump(mode="json") == enc.model_dump(mode="json")


# --- A combatant removed (or out of the fight) mid-combat leaves stale heap entries behind.
#
# The card game from the demo: Dinzis opens the fight and takes his opportunity, then
# the GM removes Kans, whose entry is still on the track's heap. Standing orders must
# skip it as the Advance does (A7, A8: one check of an entry, in rules/engine/track_index.py),
# and the saved history must replay (undo past the run after a resume).


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

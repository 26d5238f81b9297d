"""Standing orders (FastForward) with effects and reminders equal the same fight by hand (issue 15).

The run writes the track directly for speed; effect ticks, ends, reminders and the
openings an effect waits for must land in it as they do on each Advance.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.engine import track_index
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import Advance, FastForward, StartCombat, TakeOpportunity
from rules.model.effect_commands import AddEffect, AddReminder
from rules.model.effects import Duration, Tick
from rules.model.state import Action, Combatant, Encounter
from tests.support.soak import examples

PLAIN = [Action(name="Move", cost=5), Action(name="Aim", cost=3), Action(name="Wait", cost=1)]
DURATIONS = [Duration(), Duration(kind="tu", amount=7), Duration(kind="next"), Duration(kind="end")]
TICKS = [None, Tick(every=3, wp=1), Tick(every=4, wp=2)]


def _started(wits: list[int], seed: int, effects: list[Any], reminders: list[Any]) -> Session:
    enc = Encounter(name="crowd")
    for index, w in enumerate(wits):
        stats = {"Wits": w, "Endurance": 12, "Dexterity": 5}
        enc.combatants[f"c{index}"] = Combatant(
            id=f"c{index}", name=f"Guard {index}", stats=stats, actions=list(PLAIN)
        )
    session = Session(enc)
    session.do(StartCombat(initiators=["c0"]), SeededDice(seed))
    for who, duration, tick, whose in effects:
        cid, other = f"c{who % len(wits)}", f"c{whose % len(wits)}"
        if duration.kind == "next":
            duration = Duration(kind="next", whose=other)
        session.do(AddEffect(targets=[cid], name="Fx", duration=duration, tick=tick), SeededDice(1))
    for at, whose in reminders:
        command = (
            AddReminder(text="r", in_tu=at)
            if whose is None
            else AddReminder(text="r", whose=f"c{whose % len(wits)}")
        )
        session.do(command, SeededDice(1))
    return session


def _by_hand(session: Session, until: int, orders: dict[str, list[str]]) -> None:
    enc = session.encounter
    turns: dict[str, int] = {}
    while True:
        entry = track_index.peek(enc)
        if entry is None or entry[1] > until:
            return
        session.do(Advance(), ScriptedDice())
        if enc.pending:
            return
        if not enc.due:
            continue
        cid = enc.due[0]
        plan = orders[cid]
        turns[cid] = turns.get(cid, 0) + 1
        session.do(
            TakeOpportunity(actor=cid, actions=[plan[(turns[cid] - 1) % len(plan)]]), ScriptedDice()
        )


def _state(session: Session) -> dict[str, Any]:
    dumped = session.encounter.model_dump(mode="json")
    for key in ("log", "turn"):
        dumped.pop(key)
    return dumped


effect = st.tuples(
    st.integers(0, 6), st.sampled_from(DURATIONS), st.sampled_from(TICKS), st.integers(0, 6)
)
reminder = st.tuples(st.integers(1, 40), st.one_of(st.none(), st.integers(0, 6)))


# Found by this property: a tick lowered Guard 0's Wits, and the run opened it twice at 10
# (a re-keyed entry beside the one the track's pop pushed); the run now checks its own
# entries are current, as every reader of the heap does.
TWO_ENTRIES = dict(
    wits=[1, 1],
    seed=1,
    until=10,
    effects=[(0, Duration(), Tick(every=4, wp=2), 0), (0, Duration(kind="next"), TICKS[1], 1)],
    reminders=[],
    orders=[["Move"]],
)


@example(**TWO_ENTRIES)
@settings(max_examples=examples(60), deadline=None)
@given(
    wits=st.lists(st.integers(1, 9), min_size=2, max_size=6),
    seed=st.integers(0, 10_000),
    until=st.integers(0, 80),
    effects=st.lists(effect, max_size=5),
    reminders=st.lists(reminder, max_size=2),
    orders=st.lists(
        st.lists(st.sampled_from(["Move", "Aim", "Wait"]), min_size=1, max_size=3), min_size=1
    ),
)
def test_a_fast_forward_with_effects_equals_the_fight_by_hand(
    wits: list[int],
    seed: int,
    until: int,
    effects: list[Any],
    reminders: list[Any],
    orders: list[list[str]],
) -> None:
    fast = _started(wits, seed, effects, reminders)
    slow = _started(wits, seed, effects, reminders)
    if fast.encounter.pending or fast.encounter.due:
        return  # the run starts from a moving track (a reminder or an opening waits)
    plan = {f"c{i}": orders[i % len(orders)] for i in range(len(wits))}
    before = json.dumps(fast.encounter.model_dump(mode="json"))
    fast.do(FastForward(until=until, orders=plan), ScriptedDice())
    _by_hand(slow, until, plan)
    assert _state(fast) == _state(slow)
    fast.undo()
    assert json.dumps(fast.encounter.model_dump(mode="json")) == before

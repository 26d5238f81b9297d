"""Engine speed: one track step at 1,000 combatants, a long bulk fight, one undo.

Every figure drives the real `Session.do` path (validated commands, the
journal, the log), with seeded dice, as a GM's session would.
"""

from __future__ import annotations

import statistics
import time

from bench.timing import in_fresh_process, machine_reference_us
from rules.engine import track_index
from rules.engine.session import Session
from rules.mechanics.dice import SeededDice
from rules.model.commands import Advance, FastForward, ResolveCheck, StartCombat, TakeOpportunity
from rules.model.effect_commands import MAX_TARGETS, AddEffect
from rules.model.effects import Duration, EffectModifier
from rules.model.state import Action, Combatant, Encounter

REPERTOIRE = [
    Action(name="Attack", cost=4, kind="attack"),
    Action(name="Aim", cost=3),
    Action(name="Move", cost=5),
    Action(name="Wait", cost=1),
    Action(name="Guard", cost=4),
]
PLAIN = ["Aim", "Guard", "Move"]  # standing orders take actions that need no roll (costs 3-5)


def _encounter(count: int, bleeding_every: int = 0) -> Encounter:
    encounter = Encounter(name=f"bench {count}")
    for index in range(count):
        cid = f"c{index}"
        combatant = Combatant(
            id=cid,
            name=f"Fighter {index}",
            stats={"Strength": 6, "Dexterity": 6, "Endurance": 30, "Wits": 3 + index % 8},
            skills={"Melee": 5, "Dodge": 4},
            actions=list(REPERTOIRE),
        )
        encounter.combatants[cid] = combatant
    if bleeding_every:
        for index, combatant in enumerate(encounter.combatants.values()):
            if index % bleeding_every == 0:
                combatant.bleed_rate = 1
                combatant.bleed_anchor = 0
    return encounter


def _started(count: int, bleeding_every: int = 0) -> tuple[Session, SeededDice]:
    session = Session(_encounter(count, bleeding_every))
    dice = SeededDice(2026)
    session.do(StartCombat(initiators=["c0"]), dice)
    return session, dice


def _act(session: Session, dice: SeededDice, step: int) -> None:
    """Resolve whatever the track asks: pending checks, then each due opportunity."""
    encounter = session.encounter
    while encounter.pending:
        session.do(ResolveCheck(pending=encounter.pending[0].id), dice)
    for cid in list(encounter.due):
        action = REPERTOIRE[(step + len(cid)) % 3].name
        session.do(TakeOpportunity(actor=cid, actions=[action]), dice)


def engine_step_us(count: int = 1000, samples: int = 2000) -> tuple[float, float]:
    """Median µs of one Advance (through `Session.do`) with 1,000 combatants on the track.

    With costs of 3-5 TU hundreds share each time; R5 opens them one at a
    time, in the heap's own order, so a step is O(log n) whatever the ties.
    Returns the median and the mean number of combatants tied at each step.
    """
    session, dice = _started(count)
    advance = Advance()
    timings: list[float] = []
    tied: list[int] = []
    for step in range(samples):
        _act(session, dice, step)
        start = time.perf_counter()
        session.do(advance, dice)
        timings.append(time.perf_counter() - start)
        if step % 100 == 0:
            tied.append(len(track_index.tied(session.encounter)))
    return statistics.median(timings) * 1e6, statistics.mean(tied)


def engine_step_us_effects(count: int = 1000, samples: int = 2000) -> float:
    """`engine_step_us` with every combatant carrying two effects (issue 15): Blessed (+1 to
    every roll, until removed) and Aiming (+1 to Melee rolls, for 1,000,000 TU).

    Neither waits for an opportunity, so the step stays the quick one: the effects' ends
    sit far down the heap, and the watch set (fx_schedule.watched) is one membership test.
    """
    session, dice = _started(count)
    blessed = EffectModifier(amount=1)
    aiming = EffectModifier(target="skill", name="Melee", amount=1)
    ids = list(session.encounter.combatants)
    for start in range(0, len(ids), MAX_TARGETS):
        part = ids[start : start + MAX_TARGETS]
        session.do(AddEffect(targets=part, name="Blessed", modifier=blessed), dice)
        long = Duration(kind="tu", amount=1_000_000)
        session.do(AddEffect(targets=part, name="Aiming", modifier=aiming, duration=long), dice)
    advance = Advance()
    timings: list[float] = []
    for step in range(samples):
        _act(session, dice, step)
        start_time = time.perf_counter()
        session.do(advance, dice)
        timings.append(time.perf_counter() - start_time)
    return statistics.median(timings) * 1e6


def _orders(session: Session) -> dict[str, list[str]]:
    """Every combatant cycles Aim, Guard, Move (3, 4, 5 TU), each from its own start."""
    return {
        cid: PLAIN[index % 3 :] + PLAIN[: index % 3]
        for index, cid in enumerate(session.encounter.combatants)
    }


def bulk_seconds(count: int = 100, until: int = 10_000) -> tuple[float, int, int]:
    """The whole run on standing orders: FastForward, stopping for each demise check.

    Returns the seconds, the opportunities taken and the commands it took.
    """
    session, dice = _started(count, bleeding_every=3)
    orders = _orders(session)
    arrivals = session.encounter.arrivals
    start = time.perf_counter()
    while True:
        session.do(FastForward(until=until, orders=orders), dice)
        encounter = session.encounter
        if not encounter.pending:
            break
        while encounter.pending:
            session.do(ResolveCheck(pending=encounter.pending[0].id), dice)
    elapsed = time.perf_counter() - start
    taken = session.encounter.arrivals - arrivals  # one arrival on the track per opportunity
    return elapsed, taken, len(session.done)


def by_command_seconds(count: int = 100, until: int = 1_000) -> tuple[float, int]:
    """The same kind of fight, one GM command at a time (Advance, TakeOpportunity), to `until`."""
    session, dice = _started(count, bleeding_every=3)
    orders = _orders(session)
    turns = dict.fromkeys(orders, 0)
    encounter = session.encounter
    start = time.perf_counter()
    while encounter.time < until:
        while encounter.pending:
            session.do(ResolveCheck(pending=encounter.pending[0].id), dice)
        for cid in list(encounter.due):
            plan = orders[cid]
            session.do(TakeOpportunity(actor=cid, actions=[plan[turns[cid] % 3]]), dice)
            turns[cid] += 1
        session.do(Advance(), dice)
    return time.perf_counter() - start, len(session.done)


def undo_ms(events: int = 10_000) -> float:
    session, dice = _started(50)
    step = 0
    while len(session.encounter.log) < events:
        _act(session, dice, step)
        session.do(Advance(), dice)
        step += 1
    timings: list[float] = []
    for _ in range(50):
        start = time.perf_counter()
        session.undo()
        timings.append(time.perf_counter() - start)
        session.redo()
    return statistics.median(timings) * 1e3


RUNS = 3  # the bulk run is one long measurement: its median over fresh processes


def run() -> dict[str, float]:
    """Every figure in its own fresh process, so none pays for another's memory."""
    here = "bench.bench_engine"
    bulk_runs = [in_fresh_process(here, "bulk_seconds") for _ in range(RUNS)]
    bulk, taken, commands = sorted(bulk_runs)[RUNS // 2]  # type: ignore[misc]
    spread = ", ".join(f"{b[0]:.3f}" for b in bulk_runs)  # type: ignore[index]
    print(f"  (bulk: {taken:,} opportunities in {commands} commands; runs {spread} s)")
    pace = machine_reference_us()
    step, tied = in_fresh_process(here, "engine_step_us")  # type: ignore[misc]
    print(f"  (step at 1,000 combatants: {tied:.0f} tied at each time on average)")
    with_effects = in_fresh_process(here, "engine_step_us_effects")
    print(f"  (machine pace at the step: sum(range(100)) {pace:.2f} µs; 0.75 when quiet)")
    undo = in_fresh_process(here, "undo_ms")
    by_command, done = in_fresh_process(here, "by_command_seconds")  # type: ignore[misc]
    print(f"  (by command, 1,000 TU: {done:,} commands, {by_command / done * 1e6:.1f} µs each)")
    return {
        "engine_step_us_c1000": step,
        "engine_step_tied_c1000": tied,
        "engine_step_us_c1000_effects": with_effects,  # type: ignore[dict-item]
        "bulk_s_c100_t10000": bulk,
        "bulk_opportunities_c100_t10000": taken,
        "by_command_s_c100_t1000": by_command,
        "by_command_us_each_c100_t1000": by_command / done * 1e6,
        "undo_ms_e10000": undo,  # type: ignore[dict-item]
        "machine_sum100_us": pace,
    }

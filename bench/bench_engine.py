"""Engine speed: one track step at 1,000 combatants, a long bulk fight, one undo.

Every figure drives the real `Session.do` path (validated commands, the
journal, the log), with seeded dice, as a GM's session would.
"""

from __future__ import annotations

import statistics
import time

from rules.commands import Advance, ResolveCheck, StartCombat, TakeOpportunity
from rules.dice import SeededDice
from rules.session import Session
from rules.state import Action, Combatant, Encounter

REPERTOIRE = [
    Action(name="Attack", cost=4, kind="attack"),
    Action(name="Aim", cost=3),
    Action(name="Move", cost=5),
    Action(name="Wait", cost=1),
]


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


def engine_step_us(count: int = 1000, samples: int = 400) -> tuple[float, float]:
    """Median µs of one Advance, and how many combatants each step made due on average.

    With 1,000 combatants and costs of 1-5 TU, hundreds share each time; the
    step opens all their opportunities (R5 ordering included), so its cost
    grows with the ties, not with the size of the encounter (the heap).
    """
    session, dice = _started(count)
    timings: list[float] = []
    due: list[int] = []
    for step in range(samples):
        _act(session, dice, step)
        start = time.perf_counter()
        session.do(Advance(), dice)
        timings.append(time.perf_counter() - start)
        due.append(len(session.encounter.due))
    return statistics.median(timings) * 1e6, statistics.mean(due)


def bulk_seconds(count: int = 100, until: int = 10_000) -> tuple[float, int]:
    session, dice = _started(count, bleeding_every=3)
    start = time.perf_counter()
    step = 0
    while session.encounter.time < until:
        _act(session, dice, step)
        session.do(Advance(), dice)
        step += 1
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


def run() -> dict[str, float]:
    bulk, commands = bulk_seconds()
    print(f"  (bulk fight: {commands} commands, {bulk / commands * 1e6:.1f} µs each)")
    step, due = engine_step_us()
    print(f"  (each step at 1,000 combatants made {due:.0f} due: {step / due:.1f} µs each)")
    return {
        "engine_step_us_c1000": step,
        "engine_step_due_c1000": due,
        "bulk_s_c100_t10000": bulk,
        "undo_ms_e10000": undo_ms(),
    }

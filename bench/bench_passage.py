"""A day passed (issue 23): six combatants under a 1-TU poison.

A day is 86,400 TU (R30: a TU is a second); the poison deals 1 WP a tick, not one
wound. Since R31 a being at Endurance 0 is checked at every tick, so a day of it is
86,400 decisions a being: the passage runs a day unstopped only on sheets without
Endurance (beasts the GM keeps by WP alone, as tests/support/passage.py's `tickers`),
and that is what `pass_day_ms_tick1_c6` times: the whole passage through `Session.do`,
as the main screen's `P` runs it; the log lines and the save's size are printed beside
it (the ticks are one running count a combatant: `Combatant.tick_wp`).
`forecast_day_ms_tick1_c6` is the death forecast the pass-time dialog shows before the
GM confirms the same day for six of Endurance 6 (R31: 518,400 checks, counted, not
walked, once each being is at 0).
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bench.timing import in_fresh_process, machine_reference_us
from rules.engine.death_forecast import passage_lines
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ResolveCheck
from rules.model.effect_commands import AddEffect, PassTime
from rules.model.effects import Tick
from rules.model.state import Combatant, Encounter
from rules.saves import store

DAY = 86_400
COMBATANTS = 6
RUNS = 3  # each run is one long measurement: its median over fresh processes


def _poisoned(endurance: bool = False) -> Session:
    encounter = Encounter(name="a poisoned day")
    stats = {"Endurance": 6, "Wits": 5} if endurance else {"Wits": 5}
    for index in range(COMBATANTS):
        cid = f"c{index}"
        encounter.combatants[cid] = Combatant(id=cid, name=f"Traveller {index}", stats=dict(stats))
    session = Session(encounter)
    poison = AddEffect(targets=list(encounter.combatants), name="Poison", tick=Tick(every=1, wp=1))
    session.do(poison, ScriptedDice([]))
    return session


def _pass_day(session: Session) -> int:
    """The day, each demise check that stops it passed (tens); the commands it took."""
    dice = ScriptedDice([10] * 1_000)
    left, commands = DAY, 0
    while left > 0:
        start = session.encounter.time
        session.do(PassTime(amount=left), dice)
        commands += 1
        left -= session.encounter.time - start
        while session.encounter.pending:
            session.do(ResolveCheck(pending=session.encounter.pending[0].id), dice)
            commands += 1
    return commands


def pass_day_ms() -> tuple[float, int, int, int]:
    """(ms, commands, log lines, ticks counted) of one day's passage in this process."""
    session = _poisoned()
    start = time.perf_counter()
    commands = _pass_day(session)
    elapsed = (time.perf_counter() - start) * 1000
    combatants = session.encounter.combatants.values()
    ticks = sum(t.ticks for c in combatants for t in c.tick_wp.values())
    return elapsed, commands, len(session.encounter.log), ticks


def forecast_ms() -> float:
    """The pass-time dialog's forecast of that day at demise goal 5 (R15), in ms."""
    session = _poisoned(endurance=True)
    start = time.perf_counter()
    passage_lines(session.encounter, DAY, 5)
    return (time.perf_counter() - start) * 1000


def save_kib() -> float:
    """The save's size after that day (a count a combatant, not a wound a tick)."""
    session = _poisoned()
    _pass_day(session)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "day.json"
        store.save_session(session, path)
        return os.path.getsize(path) / 2**10


def run() -> dict[str, float]:
    here = "bench.bench_passage"
    runs = sorted(in_fresh_process(here, "pass_day_ms") for _ in range(RUNS))  # type: ignore[type-var]
    ms, commands, lines, ticks = runs[RUNS // 2]  # type: ignore[misc]
    spread = ", ".join(f"{r[0]:.0f}" for r in runs)  # type: ignore[index]
    print(f"  (a day of 1-TU ticks on {COMBATANTS}: {commands} commands, {lines} log lines,")
    print(f"   {ticks:,} ticks counted in the state; runs {spread} ms)")
    size = in_fresh_process(here, "save_kib")
    print(f"  (its save: {size:.1f} KiB)")
    forecast = sorted(in_fresh_process(here, "forecast_ms") for _ in range(RUNS))[RUNS // 2]  # type: ignore[type-var]
    print(f"  (its death forecast, before the GM confirms: {forecast:.1f} ms)")
    print(f"  (machine pace: sum(range(100)) {machine_reference_us():.2f} µs; 0.75 when quiet)")
    return {
        "pass_day_ms_tick1_c6": ms,
        "pass_day_log_lines_tick1_c6": lines,
        "pass_day_save_kib_tick1_c6": size,  # type: ignore[dict-item]
        "forecast_day_ms_tick1_c6": forecast,  # type: ignore[dict-item]
    }

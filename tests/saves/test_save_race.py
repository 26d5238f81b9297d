"""Two processes autosaving one file at the same instant: one wins, the other is told.

Each round both workers load the same fresh file, run a different command,
meet at a barrier and save at once. A lost race must never be silent: every
worker either saved (and then its fight is the one on disk) or got a
`SaveConflict`; never both saved (one copy's command gone), never a
"file does not exist" from the winner sweeping the loser's temp file.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import time
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import pytest

from tests.support.soak import soak_or
from tracker.files.demo import DEMO_PATH

ROUNDS = soak_or(200, 1000)
BUDGET = soak_or(20, 100) * 1.0  # seconds: whichever of ROUNDS or BUDGET comes first
WORKERS = 2


def worker(index: int, path: str, barrier: Barrier, rounds: Any, results: Any) -> None:
    """Round after round: load, one command of its own, wait for the other, save."""
    from rules.mechanics.dice import ScriptedDice
    from rules.model.commands import Luck
    from rules.saves.store import SaveConflict, SaveError, load_session, save_session

    while True:
        round_no = rounds.get()
        if round_no is None:
            return
        session = load_session(Path(path))
        session.do(Luck(target="kans", amount=index + 1), ScriptedDice())
        barrier.wait(timeout=30)
        try:
            save_session(session, Path(path))
        except SaveConflict:
            outcome = "conflict"
        except SaveError as error:
            outcome = f"error: {error}"
        else:
            outcome = "saved"
        results.put((round_no, index, outcome))


def amounts(path: Path) -> list[int]:
    """The luck commands in the file's history: whose save is on disk."""
    from rules.saves.store import load_session

    return [step.command.amount for step in load_session(path).done]  # type: ignore[attr-defined]


@pytest.mark.skipif(os.name != "posix", reason="the lock is fcntl.flock")
def test_two_processes_saving_at_once_never_lose_a_save_silently(tmp_path: Path) -> None:
    path = tmp_path / "twin.json"
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(WORKERS)
    queues = [context.Queue() for _ in range(WORKERS)]
    results = context.Queue()
    workers = [
        context.Process(target=worker, args=(i, str(path), barrier, queues[i], results))
        for i in range(WORKERS)
    ]
    for process in workers:
        process.start()
    tally = {"saved": 0, "conflict": 0}
    problems: list[str] = []
    done = 0
    try:
        started = time.monotonic()
        while done < ROUNDS and time.monotonic() - started < BUDGET:
            shutil.copyfile(DEMO_PATH, path)  # a fresh file both copies open
            for queue in queues:
                queue.put(done)
            outcomes = {}
            for _ in range(WORKERS):
                round_no, index, outcome = results.get(timeout=60)
                assert round_no == done
                outcomes[index] = outcome
            on_disk = amounts(path)
            winners = [i for i, o in outcomes.items() if o == "saved"]
            if sorted(outcomes.values()) != ["conflict", "saved"]:
                problems.append(f"round {done}: {outcomes}, on disk {on_disk}")
            elif on_disk != [winners[0] + 1]:
                problems.append(f"round {done}: {winners[0]} saved but disk holds {on_disk}")
            for outcome in outcomes.values():
                tally[outcome] = tally.get(outcome, 0) + 1
            done += 1
    finally:
        for queue in queues:
            queue.put(None)
        for process in workers:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()
    print(f"{done} rounds: {tally}")
    assert done >= 20, f"only {done} rounds ran"
    assert problems == [], f"{len(problems)} of {done} rounds lost a save: {problems[:5]}"
    assert not any(name.endswith(".tmp") for name in os.listdir(tmp_path))

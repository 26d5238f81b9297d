"""Two processes writing back to one party file at the same instant: one wins, one is told.

Each round both workers load the same party (revision 1), make their own change,
meet at a barrier and save at once, each built on revision 1. The OS lock and the
revision check make a lost race loud: one saved (its change is on disk), the other
got PartyFileConflict; never both saved, never an error of another kind. An odd
round names what happened, with the save's own time (under load, 1 round of 120
once ended in neither, issue 23; not seen again in ~1,500 loaded rounds).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import pytest

from tests.support.soak import soak_or

ROUNDS = soak_or(60, 300)
BUDGET = soak_or(15, 75) * 1.0  # seconds: whichever of ROUNDS or BUDGET comes first
WORKERS = 2


def worker(index: int, path: str, barrier: Barrier, rounds: Any, results: Any) -> None:
    from rules.model.commands import Luck
    from rules.party.between import care
    from rules.saves.party_store import PartyFileConflict, SaveError, load_party, save_party

    while True:
        round_no = rounds.get()
        if round_no is None:
            return
        started = time.monotonic()
        try:
            party, _ = load_party(Path(path))
            changed = care(party, Luck(target="c1", amount=index + 1))
            barrier.wait(timeout=30)
            started = time.monotonic()  # the save's own time, from the barrier
            save_party(changed, Path(path), expected=party.revision)
        except PartyFileConflict:
            outcome = "conflict"
        except SaveError as error:
            outcome = f"error after {time.monotonic() - started:.2f} s: {error}"
        except Exception as error:  # a broken barrier, a bug: named, never a silent hang
            outcome = f"raised {type(error).__name__}: {error}"
        else:
            outcome = "saved"
        results.put((round_no, index, outcome))


@pytest.mark.skipif(os.name != "posix", reason="the lock is fcntl.flock")
def test_two_processes_writing_back_at_once_never_lose_one_silently(tmp_path: Path) -> None:
    from rules.saves.party_store import load_party, save_party
    from tests.support.party_steps import company

    path = tmp_path / "company.json"
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
    problems: list[str] = []
    done = 0
    try:
        started = time.monotonic()
        while done < ROUNDS and time.monotonic() - started < BUDGET:
            path.unlink(missing_ok=True)
            save_party(company(), path, None)  # a fresh revision-1 party both open
            for queue in queues:
                queue.put(done)
            outcomes: dict[int, str] = {}
            for _ in range(WORKERS):
                round_no, index, outcome = results.get(timeout=60)
                assert round_no == done
                outcomes[index] = outcome
            luck = load_party(path)[0].get("c1").luck
            winners = [i for i, o in outcomes.items() if o == "saved"]
            if sorted(outcomes.values()) != ["conflict", "saved"]:
                problems.append(f"round {done}: {outcomes}, luck on disk {luck}")
            elif luck != winners[0] + 1:
                problems.append(f"round {done}: {winners[0]} saved but the disk has luck {luck}")
            done += 1
    finally:
        for queue in queues:
            queue.put(None)
        for process in workers:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()
    assert done >= 10, f"only {done} rounds ran"
    assert problems == [], f"{len(problems)} of {done} rounds lost a write: {problems[:5]}"
    assert not any(name.endswith(".tmp") for name in os.listdir(tmp_path))

"""Crash safety of party files: a saving process killed at random moments leaves the
party file old or new, complete (as tests/saves/test_save_crash.py for encounters).

A child alternately saves two revisions of one party to one file (each save built
on the revision the file holds, as a write-back is) and is SIGKILLed at random.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.mechanics.dice import SeededDice
from rules.saves.party_store import load_party, save_party
from rules.saves.reading import backup_path
from tests.support.party_files import two_parties
from tests.support.soak import soak_or

REPO = Path(__file__).resolve().parents[2]
RUNS = soak_or(16, 40)  # kills: 40 in a soak

CHILD = """
import sys
from pathlib import Path
from rules.saves.party_store import load_party, save_party

source, target = Path(sys.argv[1]), Path(sys.argv[2])
states = [load_party(source / "a.json")[0], load_party(source / "b.json")[0]]
save_party(states[0], target, None)
print("ready", flush=True)
n = 1
while True:
    there = load_party(target)[0].revision
    save_party(states[n % 2], target, there)
    n += 1
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_a_party_save_killed_at_random_moments_is_always_old_or_new(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    a, b = two_parties(source)
    states = {a.model_dump_json(): "A", b.model_dump_json(): "B"}
    seen = {"A": 0, "B": 0}
    delays = SeededDice(17).roll(200, RUNS, "kill delay")
    for run in range(RUNS):
        lane = tmp_path / f"run{run}"
        lane.mkdir()
        target = lane / "party.json"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(source), str(target)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(delays[run] / 1000)
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
        child.stdout.close()
        seen[states[load_party(target)[0].model_dump_json()]] += 1  # loads, and is A or B
        if backup_path(target).exists():
            assert load_party(backup_path(target))[0].model_dump_json() in states
        leftover = [p.name for p in lane.iterdir() if p.name.endswith(".tmp")]
        assert len(leftover) <= 2 and all(n.startswith(".party.json.") for n in leftover)
        party = load_party(target)[0]
        save_party(party, target, party.revision)  # the next save sweeps what the kill left
        assert [p.name for p in lane.iterdir() if p.name.endswith(".tmp")] == []
    assert sum(seen.values()) == RUNS
    assert seen["A"] and seen["B"], seen

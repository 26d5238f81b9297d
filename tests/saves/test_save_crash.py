"""Crash safety: a saving process killed at random moments never leaves a broken save.

A child process saves two distinct sessions to the same file in a tight loop
and is SIGKILLed at a random moment, 16 times in `make test` and 40 in
`make soak`: after 1-3 saves it reports, at a random fraction of the time its last
save took (so a kill lands in every phase of a save however slow the machine is:
fixed delays of 0.5-150 ms missed every save on a loaded machine, all 16 kills
then finding the first state). After every kill the file on disk loads and is exactly one of the
two states (never half of one), the backup loads too, and at most the one save
that was under way has left temp files, which the next successful save removes.
(SIGKILL tests the process dying; the fsyncs are what carry the same promise
through a power cut, which a test cannot pull.)
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import Advance, TakeOpportunity
from rules.model.event import Event
from rules.model.state import Encounter
from rules.saves.folder import list_saves
from rules.saves.store import backup_path, load_session, save_session
from tests.support.saved_fights import fought_session
from tests.support.soak import soak_or

REPO = Path(__file__).resolve().parents[2]
LANES = 4  # children killed side by side, each in its own folder
# Kills (a multiple of LANES): 16 leave both states seen but once in 2^15 runs.
RUNS = soak_or(16, 40)

CHILD = """
import sys
from pathlib import Path
from rules.saves import store
from rules.saves.store import load_session, save_session

source, target = Path(sys.argv[1]), Path(sys.argv[2])
states = [load_session(source / "a.json"), load_session(source / "b.json")]
save_session(states[0], target)
print("ready", flush=True)
sys.stdin.readline()  # "go": every child of the wave starts saving at once
n = 1
while True:
    store._SEEN.clear()  # two writers on one file on purpose: else the second is refused
    save_session(states[n % 2], target)
    print("saved", flush=True)  # the parent times its kill by these
    n += 1
"""


def padded() -> Encounter:
    """A start with a long log, so a save is a few hundred KiB and kills often land mid-write."""
    log = [
        Event(
            seq=k + 1,
            time=None,
            kind="note",
            text=f"Earlier: 3d10 4 8 2 vs Dex 7 → 4 VP ({k})",
            faces=[4, 8, 2],
        )
        for k in range(1500)
    ]
    return Encounter(name="Ambush at Leagueheim", day=2, log=log)


def two_states(folder: Path) -> dict[str, Any]:
    """Sessions A and B (B is A one opportunity later), saved as a.json and b.json."""
    a, _ = fought_session(padded())
    b, _ = fought_session(padded())
    b.do(Advance(), ScriptedDice())
    for cid in list(b.encounter.due):
        b.do(TakeOpportunity(actor=cid, actions=["Slash"]), ScriptedDice())
    save_session(a, folder / "a.json")
    save_session(b, folder / "b.json")
    return {n: (s.encounter.model_dump(mode="json"), len(s.done)) for n, s in (("A", a), ("B", b))}


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def which(path: Path, states: dict[str, Any]) -> str:
    """Load the file (it must load) and name the state it holds, history included."""
    session = load_session(path)
    dumped = session.encounter.model_dump(mode="json")
    for name, state in states.items():
        if (dumped, len(session.done)) == state:
            return name
    raise AssertionError(f"{path.name} holds neither state")


def start_child(source: Path, target: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(source), str(target)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def wait_ready(child: subprocess.Popen[str]) -> None:
    assert child.stdout is not None
    ready, _, _ = select.select([child.stdout], [], [], 60)
    if not ready:
        child.kill()
        pytest.fail("the saving child never became ready")
    assert child.stdout.readline().strip() == "ready"


def kill_during_a_save(child: subprocess.Popen[str], saves: int, fraction: float) -> None:
    """SIGKILL `child` `fraction` of the way into the save after its `saves`-th (timed as
    the one before it took)."""
    assert child.stdout is not None
    last = time.monotonic()
    took = 0.0
    for _ in range(saves):
        if not child.stdout.readline():
            break  # it died on its own: the checks after say how
        now = time.monotonic()
        took, last = now - last, now
    time.sleep(took * fraction)
    os.kill(child.pid, signal.SIGKILL)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL and select on pipes are POSIX")
def test_a_save_killed_at_random_moments_is_always_old_or_new(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    states = two_states(source)
    assert states["A"] != states["B"]
    lanes = [tmp_path / f"lane{n}" for n in range(LANES)]
    for lane in lanes:
        lane.mkdir()
    seen: dict[str, int] = {"A": 0, "B": 0}
    mid_save = 0
    for wave in range(RUNS // LANES):
        children = [start_child(source, lane / "fight.json") for lane in lanes]
        for child in children:
            wait_ready(child)
        for child in children:
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        dice = SeededDice(wave)
        saves = dice.roll(3, LANES, "saves before the kill")
        fractions = dice.roll(100, LANES, "how far into the next save")
        killers = [
            threading.Thread(target=kill_during_a_save, args=(child, n, f / 100))
            for child, n, f in zip(children, saves, fractions, strict=True)
        ]
        for killer in killers:
            killer.start()
        for killer in killers:
            killer.join(timeout=60)
        for child in children:
            assert child.wait(timeout=30) == -signal.SIGKILL
            assert child.stdout is not None and child.stdin is not None
            child.stdout.close()
            child.stdin.close()
        for lane in lanes:
            target = lane / "fight.json"
            seen[which(target, states)] += 1
            if backup_path(target).exists():
                which(backup_path(target), states)
            leftover = temp_files(lane)
            mid_save += bool(leftover)
            # only the save under way can have left anything: its file and its backup link
            assert len(leftover) <= 2, leftover
            assert all(name.startswith(".fight.json.") for name in leftover)
            assert [i.path.name for i in list_saves(lane)] == ["fight.json"]
    assert seen["A"] + seen["B"] == RUNS
    assert seen["A"] and seen["B"], seen
    print(f"kills: {seen}, {mid_save} of {RUNS} landed while a save was under way")
    for lane in lanes:  # the next successful save clears what the crashes left
        save_session(load_session(lane / "fight.json"), lane / "fight.json")
        assert temp_files(lane) == []


def test_the_child_states_differ_and_their_histories_replay(tmp_path: Path) -> None:
    states = two_states(tmp_path)
    a, b = load_session(tmp_path / "a.json"), load_session(tmp_path / "b.json")
    assert len(b.done) > len(a.done)
    assert states["A"][0]["time"] < states["B"][0]["time"]
    assert (tmp_path / "a.json").stat().st_size > 300_000
    for session in (a, b):
        session.rebuild_journals()  # raises if the saved history does not replay
        assert (session.encounter.model_dump(mode="json"), len(session.done)) in states.values()

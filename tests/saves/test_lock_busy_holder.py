"""A waiter never gives up on a save that is slow but at work (issue 23, item 4c).

Under load 1 round of 120 of the two-writer party race ended in neither "saved" nor
"conflict": the waiter's LOCK_TIMEOUT ran out while the other copy still held the
lock, and it was told "not finished, nothing written" for a save that was merely
slow (the holder's fsync or its CPU share stalled by the load). Here the holder
works longer than a shortened LOCK_TIMEOUT, so no load is needed: the waiter waits
for it and then sees its save, as the race expects. A holder asleep is still
refused (test_save_lock.py: a lock held too long).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.model.commands import Luck
from rules.party.between import care
from rules.saves.folder import free_party_path
from rules.saves.party_store import PartyFileConflict, SaveError, load_party, save_party
from tests.support.party_steps import company

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(
    not os.path.exists(f"/proc/{os.getpid()}/stat"), reason="the holder's state is read in /proc"
)

# Another copy's save: it takes the lock as a save does, then works (CPU) for a while.
BUSY = """
import sys, time
from pathlib import Path
from rules.saves.lock import locked
path, seconds = Path(sys.argv[1]), float(sys.argv[2])
with locked(path, path):
    print("locked", flush=True)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass
    if sys.argv[3] == "write":
        from rules.model.commands import Luck
        from rules.party.between import care
        from rules.saves import atomic
        from rules.saves.party_store import _serialize, load_party
        party, _ = load_party(path)
        atomic.write(path, _serialize(care(party, Luck(target="c1", amount=5)), path), None, {})
"""


def busy_holder(path: Path, seconds: float, then: str) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", BUSY, str(path), str(seconds), then],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "locked"
    return child


@pytest.fixture
def party_path(tmp_path: Path) -> Path:
    path = free_party_path(tmp_path, "Company")
    save_party(company(), path, None)
    return path


def test_a_waiter_sees_a_slow_holders_save_as_a_conflict_not_a_timeout(
    party_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("rules.saves.lock.LOCK_TIMEOUT", 0.2)
    party, _ = load_party(party_path)
    mine = care(party, Luck(target="c1", amount=1))
    child = busy_holder(party_path, 1.0, "write")
    try:
        started = time.monotonic()
        with pytest.raises(PartyFileConflict):  # the race's loser: told, its change kept
            save_party(mine, party_path, expected=party.revision)
        assert time.monotonic() - started > 0.5  # it waited past LOCK_TIMEOUT
    finally:
        assert child.wait(timeout=60) == 0
    assert load_party(party_path)[0].get("c1").luck == 5  # the holder's save, untouched


def test_a_waiter_saves_once_a_slow_holder_lets_go(
    party_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("rules.saves.lock.LOCK_TIMEOUT", 0.2)
    party, _ = load_party(party_path)
    child = busy_holder(party_path, 1.0, "-")
    try:
        save_party(care(party, Luck(target="c1", amount=1)), party_path, expected=party.revision)
    finally:
        assert child.wait(timeout=60) == 0
    assert load_party(party_path)[0].get("c1").luck == 1


def test_a_holder_that_stopped_is_still_refused_in_time(
    party_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGSTOP: alive, holding the lock, and not at work: a stuck copy."""
    import signal

    monkeypatch.setattr("rules.saves.lock.LOCK_TIMEOUT", 0.2)
    party, _ = load_party(party_path)
    child = busy_holder(party_path, 30.0, "-")
    os.kill(child.pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        with pytest.raises(SaveError, match="has not finished"):
            save_party(care(party, Luck(target="c1", amount=1)), party_path, expected=1)
        assert time.monotonic() - started < 10
    finally:
        child.kill()
        child.wait(timeout=30)
    assert load_party(party_path)[0].revision == 1

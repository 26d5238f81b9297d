"""The lock beside a save, and temp files: nothing another process is writing is touched.

Check and replace happen under an OS lock on NAME.json.lock, so a copy that
saved while this one waited is seen (and refused) inside the lock. Temp files
carry their writer's pid; the sweep removes this save's own (no one else can
be writing them while this process holds the lock) and another save's only
when provably stale: old and its writer gone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Luck
from rules.saves import store
from rules.saves.folder import list_saves
from rules.saves.store import SaveConflict, SaveError, load_session, save_session
from tracker.files.demo import DEMO_PATH

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.name != "posix", reason="the lock is fcntl.flock")

HOLDER = """
import fcntl, os, sys, time
lock, save, hold = sys.argv[1], sys.argv[2], float(sys.argv[3])
fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(hold * 0.6)
if save != "-":
    with open(save, "r+b") as f:  # another copy's save, in place, while it holds the lock
        text = f.read().replace(b'"The card game"', b'"Their card game"', 1)
        f.seek(0); f.write(text); f.truncate()
time.sleep(hold * 0.4)
"""


def hold_lock(lock: Path, save: Path | None, seconds: float) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(lock), str(save or "-"), str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "locked"
    return child


def test_a_save_made_while_this_one_waited_for_the_lock_is_refused(twin: Path) -> None:
    session = load_session(twin)
    session.do(Luck(target="kans", amount=1), ScriptedDice())
    child = hold_lock(twin.with_name("twin.json.lock"), twin, 1.0)
    try:
        started = time.monotonic()
        with pytest.raises(SaveConflict):
            save_session(session, twin)
        assert time.monotonic() - started > 0.3  # it waited for the other copy's save
    finally:
        child.wait(timeout=30)
    assert "Their card game" in twin.read_text()


def test_a_lock_held_too_long_is_a_clear_refusal(
    twin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("rules.saves.lock.LOCK_TIMEOUT", 0.2)
    session = load_session(twin)
    before = twin.read_bytes()
    child = hold_lock(twin.with_name("twin.json.lock"), None, 2.0)
    try:
        with pytest.raises(SaveError, match="another copy of the tracker is saving"):
            save_session(session, twin)
    finally:
        child.kill()
        child.wait(timeout=30)
    assert twin.read_bytes() == before
    save_session(session, twin)  # the lock is free again: saved


def test_the_lock_file_stays_beside_the_save_and_is_never_listed(twin: Path) -> None:
    session = load_session(twin)
    save_session(session, twin)
    assert twin.with_name("twin.json.lock").is_file()
    save_session(session, twin)  # an existing lock file is reused
    assert [info.path.name for info in list_saves(twin.parent)] == ["twin.json"]


def test_temp_files_name_their_writer_and_only_stale_ones_are_swept(twin: Path) -> None:
    folder = twin.parent
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        names = {
            "alive": f".other.json.{alive.pid}-abcd1234.tmp",  # another save being written
            "gone": f".other.json.{gone.pid}-abcd1234.tmp",  # its writer died
            "fresh": f".other.json.{gone.pid}-efgh5678.tmp",  # writer gone, but just now
            "mine": f".twin.json.{alive.pid}-abcd1234.tmp",  # this save's: we hold its lock
        }
        for kind, name in names.items():
            (folder / name).write_text("half a save")
            if kind != "fresh":
                os.utime(folder / name, (0, 0))
        session = load_session(twin)
        seen: list[str] = []
        real_write = store._write

        def spy(target: Path, *args: object) -> None:
            seen.extend(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))
            real_write(target, *args)  # type: ignore[arg-type]

        store._write = spy  # type: ignore[assignment]
        try:
            save_session(session, twin)
        finally:
            store._write = real_write  # type: ignore[assignment]
        left = sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))
        assert left == sorted([names["alive"], names["fresh"]])
        assert names["mine"] in seen  # present until this save, holding the lock, swept it
    finally:
        alive.kill()
        alive.wait()


def test_a_temp_file_carries_this_process_id(twin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real_replace = os.replace

    def spy(source: str, target: object) -> None:
        made.append(os.path.basename(source))
        real_replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(store.os, "replace", spy)
    save_session(load_session(twin), twin)
    assert made and all(f".{os.getpid()}-" in name for name in made), made


def test_a_longer_saves_temp_sharing_the_cut_off_prefix_is_left_alone(tmp_path: Path) -> None:
    """Temp names keep 40 characters of the save's name: a 40-character save cannot tell
    its own temp files from a longer save's, so it leaves those to the stale rule."""
    name = "a" * 35 + ".json"
    assert len(name) == 40
    path = tmp_path / name
    shutil.copyfile(DEMO_PATH, path)
    longer = f".{name}.{os.getpid()}-abcd1234.tmp"  # aaa….json-2.json being written now
    (tmp_path / longer).write_text("half of another save")
    save_session(load_session(path), path)
    assert (tmp_path / longer).exists()

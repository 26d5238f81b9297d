"""Crash-proof, versioned saves: one human-readable JSON file per encounter.

A save holds the encounter and its undo history (the base encounter and the
done/undone commands with the faces their dice showed), so a loaded session
undoes, redoes and replays exactly. The file's shape is `SaveFile`
(`rules.save_file`); its JSON Schema is `export_schema()`. Reading and its
errors are in `rules.save_reading`, re-exported here: this is the public API.

Writing is atomic: the new file is written and fsynced beside the old one,
the old one is kept as `NAME.json.bak`, and a rename puts the new one in
place, so after a crash (or a SIGKILL) the save on disk is always either the
old or the new one, complete. A file that is not a tracker save is never
overwritten. Loading never writes and raises only `SaveError`, whose message
names the file and says what is wrong in words a GM can act on (and names an
intact `.bak` beside a broken save, so the GM knows the fight is not lost).

Two copies of the app (or an editor, or a sync tool) on one file must never
overwrite each other: each session remembers the file as it last read or
wrote it, and a save finding it changed since refuses with `SaveConflict`
and keeps refusing, so both versions survive until the GM saves elsewhere.

Stale `.NAME.json.*.tmp` files left by a crash are ignored by the saves
browser (`rules.save_folder`) and removed by the next successful save in
their folder (those of the same save at once, others once a minute old).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
import threading
import time
import weakref
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic_core import PydanticSerializationError

from rules.save_cache import session_json
from rules.save_file import _HEAD, FORMAT, _HeadOut
from rules.save_file import History as History  # re-exported: the public API stays here
from rules.save_file import SavedStep as SavedStep
from rules.save_file import SaveFile as SaveFile
from rules.save_file import export_schema as export_schema
from rules.save_reading import _CONTENT, _decode, _read
from rules.save_reading import MAX_BYTES as MAX_BYTES
from rules.save_reading import SaveError as SaveError
from rules.save_reading import _os_problem as _os_problem
from rules.save_reading import _stamp as _stamp
from rules.save_reading import backup_path as backup_path
from rules.save_reading import intact_backup as intact_backup
from rules.save_reading import read_save as read_save
from rules.state import SCHEMA_VERSION

if TYPE_CHECKING:  # the engine loads only when a session is built, not to list saves
    from rules.session import Session


SAVES_ENV = "TRACKER_SAVES"
INDENT = 1  # human-readable; bench/bench_saves.py measures what it costs
STALE_AFTER = 60.0  # seconds before another save's leftover temp file counts as stale
_TMP_NAME = re.compile(r"^\.(?P<name>.*)\.[a-z0-9_]{8}(?:\.link)?\.tmp$")


class SaveConflict(SaveError):
    """The file changed on disk since this session last read or wrote it: not overwritten.

    Another copy of the tracker (or an editor, a sync tool) wrote it; saving
    over it would silently drop that version. The refusal repeats on every
    save to that file until the session is saved under another name.
    """


# --- loading -------------------------------------------------------------------------
def load_session(path: Path) -> Session:
    """Read a save, upgrade it if old, validate it; any problem is a SaveError.

    A broken save whose `.bak` is intact says so: the GM can open a copy of it.
    """
    path = Path(path)
    try:
        save, stamp = read_save(path)
    except SaveError as error:
        backup = intact_backup(path) if os.path.isfile(path) else None  # listed with a broken file
        if backup is None:
            raise
        problem = (
            f"{error.problem}. An intact backup from {_clock(backup[1])} is at {backup[0].name}:"
            " its ↺ row in the saves browser opens a copy (this file and the backup stay as"
            " they are)"
        )
        raise SaveError(error.path, problem, error.action) from None
    history = save.history
    from rules.session import Session, Step

    session = Session(
        encounter=save.encounter,
        base=history.base,
        done=[Step(step.command, list(step.faces), None) for step in history.done],
        undone=[Step(step.command, list(step.faces), None) for step in history.undone],
        dice=save.dice,
    )
    _seen(session)[os.path.realpath(path)] = stamp
    return session


def _clock(when: datetime) -> str:
    """`14:05` today, `2026-11-28 14:05` another day (local time: what the GM's clock said)."""
    local = when.astimezone()
    if local.date() == datetime.now().astimezone().date():
        return local.strftime("%H:%M")
    return local.strftime("%Y-%m-%d %H:%M")


# --- saving --------------------------------------------------------------------------
_LOCK = threading.Lock()  # one save at a time in a process (the sweep relies on it)
# id(session) -> {real path: stat of that file as this session last read or wrote it}.
# Per session, not per process: two sessions on one file conflict like two apps do.
_SEEN: dict[int, dict[str, tuple[int, ...]]] = {}


def _seen(session: Session) -> dict[str, tuple[int, ...]]:
    """This session's files as it last saw them (dropped when the session is collected)."""
    key = id(session)
    files = _SEEN.get(key)
    if files is None:
        files = _SEEN[key] = {}
        weakref.finalize(session, _SEEN.pop, key, None)
    return files


def save_session(session: Session, path: Path) -> None:
    """Write the session atomically, keeping the previous version as NAME.json.bak.

    Refuses (SaveConflict) a file this session read or wrote that has changed
    on disk since: another copy's work is never overwritten.
    """
    path = Path(path)
    target = Path(os.path.realpath(path))
    data = _serialize(session, path)
    seen = _seen(session)
    with _LOCK:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            existing = _existing(path, target, seen.get(str(target)))
            _write(target, data, existing, seen)
        except OSError as error:
            raise SaveError(path, _os_problem(error), action="save") from None
        _sweep(target)


def _serialize(session: Session, path: Path) -> bytes:
    if session.base is None:
        raise ValueError("session.base must be the encounter before the first done step")
    head: _HeadOut = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "saved_at": datetime.now(UTC),
        "dice": session.dice,
    }
    try:
        return session_json(session, _HEAD.dump_json(head, indent=INDENT), INDENT)
    except (PydanticSerializationError, ValueError, TypeError) as error:
        problem = f"the encounter cannot be written as JSON ({error})"
        raise SaveError(path, problem, action="save") from None


def _existing(path: Path, target: Path, seen: tuple[int, ...] | None) -> os.stat_result | None:
    """The file about to be replaced, if any. Refuses one that is not a tracker save,
    and one whose contents changed since this session last read or wrote it (`seen`)."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return None  # nothing there (or removed since): writing it loses nothing
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(path, "something that is not a save file is in the way", action="save")
    stamp = _stamp(info)
    if seen == stamp:
        return info  # this session wrote or read this very file: no need to parse it again
    try:
        _decode(target, _read(target)[0])
    except SaveError as error:
        problem = f"the file there was left untouched: {error.problem}; save under another name"
        raise SaveError(path, problem, action="save") from None
    if seen is not None and seen[:_CONTENT] != stamp[:_CONTENT]:  # a chmod alone is no change
        problem = (
            "the file was changed by another copy of the tracker or another program"
            " since this fight was opened or saved here, so it was left untouched:"
            " save this fight under another name, or reopen the file to carry on from"
            " its version"
        )
        raise SaveConflict(path, problem, action="save")
    return info


def _write(
    target: Path, data: bytes, existing: os.stat_result | None, seen: dict[str, tuple[int, ...]]
) -> None:
    """Temp file + fsync, hard-link the old file onto the .bak, rename, fsync the folder.

    `seen` learns the new file the moment it is in place (even if the folder's
    fsync then fails), so this session's own write never looks like another's.
    """
    folder = target.parent
    prefix = f".{target.name[:40]}."
    tmp = tempfile.NamedTemporaryFile(dir=folder, prefix=prefix, suffix=".tmp", delete=False)
    link = tmp.name[: -len(".tmp")] + ".link.tmp"
    placed = False
    try:
        with tmp:
            if hasattr(os, "fchmod"):  # the temp file is 0600: give it the old file's mode
                os.fchmod(tmp.fileno(), stat.S_IMODE(existing.st_mode) if existing else 0o644)
            tmp.write(data)
            tmp.write(b"\n")
            tmp.flush()
            os.fsync(tmp.fileno())
        if existing is not None:
            _keep_backup(target, link)
        os.replace(tmp.name, target)
        placed = True
        seen[str(target)] = _stamp(os.stat(target))
        _fsync_folder(folder)
    finally:
        leftovers = (link,) if placed else (tmp.name, link)
        for leftover in leftovers:
            try:
                os.unlink(leftover)
            except FileNotFoundError:
                pass


def _keep_backup(target: Path, link: str) -> None:
    """The current file becomes NAME.json.bak, while NAME.json itself stays in place."""
    try:
        os.link(target, link)
    except OSError:  # no hard links here (FAT, some network folders): copy instead
        shutil.copyfile(target, link)
    os.replace(link, backup_path(target))


def _fsync_folder(folder: Path) -> None:
    """Make the renames durable (POSIX); Windows has no directory fsync."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sweep(target: Path) -> None:
    """Remove temp files a crash left behind: this save's at once, others when stale."""
    mine = target.name[:40]
    now = time.time()
    try:
        with os.scandir(target.parent) as entries:
            for entry in entries:
                match = _TMP_NAME.match(entry.name)
                if match is None:
                    continue
                try:
                    if match["name"] == mine or now - entry.stat().st_mtime > STALE_AFTER:
                        os.unlink(entry.path)
                except OSError:
                    pass
    except OSError:
        pass

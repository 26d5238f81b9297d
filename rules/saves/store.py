"""Crash-proof, versioned saves: one human-readable JSON file per encounter.

A save holds the encounter and its undo history (the base encounter and the
done/undone commands with the faces their dice showed), so a loaded session
undoes, redoes and replays exactly. The file's shape is `SaveFile`
(`rules.saves.shape`); its JSON Schema is `export_schema()`. Reading and its
errors are in `rules.saves.reading`, re-exported here: this is the public API.

Writing is atomic: the new file is written and fsynced beside the old one,
the old one is kept as `NAME.json.bak`, and a rename puts the new one in
place, so after a crash (or a SIGKILL) the save on disk is always either the
old or the new one, complete. A file that does not load whole (no tracker save,
or a damaged one) is never overwritten, so its `.bak` is never rotated away; only
the file this session last read or wrote (same stat) skips that check. Loading
never writes and raises only `SaveError`, whose message names the file and says
what is wrong in words a GM can act on (and names an intact `.bak` beside a broken
save, so the GM knows the fight is not lost).

Two copies of the app (or an editor, or a sync tool) on one file must never
overwrite each other: each session remembers the file as it last read or
wrote it, and a save finding it changed since refuses with `SaveConflict`
and keeps refusing, so both versions survive until the GM saves elsewhere.
The check and the replace run under an OS lock on `NAME.json.lock`
(`rules.saves.lock`), so two copies saving at the same instant cannot both pass.

A save never writes through a symbolic link it did not open: a link put where
the session's file was (dangling or not) is a `SaveConflict`, a link at a new
name is refused. A save the GM opened through a link (say, on the command
line) is resolved once, at open, to the real file, and that file is written
from then on, wherever the link points later.

Stale `.NAME.json.PID-*.tmp` files left by a crash are ignored by the saves
browser (`rules.saves.folder`) and removed by the next successful save in
their folder: the same save's at once (under its lock), others once a minute
old and their writer gone.
"""

from __future__ import annotations

import os
import stat
import threading
import weakref
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic_core import PydanticSerializationError

from rules.model.state import SCHEMA_VERSION
from rules.saves.atomic import STALE_AFTER as STALE_AFTER
from rules.saves.atomic import fits as _fits
from rules.saves.atomic import sweep as _sweep
from rules.saves.atomic import write as _write
from rules.saves.cache import session_json
from rules.saves.lock import locked
from rules.saves.raw import stamp as _stamp
from rules.saves.reading import _CONTENT
from rules.saves.reading import MAX_BYTES as MAX_BYTES
from rules.saves.reading import SaveError as SaveError
from rules.saves.reading import _os_problem as _os_problem
from rules.saves.reading import backup_path as backup_path
from rules.saves.reading import intact_backup as intact_backup
from rules.saves.reading import read_save as read_save
from rules.saves.shape import _HEAD, FORMAT, _HeadOut
from rules.saves.shape import History as History  # re-exported: the public API stays here
from rules.saves.shape import SavedStep as SavedStep
from rules.saves.shape import SaveFile as SaveFile
from rules.saves.shape import export_schema as export_schema

if TYPE_CHECKING:  # the engine loads only when a session is built, not to list saves
    from rules.engine.session import Session


INDENT = 1  # human-readable; bench/bench_saves.py measures what it costs


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
    from rules.engine.session import Session, Step

    session = Session(
        encounter=save.encounter,
        base=history.base,
        done=[Step(step.command, list(step.faces), None) for step in history.done],
        undone=[Step(step.command, list(step.faces), None) for step in history.undone],
        dice=save.dice,
    )
    _remember_open(session, path, stamp)
    return session


def _clock(when: datetime) -> str:
    """`14:05` today, `2026-11-28 14:05` another day (local time: what the GM's clock said)."""
    local = when.astimezone()
    if local.date() == datetime.now().astimezone().date():
        return local.strftime("%H:%M")
    return local.strftime("%Y-%m-%d %H:%M")


# --- saving --------------------------------------------------------------------------
_LOCK = threading.Lock()  # one save at a time in a process (the file lock is per process)


@dataclass
class _Memory:
    """What one session knows of its files. Per session, not per process: two sessions
    on one file conflict like two apps do."""

    files: dict[str, tuple[int, ...]] = field(default_factory=dict)  # real path -> stamp
    opened: dict[str, str] = field(default_factory=dict)  # path as named -> real path


_SEEN: dict[int, _Memory] = {}  # id(session) -> its memory


def _seen(session: Session) -> _Memory:
    """This session's files as it last saw them (dropped when the session is collected)."""
    key = id(session)
    memory = _SEEN.get(key)
    if memory is None:
        memory = _SEEN[key] = _Memory()
        weakref.finalize(session, _SEEN.pop, key, None)
    return memory


def _remember_open(session: Session, path: Path, stamp: tuple[int, ...]) -> None:
    """A save opened through a link is resolved here, once: the session writes that file."""
    memory = _seen(session)
    real = os.path.realpath(path)
    memory.files[real] = stamp
    memory.opened[os.path.abspath(path)] = real


def _target(path: Path, memory: _Memory) -> Path:
    """The real file a save of `path` writes: the one the session opened under that name,
    else `path` itself in its (resolved) folder; a link there is never followed."""
    opened = memory.opened.get(os.path.abspath(path))
    if opened is not None:
        return Path(opened)
    return Path(os.path.realpath(path.parent)) / path.name


def save_session(session: Session, path: Path) -> None:
    """Write the session atomically, keeping the previous version as NAME.json.bak.

    Refuses (SaveConflict) a file this session read or wrote that has changed
    on disk since, or that became a symbolic link: another copy's work is never
    overwritten. The check and the replace run under the save's lock
    (`rules.saves.lock`), so a copy saving at the same instant is seen too.
    """
    prepare_save(session, path).commit()


def prepare_save(session: Session, path: Path) -> PreparedSave:
    """The bytes `save_session` writes, made now (a SaveError if none can be); the
    writing is `commit`, which another thread may run (the app's autosave does)."""
    path = Path(path)
    memory = _seen(session)
    return PreparedSave(path, _target(path, memory), _serialize(session, path), memory)


@dataclass(frozen=True)
class PreparedSave:
    """A session's save, serialized, not yet written: nothing in it reads the session,
    so the session may change while it is written. Commit them in the order made."""

    path: Path  # the name the GM knows
    target: Path  # the real file written
    data: bytes
    memory: _Memory

    def commit(self) -> None:
        """Write it: the checks and the replace under the save's lock (see save_session)."""
        path, target, memory = self.path, self.target, self.memory
        with _LOCK:
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                with locked(path, target):
                    existing = _existing(path, target, memory.files.get(str(target)))
                    _write(target, self.data, existing, memory.files)
                    memory.opened[os.path.abspath(path)] = str(target)
                    _sweep(target)
            except OSError as error:
                raise SaveError(path, _os_problem(error), action="save") from None


def session_bytes(session: Session, path: Path) -> bytes:
    """The bytes `save_session` would write for `session` at `path` (a SaveError if none
    can be): the saves browser writes a renamed fight to a new name with them."""
    return _serialize(session, path)


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
        data = session_json(session, _HEAD.dump_json(head, indent=INDENT), INDENT)
    except (PydanticSerializationError, ValueError, TypeError) as error:
        problem = f"the encounter cannot be written as JSON ({error})"
        raise SaveError(path, problem, action="save") from None
    return _fits(path, data, _TOO_BIG)


_TOO_BIG = (
    "undo (u) what made the fight grow so, or end this fight and go on in a new"
    " encounter (its log starts empty)"
)


_CHANGED = (
    "the file was changed by another copy of the tracker or another program"
    " since this fight was opened or saved here, so it was left untouched:"
    " save this fight under another name, or reopen the file to carry on from"
    " its version"
)
_LINKED = (
    "the file was replaced by a symbolic link since this fight was opened or saved"
    " here, so nothing was written through it: save this fight under another name,"
    " or reopen the file to carry on from its version"
)
_NEW_LINK = (
    "it is a symbolic link, and the tracker writes only the file it opened, never"
    " through a link: save this fight under another name"
)


def _existing(path: Path, target: Path, seen: tuple[int, ...] | None) -> os.stat_result | None:
    """The file about to be replaced, if any (called under the lock). Refuses a symbolic
    link, one that does not load whole, and one whose contents or identity changed
    since this session last read or wrote it (`seen`).

    Validated as loading does unless it is the very file this session last saw: a
    damaged save replaced would rotate onto NAME.json.bak, over the intact backup
    that `load_session`'s refusal had just named.
    """
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return None  # nothing there (or removed since): writing it loses nothing
    if stat.S_ISLNK(info.st_mode):  # dangling or not: never followed
        if seen is not None:
            raise SaveConflict(path, _LINKED, action="save")
        raise SaveError(path, _NEW_LINK, action="save")
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(path, "something that is not a save file is in the way", action="save")
    stamp = _stamp(info)
    if seen == stamp:
        return info  # this session wrote or read this very file: no need to parse it again
    try:
        read_save(target)
    except SaveError as error:
        problem = f"the file there was left untouched: {error.problem}; save under another name"
        raise SaveError(path, problem, action="save") from None
    if seen is not None and seen[:_CONTENT] != stamp[:_CONTENT]:  # a chmod alone is no change
        raise SaveConflict(path, _CHANGED, action="save")
    return info

"""Deleting a save from the saves browser: it goes to `SAVES/.trash/`, and comes back.

Nothing is ever deleted for good here: a deleted save (and its `.bak`) moves
into the trash folder inside the saves folder, named `STAMP-NAME.json` (STAMP:
when, in nanoseconds), so the newest is known and its name kept. Restoring puts
it back at its old name, or at `NAME-restored.json` (`-restored-2`…) when that
name is taken meanwhile: a restored file never overwrites one. The folder's
listing (`scan_saves`) lists only files, never a dot-name, so the trash is never
shown as saves; the GM empties it by hand if ever. A save another copy of the
tracker is saving this instant, or the one this app has open, is refused.
"""

from __future__ import annotations

import os
import re
import stat
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rules.saves.guard import check_ours
from rules.saves.lock import locked_now
from rules.saves.names import free_name, is_free
from rules.saves.placing import Taken, move
from rules.saves.raw import SaveError, _os_problem
from rules.saves.reading import backup_path

TRASH = ".trash"
_TRASHED = re.compile(r"^(?P<stamp>\d{1,20})-(?P<name>(?!\.)[^/\\]+\.json)$")


@dataclass(frozen=True)
class Trashed:
    """A save in the trash: where it is, the name it had, and when it was deleted."""

    path: Path
    name: str
    when: datetime


def trash_folder(folder: Path) -> Path:
    return Path(folder) / TRASH


def trash_save(folder: Path, path: Path, *, open_file: Path | None = None) -> Trashed:
    """Move the save and its `.bak` to the trash; a SaveError (nothing moved) if it is
    not a save of `folder`, is `open_file`, or is being saved right now."""
    folder, path = Path(folder), Path(path)
    try:
        with locked_now(path, "delete"):
            check_ours(folder, path, "delete", open_file)
            bin_ = _bin(folder, path)
            stamp = time.time_ns()
            while True:
                dest = bin_ / f"{stamp}-{path.name}"
                try:
                    move(path, dest)
                    break
                except Taken:
                    stamp += 1  # two deletes in one tick (or a clock gone back)
            backup = backup_path(path)
            if os.path.isfile(backup) and not os.path.islink(backup):
                try:
                    move(backup, backup_path(dest))
                except Taken:
                    pass  # left beside where the save was: still the GM's, never lost
    except OSError as error:
        raise SaveError(path, _os_problem(error), action="delete") from None
    return Trashed(dest, path.name, _when(stamp))


def trashed(folder: Path) -> list[Trashed]:
    """The saves in the trash, the last deleted first (none when there is no trash)."""
    try:
        entries = list(os.scandir(trash_folder(folder)))
    except OSError:
        return []
    found: list[Trashed] = []
    for entry in entries:
        match = _TRASHED.match(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        found.append(Trashed(Path(entry.path), match["name"], _when(int(match["stamp"]))))
    found.sort(key=lambda t: (t.when, t.path.name), reverse=True)
    return found


def restore(folder: Path, item: Trashed) -> Path:
    """Put a trashed save (and its `.bak`) back in `folder`; returns where it now is."""
    folder = Path(folder)
    try:
        info = os.lstat(item.path)
    except OSError:
        problem = "it is no longer in the trash (restored or removed meanwhile)"
        raise SaveError(item.path, problem, action="restore") from None
    if not stat.S_ISREG(info.st_mode):
        problem = "it is a symbolic link or not a file, so it was left in the trash"
        raise SaveError(item.path, problem, action="restore")
    stem = item.name.removesuffix(".json")
    try:
        while True:
            target = folder / item.name
            if not is_free(target):
                target = free_name(folder, stem, "restored")
            try:
                move(item.path, target)
                break
            except Taken:
                continue  # taken meanwhile: the next free name
        backup = backup_path(item.path)
        if os.path.isfile(backup) and not os.path.islink(backup):
            try:
                move(backup, backup_path(target))
            except Taken:
                pass  # stays in the trash beside nothing: never over another save's .bak
    except OSError as error:
        raise SaveError(item.path, _os_problem(error), action="restore") from None
    return target


def restore_last(folder: Path) -> tuple[Trashed, Path] | None:
    """Put back the save deleted last (None: the trash is empty)."""
    items = trashed(folder)
    if not items:
        return None
    return items[0], restore(folder, items[0])


def _bin(folder: Path, path: Path) -> Path:
    """The trash folder, made if need be; a link or a file in its place is refused."""
    bin_ = trash_folder(folder)
    try:
        os.mkdir(bin_, 0o755)
    except FileExistsError:
        pass
    info = os.lstat(bin_)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        problem = (
            f"{bin_} is a symbolic link or a file, not the trash folder, so the save was"
            " left in place: move that away, then delete again"
        )
        raise SaveError(path, problem, action="delete")
    return bin_


def _when(stamp: int) -> datetime:
    return datetime.fromtimestamp(stamp / 1e9, UTC)

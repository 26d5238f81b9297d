"""Which files the saves browser may rename, copy or delete: a save of its own folder.

A symbolic link (acting on it would move the file it points at, anywhere),
anything that is not a regular file, a file outside the saves folder, and a
file that is no tracker save (a save that will not open is still the GM's:
it starts as one, or its `.bak` opens) are refused with a SaveError saying
what and where, and nothing is touched. So is the save this app has open: its
autosave would write it back under the old name at the next command.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from rules.saves.raw import SaveError
from rules.saves.reading import intact_backup, read_save
from rules.saves.shape import FORMAT

_HEAD_BYTES = 256  # a save starts `{ "format": "fading-suns-tracker"`: in its first line
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def check_ours(folder: Path, path: Path, action: str, open_file: Path | None = None) -> None:
    """A SaveError unless `path` is a save file directly in `folder` that this app does
    not have open (`open_file`); `action` is the GM's word for what was refused."""
    path = Path(path)
    if path.parent != Path(folder) and not _same_folder(path.parent, folder):
        problem = f"it is not in the saves folder {folder}, so it was left alone"
        raise SaveError(path, problem, action=action)
    if not path.name.endswith(".json") or path.name.startswith("."):
        raise SaveError(path, "it is not a save file (NAME.json), so it was left alone", action)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        problem = "it is no longer there (moved or deleted meanwhile): r lists the folder again"
        raise SaveError(path, problem, action=action) from None
    except OSError as error:
        raise SaveError(path, f"it cannot be read ({error.strerror or error})", action) from None
    if stat.S_ISLNK(info.st_mode):
        problem = (
            f"it is a symbolic link (to {os.readlink(path)}), so it was left alone: the"
            " tracker renames, copies and deletes only its own save files"
        )
        raise SaveError(path, problem, action=action)
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(path, "it is not a file, so it was left alone", action=action)
    if open_file is not None and _is_open(path, open_file):
        problem = (
            "it is the fight open in this tracker now, so it was left as it is:"
            f" open another save or start a new one, then {action} it"
        )
        raise SaveError(path, problem, action=action)
    _check_a_save(path, action)


def _check_a_save(path: Path, action: str) -> None:
    try:
        read_save(path)
        return
    except SaveError as error:
        why = error.problem
    if _starts_as_a_save(path) or intact_backup(path) is not None:
        return  # one of ours that will not open (cut short by a crash, say): the GM's to tidy
    problem = f"it is not a tracker save ({why}), so it was left alone"
    raise SaveError(path, problem, action=action)


def _starts_as_a_save(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as file:
        head = file.read(_HEAD_BYTES)
    return b'"format"' in head and f'"{FORMAT}"'.encode() in head


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _is_open(path: Path, open_file: Path) -> bool:
    if os.path.abspath(path) == os.path.abspath(open_file):
        return True
    try:
        return os.path.samefile(path, open_file)
    except OSError:
        return False

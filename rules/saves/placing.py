"""Putting a file at a new name in one step, never over a file already there.

A rename, a copy, the trash and a restore all end here. The new name is made
by a hard link (of the file itself, or of a complete, fsynced temp file), which
fails when the name is taken, so no file is ever replaced; only then is the old
name removed. After a crash the save is at its old name, its new one, or both,
always whole: never neither. Where the file system has no hard links (FAT, some
network folders) the copy is written with O_EXCL instead (still never over
another file; a crash mid-copy leaves the original whole). Temp names follow
`rules.saves.atomic`'s, so a crash's leftover is swept by the next save.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from rules.saves.atomic import fsync_folder

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


class Taken(FileExistsError):
    """The new name was taken meanwhile (by another copy, a sync tool): nothing moved."""


def place_bytes(data: bytes, target: Path) -> None:
    """A new file `target` holding exactly `data`, whole or not at all."""
    folder = target.parent
    prefix = f".{target.name[:40]}.{os.getpid()}-"
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            if hasattr(os, "fchmod"):
                os.fchmod(file.fileno(), 0o644)  # a save's mode, not the temp file's 0600
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        _link_or_copy(Path(tmp), target)
    finally:
        Path(tmp).unlink(missing_ok=True)
    fsync_folder(folder)


def place_copy(source: Path, target: Path) -> None:
    """A copy of `source` (never through a link) as the new file `target`."""
    place_bytes(read_nofollow(source), target)


def place_link(source: Path, target: Path) -> None:
    """`source` is also at `target` (a hard link, else a copy); `source` stays."""
    _link_or_copy(source, target)


def move(source: Path, target: Path) -> None:
    """`source` is now at `target` (same folder or a folder beside it); a taken `target`
    is a `Taken` and `source` stays where it was."""
    _link_or_copy(source, target)
    os.unlink(source)
    fsync_folder(target.parent)
    if source.parent != target.parent:
        fsync_folder(source.parent)


def read_nofollow(path: Path) -> bytes:
    """The file's bytes; a symbolic link put there meanwhile is refused (ELOOP)."""
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    with os.fdopen(fd, "rb") as file:
        return file.read()


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        if os.link in os.supports_follow_symlinks:
            os.link(source, target, follow_symlinks=False)
        else:
            os.link(source, target)
        return
    except FileExistsError:
        raise Taken(errno.EEXIST, "the name is taken", str(target)) from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
    _copy_exclusive(source, target)


def _copy_exclusive(source: Path, target: Path) -> None:
    """No hard links here: copy, creating `target` with O_EXCL (never over a file there);
    a copy cut short (a full disk) is removed, as only this call can have made it."""
    data = read_nofollow(source)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o644)
    except FileExistsError:
        raise Taken(errno.EEXIST, "the name is taken", str(target)) from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except OSError:
        target.unlink(missing_ok=True)
        raise

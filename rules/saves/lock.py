"""One save of a file at a time across processes: an OS lock on NAME.json.lock beside it.

Two copies of the tracker autosaving one file at the same instant would both
pass the "changed on disk" check and one copy's command would be gone. Under
this lock a save checks, writes and replaces while no other copy can; the one
that waited then sees the change and is refused (`SaveConflict`).

The lock file is left in place after the save (deleting it while another
copy waits on it would let a third lock a different file); the saves browser
lists only `*.json`, so it is never shown. It is opened without following a
symbolic link. POSIX uses `fcntl.flock`; Windows `msvcrt.locking` on its first
byte; a platform with neither saves unlocked (the in-process lock and the
changed-on-disk check still hold there; only a same-instant race is open).
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rules.saves.reading import SaveError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # a module or None, by platform
try:
    import msvcrt
except ImportError:  # POSIX
    msvcrt = None  # type: ignore[assignment]  # a module or None, by platform

LOCK_TIMEOUT = 10.0  # seconds: a save takes milliseconds; longer means a stuck copy
_POLL = 0.005
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def lock_path(target: Path) -> Path:
    return target.with_name(target.name + ".lock")


@contextmanager
def locked(path: Path, target: Path) -> Iterator[None]:
    """Hold the save's lock (waiting up to LOCK_TIMEOUT); `path` is the name the GM knows."""
    lock = lock_path(target)
    fd = _open(path, lock, _NOT_WRITTEN, "save")
    try:
        _acquire(fd, path)
        try:
            yield
        finally:
            _release(fd)
    finally:
        os.close(fd)


@contextmanager
def locked_now(path: Path, action: str) -> Iterator[None]:
    """Hold the save's lock without waiting, or a SaveError: another copy of the tracker
    is saving it this instant. The saves browser renames and trashes under it."""
    fd = _open(path, lock_path(path), _LEFT_ALONE, action)
    try:
        if not _try_lock(fd):
            problem = (
                "another copy of the tracker is saving it right now, so it was left as it"
                " is: try again in a moment (or close that copy first)"
            )
            raise SaveError(path, problem, action=action)
        try:
            yield
        finally:
            _release(fd)
    finally:
        os.close(fd)


_NOT_WRITTEN = "so the save was not written: remove it, or save this fight under another name"
_LEFT_ALONE = "so the save was left as it is: remove it, then try again"
_NO_FILE = "is a symbolic link or not a file"
_FOLDER = "is a folder, not a lock file"
_DENIED = "cannot be opened (permission denied: another user's file?)"


def _open(path: Path, lock: Path, then: str, action: str) -> int:
    """The lock file, opened without following a link; a SaveError naming the lock file
    when it is the problem (else the OS error, which `_os_problem` says of the save)."""
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _CLOEXEC, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP or os.path.islink(lock):
            raise _not_a_lock(path, lock, _NO_FILE, then, action) from None
        if os.path.isdir(lock):  # EISDIR; Windows says EACCES for a folder
            raise _not_a_lock(path, lock, _FOLDER, then, action) from None
        if error.errno in (errno.EACCES, errno.EPERM) and os.path.lexists(lock):
            raise _not_a_lock(path, lock, _DENIED, then, action) from None
        raise  # say, a read-only folder: then the save itself cannot be written either
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise _not_a_lock(path, lock, _NO_FILE, then, action)
    return fd


def _not_a_lock(path: Path, lock: Path, says: str, then: str, action: str) -> SaveError:
    """Said of the save (the name the GM knows) but naming the lock file as the problem."""
    problem = f"{lock.name} beside it {says}, {then}"
    return SaveError(path, problem, action=action)


def _acquire(fd: int, path: Path) -> None:
    deadline = time.monotonic() + LOCK_TIMEOUT
    while not _try_lock(fd):
        if time.monotonic() > deadline:
            problem = (
                "another copy of the tracker is saving this file and has not finished"
                f" in {LOCK_TIMEOUT:g} s; nothing was written: try again, or save this"
                " fight under another name"
            )
            raise SaveError(path, problem, action="save")
        time.sleep(_POLL)


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except BlockingIOError:
        return False
    except PermissionError:  # msvcrt: the byte is locked by another process
        return False
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EAGAIN, errno.EDEADLK):
            return False
        raise
    return True


def _release(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    elif msvcrt is not None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def writer_gone(pid: int) -> bool:
    """True when no process `pid` runs here: its temp file is nobody's work in progress."""
    if pid <= 0:
        return True
    if pid == os.getpid() or os.name == "nt":  # Windows: os.kill would end the process
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError):  # another user's process, or no way to ask (Windows)
        return False
    return False

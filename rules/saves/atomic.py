"""Writing one file atomically beside its backup: shared by encounter and party saves.

The new bytes go to a temp file in the same folder, fsynced; the old file is
hard-linked (or copied) onto `NAME.json.bak`; a rename puts the new file in
place; the folder is fsynced. After a crash (or a SIGKILL) the file on disk is
the old or the new one, complete. Stale temp files a crash left are swept by
the next successful save in their folder. `rules.saves.store` (encounters) and
`rules.saves.party_store` (parties) each check what they replace, under their
lock, before calling `write`.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

from rules.saves import raw
from rules.saves.lock import writer_gone
from rules.saves.raw import SaveError
from rules.saves.raw import stamp as _stamp
from rules.saves.reading import backup_path

STALE_AFTER = 60.0  # seconds before another save's leftover temp file counts as stale
TMP_NAME = re.compile(r"^\.(?P<name>.*)\.(?:(?P<pid>\d+)-)?[a-z0-9_]{8}(?:\.link)?\.tmp$")


def fits(path: Path, data: bytes, undo: str) -> bytes:
    """`data`, or a SaveError before anything is written: the reader's own cap
    (`raw.MAX_BYTES`, read at call time, so the two can never disagree) would refuse
    the file, and a save nobody can open would replace a good one and its `.bak`.

    `undo` says what the GM can do instead (an encounter's words differ from a party's).
    """
    size = len(data) + 1  # `write` adds the final newline
    if size <= raw.MAX_BYTES:
        return data
    problem = (
        f"it would be {_mib(size)}, over the {_mib(raw.MAX_BYTES)} a save can be opened at,"
        f" so nothing was written (the file and its .bak are as they were): {undo}"
    )
    raise SaveError(path, problem, action="save")


def _mib(size: int) -> str:
    return f"{size / (1 << 20):.1f} MiB"


def write(
    target: Path, data: bytes, existing: os.stat_result | None, seen: dict[str, tuple[int, ...]]
) -> None:
    """Temp file + fsync, hard-link the old file onto the .bak, rename, fsync the folder.

    The temp names carry this process's id, so no other copy's sweep takes them
    for a crash's leftovers. `seen` learns the new file the moment it is in place
    (even if the folder's fsync then fails): this session's own write never looks
    like another's.
    """
    fits(target, data, "nothing can be saved this big")  # the callers said why before this
    folder = target.parent
    prefix = f".{target.name[:40]}.{os.getpid()}-"
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
            keep_backup(target, link)
        os.replace(tmp.name, target)
        placed = True
        seen[str(target)] = _stamp(os.lstat(target))
        fsync_folder(folder)
    finally:
        leftovers = (link,) if placed else (tmp.name, link)
        for leftover in leftovers:
            try:
                os.unlink(leftover)
            except FileNotFoundError:
                pass


def keep_backup(target: Path, link: str) -> None:
    """The current file becomes NAME.json.bak, while NAME.json itself stays in place.

    A rename replaces a `.bak` that is a link rather than writing through it.
    """
    try:
        if os.link in os.supports_follow_symlinks:
            os.link(target, link, follow_symlinks=False)
        else:
            os.link(target, link)
    except OSError:  # no hard links here (FAT, some network folders): copy instead
        copy_nofollow(target, link)
    backup = backup_path(target)
    try:
        os.replace(link, backup)
    except IsADirectoryError:  # said of the save itself, it named the wrong file
        problem = f"its backup {backup.name} is a folder: move that folder away to save here"
        raise SaveError(target, problem, action="save") from None


def copy_nofollow(source: Path, copy: str) -> None:
    """Copy a file to a new name, following a link at neither end."""
    flags = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    src = os.open(source, os.O_RDONLY | flags)
    try:
        dst = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | flags, 0o600)
        try:
            while chunk := os.read(src, 1 << 20):
                os.write(dst, chunk)
        finally:
            os.close(dst)
    finally:
        os.close(src)


def fsync_folder(folder: Path) -> None:
    """Make the renames durable (POSIX); Windows has no directory fsync."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sweep(target: Path) -> None:
    """Remove temp files a crash left behind, never one another process may be writing.

    Called under this save's lock: its own temp files (whose name is not cut short,
    so no other save shares it) are nobody's work in progress now. Another save's
    go once stale: a minute old and their writer (the pid in the name) gone.
    """
    mine = target.name if len(target.name) < 40 else None  # 40: maybe a cut-off prefix
    now = time.time()
    try:
        with os.scandir(target.parent) as entries:
            for entry in entries:
                match = TMP_NAME.match(entry.name)
                if match is None:
                    continue
                try:
                    if match["name"] != mine:
                        if now - entry.stat(follow_symlinks=False).st_mtime <= STALE_AFTER:
                            continue
                        if match["pid"] is not None and not writer_gone(int(match["pid"])):
                            continue
                    os.unlink(entry.path)
                except OSError:
                    pass
    except OSError:
        pass

"""Following a save as the GM's session autosaves it: notice a change, read it, never write.

Polling, not a watcher library: one `os.stat` every tenth of a second costs nothing,
sees every way the file can change (the autosave's rename puts a new inode in
place; an editor may rewrite in place; a sync tool may delete and restore), and
works the same on every platform and network folder, where inotify-style
watchers miss renames or are not available. The stamp is (inode, size, mtime_ns) of
the name itself (`lstat`): the GM's session writes only a regular file there, never
through a link, so a symbolic link put in its place (another fight, another file of the
GM's) is refused, not followed, and the bytes shown are those of the very file the
stamp names (its inode is checked against the one read).

Reading goes through the rules' own `read_save` (`rules.saves.reading`), which
never writes and takes no lock, so the GM's session is never slowed or refused. A
problem names the file by its name alone: the players' screen never shows the GM's
folders.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from rules.model.state import Encounter
from rules.saves.reading import SaveError, read_save

Stamp = tuple[int, int, int, bool]
_INODE = 0
LINKED = (
    "it is a symbolic link now, and the players' screen reads only the GM's own save,"
    " never through a link"
)


def file_stamp(path: Path) -> Stamp | None:
    """(inode, size, mtime_ns, is a link) of the name itself, or None while it is missing."""
    try:
        info = os.lstat(path)
    except (OSError, ValueError):
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns, stat.S_ISLNK(info.st_mode))


@dataclass(frozen=True)
class Reading:
    """One read of the save: the encounter, or why there is none this time."""

    stamp: Stamp | None
    encounter: Encounter | None
    problem: str = ""


def read_encounter(path: Path) -> Reading:
    """Read the save as it is now; a missing, half-written or corrupt file is a problem,
    never an exception (the view keeps what it showed and waits)."""
    stamp = file_stamp(path)
    if stamp is None:
        return Reading(None, None, f"{path.name} is not there")
    if stamp[-1]:
        return Reading(stamp, None, f"{path.name}: {LINKED}")
    try:
        save, read_at = read_save(path)
    except SaveError as error:
        return Reading(stamp, None, f"{path.name}: {error.problem}")
    except OSError as error:  # its text would name the GM's folders: its reason alone
        return Reading(stamp, None, f"{path.name}: {error.strerror or type(error).__name__}")
    except (ValueError, RecursionError, MemoryError) as error:
        return Reading(stamp, None, f"{path.name}: {error}")
    if file_stamp(path) != stamp or read_at[1] != stamp[_INODE]:
        return Reading(None, None)  # changed or swapped while read: read again, quietly
    return Reading(stamp, save.encounter)

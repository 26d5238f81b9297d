"""Following a save as the GM's session autosaves it: notice a change, read it, never write.

Polling, not a watcher library: one `os.stat` every fifth of a second costs nothing,
sees every way the file can change (the autosave's rename puts a new inode in
place; an editor may rewrite in place; a sync tool may delete and restore), and
works the same on every platform and network folder, where inotify-style
watchers miss renames or are not available. The stamp is (inode, size, mtime_ns).

Reading goes through the rules' own `read_save` (`rules.saves.reading`), which
never writes and takes no lock, so the GM's session is never slowed or refused.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from rules.model.state import Encounter
from rules.saves.reading import SaveError, read_save

Stamp = tuple[int, int, int]


def file_stamp(path: Path) -> Stamp | None:
    """(inode, size, mtime_ns), or None while the file is missing or unreadable."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


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
    try:
        save, _ = read_save(path)
    except SaveError as error:
        return Reading(stamp, None, str(error))
    except (OSError, ValueError, RecursionError, MemoryError) as error:
        return Reading(stamp, None, f"{path.name}: {error}")
    if file_stamp(path) != stamp:  # changed while read: read again at the next poll, quietly
        return Reading(None, None)
    return Reading(stamp, save.encounter)

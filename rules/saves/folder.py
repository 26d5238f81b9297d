"""The saves folder: what the saves browser lists, and where new saves go.

Kept apart from `rules.saves.store` so listing a folder never loads the engine.
Each file is validated exactly as loading validates it (`read_save`), so a
row listed as openable really opens; a summary is cached by the file's stat
(size, mtime, inode), so only new or changed files are read again. The
cache holds, for each of the last few folders listed, one entry per file in
that folder at its last listing (a vanished file's entry goes at the next
listing), so its size follows the folders, with no cliff where it is dropped
(`make bench`: list_saves_*).
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from rules.model.party import Party
from rules.model.party_link import PartyLink
from rules.saves.party_store import load_party, parties_folder
from rules.saves.raw import stamp as _stamp
from rules.saves.store import SaveError, _os_problem, backup_path, read_save


@dataclass(frozen=True)
class SaveInfo:
    """One line of the saves browser; a save that will not open has `error` set,
    and `backup` when its `.bak` is intact (the GM can open a copy of that)."""

    path: Path
    modified: datetime
    name: str
    day: int = 0
    time: int = 0
    in_combat: bool = False
    alive: int = 0
    total: int = 0
    error: str | None = None
    backup: SaveInfo | None = None
    party: PartyLink | None = None  # the party it was made from: listed under that party


Cache = dict[str, tuple[tuple[int, ...], SaveInfo]]  # file name -> (its stamp, its summary)
_FOLDERS: dict[str, Cache] = {}  # the folder as given -> its files' summaries; last listed last
_KEPT_FOLDERS = 8  # the saves folder, a folder the GM saved into, a few more: plenty


def list_saves(folder: Path) -> list[SaveInfo]:
    """Every `*.json` save in the folder, newest first, without building a Session.

    A file listed without an error passes the same validation as `load_session`.
    """
    return [summarize(path, info) for path, info in scan_saves(folder)]


def scan_saves(folder: Path) -> list[tuple[Path, os.stat_result]]:
    """The folder's saves and their stat, newest first, none read yet (`summarize` each).

    The browser shows the first rows of a big folder at once and the rest as
    they are summarised. The folder's cache keeps only these files' entries.
    """
    folder = Path(folder)
    try:
        entries = [e for e in os.scandir(folder) if _listed(e.name)]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SaveError(folder, _os_problem(error), action="list") from None
    found: list[tuple[Path, os.stat_result]] = []
    for entry in entries:
        try:
            if entry.is_file():
                found.append((Path(entry.path), entry.stat()))
        except OSError:
            continue
    _forget_vanished(str(folder), {path.name for path, _ in found})
    found.sort(key=lambda f: (-f[1].st_mtime, f[0].name))
    return found


def summarize(path: Path, info: os.stat_result) -> SaveInfo:
    """One listed file's row (`scan_saves`), read again only when its stat changed."""
    cache = _FOLDERS.setdefault(str(path.parent), {})
    summary = _cached(cache, path, info)
    if summary.error is not None:
        summary = replace(summary, backup=_intact_backup(cache, path))
    return summary


def _forget_vanished(key: str, names: set[str]) -> None:
    """Keep the entries of the files (and their backups) there now; this folder goes last."""
    old = _FOLDERS.pop(key, {})
    names |= {name + ".bak" for name in names}
    _FOLDERS[key] = {name: old[name] for name in names & old.keys()}
    while len(_FOLDERS) > _KEPT_FOLDERS:
        del _FOLDERS[next(iter(_FOLDERS))]  # the folder listed longest ago


def _listed(name: str) -> bool:
    return name.endswith(".json") and not name.startswith(".")


def _cached(cache: Cache, path: Path, info: os.stat_result) -> SaveInfo:
    """The file's summary, read again only when its stat changed."""
    stamp = _stamp(info)
    cached = cache.get(path.name)
    if cached is None or cached[0] != stamp:
        cached = cache[path.name] = (stamp, _summary(path, info))
    return cached[1]


def _intact_backup(cache: Cache, path: Path) -> SaveInfo | None:
    """The summary of a broken save's `.bak`, when that backup opens."""
    backup = backup_path(path)
    try:
        info = os.stat(backup)
    except OSError:
        return None
    summary = _cached(cache, backup, info)
    return summary if summary.error is None else None


def _summary(path: Path, info: os.stat_result) -> SaveInfo:
    modified = datetime.fromtimestamp(info.st_mtime, UTC)
    try:
        encounter = read_save(path)[0].encounter
    except SaveError as error:
        return SaveInfo(path=path, modified=modified, name=path.stem, error=str(error))
    combatants = encounter.combatants.values()
    return SaveInfo(
        path=path,
        modified=modified,
        name=encounter.name,
        day=encounter.day,
        time=encounter.time,
        in_combat=encounter.in_combat,
        alive=sum(1 for c in combatants if not c.dead),
        total=len(encounter.combatants),
        party=encounter.party,
    )


# --- where saves go ------------------------------------------------------------------
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10))}
_RESERVED |= {f"lpt{n}" for n in range(10)}


def autosave_path(folder: Path, encounter_name: str) -> Path:
    """A safe file name from the encounter's name (`Ambush!` -> ambush.json).

    Letters of any script are kept; everything else becomes a dash; the name
    is cut to fit every file system (temp and .bak names included).
    """
    slug = unicodedata.normalize("NFKC", encounter_name).casefold()
    slug = re.sub(r"[\W_]+", "-", slug).strip("-")
    while len(slug.encode("utf-8")) > 120:
        slug = slug[:-1]
    slug = slug.rstrip("-") or "encounter"
    if slug in _RESERVED:
        slug += "-encounter"
    return Path(folder) / f"{slug}.json"


# --- parties (issue 17): `<saves folder>/parties/*.json` -----------------------------
@dataclass(frozen=True)
class PartyInfo:
    """One party of the saves browser; one that will not open has `error` set."""

    path: Path
    modified: datetime
    name: str
    party: Party | None = None
    error: str | None = None


def list_parties(saves: Path) -> list[PartyInfo]:
    """Every party file of the saves folder, newest first, each validated as it loads."""
    folder = parties_folder(saves)
    found: list[PartyInfo] = []
    for path, info in scan_saves(folder):
        modified = datetime.fromtimestamp(info.st_mtime, UTC)
        try:
            party = load_party(path)[0]
        except SaveError as error:
            found.append(PartyInfo(path, modified, path.stem, error=str(error)))
            continue
        found.append(PartyInfo(path, modified, party.name, party=party))
    return found


def free_party_path(saves: Path, name: str) -> Path:
    """A new party file for `name` in the parties folder, never one already there."""
    first = autosave_path(parties_folder(saves), name)
    candidate, n = first, 2
    while os.path.lexists(candidate):
        candidate = first.with_name(f"{first.stem}-{n}.json")
        n += 1
    return candidate

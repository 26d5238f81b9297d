"""The saves folder: what the saves browser lists, and where new saves go.

Kept apart from `rules.saves` so listing a folder reads only each file's
encounter summary and never loads the engine.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rules.saves import SAVES_ENV, SaveError, _decode, _os_problem, _read, _stamp


@dataclass(frozen=True)
class SaveInfo:
    """One line of the saves browser; a save that will not open has `error` set."""

    path: Path
    modified: datetime
    name: str
    day: int = 0
    time: int = 0
    in_combat: bool = False
    alive: int = 0
    total: int = 0
    error: str | None = None


_INFO_CACHE: dict[str, tuple[tuple[int, ...], SaveInfo]] = {}


def list_saves(folder: Path) -> list[SaveInfo]:
    """Every `*.json` save in the folder, newest first, without building a Session.

    Only the encounter's summary is read, so a file listed without an error
    may still fail the full validation of `load_session`.
    """
    folder = Path(folder)
    try:
        entries = [e for e in os.scandir(folder) if _listed(e.name)]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SaveError(folder, _os_problem(error), action="list") from None
    infos: list[SaveInfo] = []
    for entry in entries:
        try:
            if not entry.is_file():
                continue
            info = entry.stat()
        except OSError:
            continue
        key, stamp = os.path.realpath(entry.path), _stamp(info)
        cached = _INFO_CACHE.get(key)
        if cached is None or cached[0] != stamp:
            cached = (stamp, _summary(Path(entry.path), info))
            _INFO_CACHE[key] = cached
        infos.append(cached[1])
    if len(_INFO_CACHE) > 4096:
        _INFO_CACHE.clear()
    infos.sort(key=lambda i: (-i.modified.timestamp(), i.path.name))
    return infos


def _listed(name: str) -> bool:
    return name.endswith(".json") and not name.startswith(".")


def _summary(path: Path, info: os.stat_result) -> SaveInfo:
    modified = datetime.fromtimestamp(info.st_mtime, UTC)
    try:
        encounter = _decode(path, _read(path)[0])["encounter"]
        combatants = encounter.get("combatants", {})
        alive = sum(1 for c in combatants.values() if not c.get("dead", False))
        return SaveInfo(
            path=path,
            modified=modified,
            name=str(encounter.get("name", path.stem)),
            day=_whole(encounter.get("day", 1)),
            time=_whole(encounter.get("time", 0)),
            in_combat=encounter.get("in_combat", False) is True,
            alive=alive,
            total=len(combatants),
        )
    except SaveError as error:
        return SaveInfo(path=path, modified=modified, name=path.stem, error=str(error))
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
        problem = f"cannot open {path}: the encounter's summary is unreadable"
        return SaveInfo(path=path, modified=modified, name=path.stem, error=problem)


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


# --- where saves go ------------------------------------------------------------------
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10))}
_RESERVED |= {f"lpt{n}" for n in range(10)}


def default_saves_dir() -> Path:
    """`./saves`, or the folder named by the TRACKER_SAVES environment variable."""
    chosen = os.environ.get(SAVES_ENV, "").strip()
    return Path(chosen).expanduser() if chosen else Path.cwd() / "saves"


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

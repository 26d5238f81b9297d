"""Party files: `<saves folder>/parties/NAME.json`, atomic, versioned, locked and validated.

The same care as an encounter save (`rules.saves.store`): bytes come through the
one guarded read (`rules.saves.raw`: no FIFO, device or runaway file, bounded
nesting), the write is atomic with a `.bak` (`rules.saves.atomic`) under the
file's OS lock (`rules.saves.lock`), a link is never written through, and a file
that is not a party of this uid is never overwritten. Every problem is one
SaveError naming the file.

Conflicts are by revision, not by clock: a save says which revision it read
(`expected`); a file holding another revision was written by someone else since
(another copy, another encounter's write-back) and is refused with
`PartyFileConflict` under the lock, so two copies saving at once cannot both pass.
The caller reloads and writes back again, where `rules.party` sees the conflict
by character and offers a merge or save aside.

A party file has its own schema (`PARTY_SCHEMA_VERSION`) and records the
encounter schema its characters were written in (`encounter_schema`): an
encounter migration that reshapes combatants must get a party twin here.
"""

from __future__ import annotations

import os
import stat
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rules.model.party import PARTY_FORMAT, PARTY_SCHEMA_VERSION, Party, PartyFile
from rules.model.party_link import PartyLink
from rules.model.state import SCHEMA_VERSION
from rules.saves import atomic
from rules.saves.lock import locked
from rules.saves.raw import SaveError, _os_problem, parse_json, read_bytes, refuse_no_object
from rules.saves.raw import stamp as _stamp
from rules.saves.reading import _describe
from rules.saves.shape import FORMAT

PARTIES = "parties"  # the subfolder of the saves folder
INDENT = 1
_LOCK = threading.Lock()


class PartyFileConflict(SaveError):
    """The party file holds another revision than the one this save was built on."""


def parties_folder(saves: Path) -> Path:
    return Path(saves) / PARTIES


def party_file(saves: Path, link: PartyLink) -> Path:
    """The file an encounter's party lives in (a name in the parties folder, never a path)."""
    return parties_folder(saves) / link.file


# --- reading -------------------------------------------------------------------------
def load_party(path: Path) -> tuple[Party, tuple[int, ...]]:
    """The party, validated (and the stat it was read at); any problem is a SaveError."""
    path = Path(path)
    raw, info = read_bytes(path)
    return _parse(path, raw), _stamp(info)


def _parse(path: Path, raw: bytes) -> Party:
    refuse_no_object(path, raw, "party file")
    data: Any = parse_json(path, raw)
    if not isinstance(data, dict) or "format" not in data:
        raise SaveError(path, "it is not a party file (no 'format' field)")
    if data["format"] == FORMAT:
        raise SaveError(path, "it is an encounter save, not a party file: open it as an encounter")
    if data["format"] != PARTY_FORMAT:
        raise SaveError(path, f"it is not a party file (format {str(data['format'])[:40]!r})")
    for key, newest in (
        ("schema_version", PARTY_SCHEMA_VERSION),
        ("encounter_schema", SCHEMA_VERSION),
    ):
        version = data.get(key)
        if isinstance(version, bool) or not isinstance(version, int):
            raise SaveError(path, f"the party file has no whole-number {key}")
        if version > newest:
            raise SaveError(
                path,
                f"it was written by a newer tracker ({key} {version};"
                f" this one reads up to {newest})",
            )
    try:
        return PartyFile.model_validate(data).party
    except ValidationError as error:
        raise SaveError(path, _describe(error)) from None
    except (ValueError, TypeError, RecursionError) as error:
        raise SaveError(path, f"the party file does not fit the format: {error}") from None


# --- writing -------------------------------------------------------------------------
def save_party(party: Party, path: Path, expected: int | None) -> None:
    """Write the party atomically (the old file kept as NAME.json.bak).

    `expected`: the revision this party was built on, as read from this file
    (None: a new file, refused if one is there). Refused, file untouched: a
    symbolic link, something not a party file, another party (uid), or another
    revision than `expected` (PartyFileConflict).
    """
    path = Path(path)
    target = Path(os.path.realpath(path.parent)) / path.name
    data = _serialize(party, path)
    with _LOCK:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with locked(path, target):
                existing = _existing(path, target, party, expected)
                atomic.write(target, data, existing, {})
                atomic.sweep(target)
        except OSError as error:
            raise SaveError(path, _os_problem(error), action="save") from None


def _serialize(party: Party, path: Path) -> bytes:
    saved = PartyFile(
        format=PARTY_FORMAT,
        schema_version=PARTY_SCHEMA_VERSION,
        saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
        encounter_schema=SCHEMA_VERSION,
        party=party,
    )
    try:
        data = saved.model_dump_json(indent=INDENT).encode("utf-8")
    except ValueError as error:
        raise SaveError(path, f"the party cannot be written as JSON ({error})", "save") from None
    return atomic.fits(path, data, "the change was not made")


def _existing(
    path: Path, target: Path, party: Party, expected: int | None
) -> os.stat_result | None:
    """The file about to be replaced, if any (under the lock), or a refusal."""
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(info.st_mode):
        problem = (
            "it is a symbolic link, and the tracker never writes through one: save the party aside"
        )
        raise SaveError(path, problem, action="save")
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(path, "something that is not a party file is in the way", action="save")
    try:
        there = _parse(target, read_bytes(target)[0])
    except SaveError as error:
        problem = f"the file there was left untouched: {error.problem}; save the party aside"
        raise SaveError(path, problem, action="save") from None
    if expected is None:
        raise SaveError(
            path, f"a party file ({there.name}) is already there: pick another name", "save"
        )
    if there.uid != party.uid:
        problem = (
            f"it holds another party ({there.name}), not {party.name}: it was left untouched;"
            " save the party aside"
        )
        raise SaveError(path, problem, action="save")
    if there.revision != expected:
        problem = (
            f"the party changed since it was read (revision {expected}, the file has"
            f" {there.revision}): nothing written; reload the party and write back again"
        )
        raise PartyFileConflict(path, problem, action="save")
    return info

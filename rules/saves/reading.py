"""Reading a save: bytes to a validated `SaveFile`, or one `SaveError` that says why not.

Loading never writes. Every problem (a missing file, a folder, bytes that are
not UTF-8 or not JSON, a foreign or future format, a field that does not fit)
becomes a `SaveError` naming the file and the problem in words a GM can act
on. Old schema versions are upgraded on the way in (`rules.saves.migrations`). The
saves browser reads through here too, so a row it shows as openable opens.
Bytes come through `rules.saves.raw`, the one guarded read (no FIFO, device
or runaway file is read; JSON nesting is bounded), which the first frame shares.
"""

from __future__ import annotations

import gc
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rules.model.errors import message
from rules.model.state import SCHEMA_VERSION
from rules.saves.migrations import migrate
from rules.saves.raw import MAX_BYTES as MAX_BYTES
from rules.saves.raw import SaveError as SaveError
from rules.saves.raw import _os_problem as _os_problem
from rules.saves.raw import parse_json, read_bytes, refuse_no_object
from rules.saves.raw import stamp as _stamp
from rules.saves.shape import FORMAT, SaveFile

_JSON_KINDS = {list: "list", str: "string", bool: "true/false", type(None): "null"}


def read_save(path: Path) -> tuple[SaveFile, tuple[int, ...]]:
    """The whole save, validated exactly as loading does (and the stat it was read at)."""
    path = Path(path)
    raw, stamp = _read(path)
    collecting = gc.isenabled()
    gc.disable()  # validation builds ~100k objects: the cyclic GC would rescan them (2x slower)
    try:
        return _parse(path, raw), stamp
    finally:
        if collecting:
            gc.enable()


def intact_backup(path: Path) -> tuple[Path, datetime] | None:
    """The save's `.bak` and when it was saved, if it loads whole; else None."""
    path = Path(path)
    if path.name.endswith(".bak"):
        return None  # a backup's own backup is not offered
    backup = backup_path(path)
    try:
        save, _ = read_save(backup)
        when = save.saved_at or datetime.fromtimestamp(os.stat(backup).st_mtime, UTC)
    except (SaveError, OSError):
        return None
    return backup, when


def _read(path: Path) -> tuple[bytes, tuple[int, ...]]:
    """The guarded read (`rules.saves.raw`): a regular file, bounded, never blocking."""
    raw, info = read_bytes(path)
    return raw, _stamp(info)


def _parse(path: Path, raw: bytes) -> SaveFile:
    """Fast path: pydantic-core parses and validates in one pass; else explain slowly."""
    refuse_no_object(path, raw, "tracker save")
    try:
        save = SaveFile.model_validate_json(raw)
    except (ValidationError, ValueError, RecursionError):
        pass
    else:
        if save.schema_version == SCHEMA_VERSION:
            return save
    data = _decode(path, raw)
    try:
        return SaveFile.model_validate(data)
    except ValidationError as error:
        raise SaveError(path, _describe(error)) from None
    except (ValueError, TypeError, RecursionError) as error:
        raise SaveError(path, f"the save does not fit the format: {error}") from None


def _decode(path: Path, raw: bytes) -> dict[str, Any]:
    """Bytes -> the save's JSON at this schema version, or a SaveError saying why not."""
    refuse_no_object(path, raw, "tracker save")
    data: object = parse_json(path, raw)
    if not isinstance(data, dict):
        kind = _JSON_KINDS.get(type(data), "number")
        raise SaveError(path, f"it is not a tracker save (it holds a JSON {kind})")
    if "format" not in data:
        raise SaveError(path, "it is not a tracker save (no 'format' field)")
    if data["format"] != FORMAT:
        raise SaveError(path, f"it is not a tracker save (format {_short(data['format'])})")
    version = data.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(path, f"the save has no whole-number schema_version ({_short(version)})")
    if version > SCHEMA_VERSION:
        problem = (
            f"it was written by a newer tracker (schema {version};"
            f" this one reads up to {SCHEMA_VERSION})"
        )
        raise SaveError(path, problem)
    if version < SCHEMA_VERSION:
        try:
            data = migrate(data, version, SCHEMA_VERSION)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            raise SaveError(path, f"cannot upgrade it from schema {version}: {e}") from None
    return data


def _describe(error: ValidationError) -> str:
    """The first problem as `encounter.combatants.c1.stats.Wits: <why>`, and how many more."""
    problems = error.errors(include_url=False)
    first = problems[0]
    where = ""
    for part in first["loc"]:
        where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
    why = first["msg"]
    if first["type"] == "string_pattern_mismatch":  # a name's control character, in words
        why = message(dict(first))
    text = f"{where}: {why}" if where else str(why)
    if len(problems) > 1:
        more = len(problems) - 1
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    return text[:500]


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def backup_path(path: Path) -> Path:
    """Where `save_session` keeps the previous version of a save."""
    path = Path(path)
    return path.with_name(path.name + ".bak")


_CONTENT = 4  # the stamp's first fields change with the contents; ctime also with a chmod

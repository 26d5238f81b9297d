"""Reading a save: bytes to a validated `SaveFile`, or one `SaveError` that says why not.

Loading never writes. Every problem (a missing file, a folder, bytes that are
not UTF-8 or not JSON, a foreign or future format, a field that does not fit)
becomes a `SaveError` naming the file and the problem in words a GM can act
on. Old schema versions are upgraded on the way in (`rules.migrations`). The
saves browser reads through here too, so a row it shows as openable opens.
"""

from __future__ import annotations

import codecs
import gc
import json
import os
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rules.migrations import migrate
from rules.save_file import FORMAT, SaveFile
from rules.state import SCHEMA_VERSION

MAX_BYTES = 256 * 1024 * 1024  # far above any real encounter; refuses a runaway file

_JSON_KINDS = {list: "list", str: "string", bool: "true/false", type(None): "null"}


class SaveError(Exception):
    """The one error loading raises (and saving, when it refuses or the disk fails)."""

    def __init__(self, path: Path | str, problem: str, action: str = "open") -> None:
        self.path = Path(path)
        self.problem = problem
        self.action = action
        super().__init__(f"cannot {action} {path}: {problem}")

    def __reduce__(self) -> tuple[type[SaveError], tuple[Path, str, str]]:
        return (type(self), (self.path, self.problem, self.action))  # picklable for workers


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
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(path, "it is a folder, not a save file")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(path, "it is not a regular file")
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if info.st_size > MAX_BYTES:
                raise SaveError(path, f"the file is too big to be a save ({info.st_size} bytes)")
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise SaveError(path, _os_problem(error)) from None
    except ValueError:  # a NUL in the name
        raise SaveError(path, "that is not a valid file name") from None
    if len(raw) > MAX_BYTES:
        raise SaveError(path, "the file is too big to be a save")
    if raw.startswith(codecs.BOM_UTF8):  # Notepad and friends add one
        raw = raw[len(codecs.BOM_UTF8) :]
    return raw, _stamp(info)


def _parse(path: Path, raw: bytes) -> SaveFile:
    """Fast path: pydantic-core parses and validates in one pass; else explain slowly."""
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
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(path, f"the file is not UTF-8 text (bad byte at {error.start})") from None
    if not text.strip():
        raise SaveError(path, "the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        problem = f"the file is truncated or not JSON ({error.msg}; {where})"
        raise SaveError(path, problem) from None
    except RecursionError:
        raise SaveError(path, "the file nests too deeply to be a tracker save") from None
    except ValueError as error:
        raise SaveError(path, f"the file is not valid JSON ({error})") from None
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
    problems = error.errors(include_url=False, include_input=False)
    first = problems[0]
    where = ""
    for part in first["loc"]:
        where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
    text = f"{where}: {first['msg']}" if where else str(first["msg"])
    if len(problems) > 1:
        more = len(problems) - 1
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    return text[:500]


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _os_problem(error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return "the file does not exist"
    if isinstance(error, IsADirectoryError):
        return "it is a folder, not a save file"
    if isinstance(error, PermissionError):
        return "permission denied"
    return (error.strerror or str(error)).lower()


def backup_path(path: Path) -> Path:
    """Where `save_session` keeps the previous version of a save."""
    path = Path(path)
    return path.with_name(path.name + ".bak")


_CONTENT = 4  # the stamp's first fields change with the contents; ctime also with a chmod


def _stamp(info: os.stat_result) -> tuple[int, ...]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)

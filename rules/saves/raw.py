"""The one guarded way from a path to a save's bytes, and from bytes to its JSON.

Loading, the saves browser and the first frame of `tracker PATH` all read
through here, so a path that is no save is refused the same way everywhere,
at once: a FIFO is opened without blocking (O_NONBLOCK) and refused by the
fstat of the open file before a byte is read; a device, a socket or a folder
likewise; a file is read up to `MAX_BYTES` and no further; JSON nested deeper
than `MAX_DEPTH` is refused by the parser, never by a RecursionError.
Kept free of the engine and the models, so the first frame stays quick.
"""

from __future__ import annotations

import codecs
import errno
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from pydantic_core import from_json

MAX_BYTES = 64 * 1024 * 1024  # a long campaign evening's save is under 2 MiB (make bench)
MAX_DEPTH = 200  # pydantic-core's parser refuses deeper nesting; a save nests 7 deep
_FLAGS = os.O_RDONLY  # never blocks on a FIFO; never becomes a terminal's; bytes as they are
for _flag in ("O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC", "O_BINARY"):  # O_BINARY: Windows only
    _FLAGS |= getattr(os, _flag, 0)
_CHUNK = 1 << 16


class SaveError(Exception):
    """The one error loading raises (and saving, when it refuses or the disk fails)."""

    def __init__(self, path: Path | str, problem: str, action: str = "open") -> None:
        self.path = Path(path)
        self.problem = problem
        self.action = action
        super().__init__(f"cannot {action} {path}: {problem}")

    def __reduce__(self) -> tuple[type[SaveError], tuple[Path, str, str]]:
        return (type(self), (self.path, self.problem, self.action))  # picklable for workers


def read_json(path: Path) -> Any:
    """The file's JSON (any kind), or a SaveError naming the file and the problem."""
    return parse_json(path, read_bytes(path)[0])


def read_bytes(path: Path) -> tuple[bytes, os.stat_result]:
    """A regular file's bytes (without a UTF-8 BOM) and the fstat they were read at."""
    path = Path(path)
    try:
        _refuse_kind(path, os.stat(path).st_mode)  # before opening: a device is never opened
        fd = os.open(path, _FLAGS)
    except OSError as error:
        raise SaveError(path, _os_problem(error)) from None
    except ValueError:  # a NUL in the name
        raise SaveError(path, "that is not a valid file name") from None
    try:
        info = os.fstat(fd)  # the file opened, whatever the name points at by now
        _refuse_kind(path, info.st_mode)
        if info.st_size > MAX_BYTES:
            raise SaveError(path, f"the file is too big to be a save ({info.st_size} bytes)")
        raw = _read_capped(path, fd, info.st_size)
    except OSError as error:
        raise SaveError(path, _os_problem(error)) from None
    finally:
        os.close(fd)
    if raw.startswith(codecs.BOM_UTF8):  # Notepad and friends add one
        raw = raw[len(codecs.BOM_UTF8) :]
    return raw, info


def _read_capped(path: Path, fd: int, size: int) -> bytes:
    """Up to MAX_BYTES; one byte more means the file grew past the cap while read."""
    parts: list[bytes] = []
    total, want = 0, size + 1  # one read of the whole file, one more to see its end
    while total <= MAX_BYTES:
        part = os.read(fd, min(max(want - total, _CHUNK), MAX_BYTES + 1 - total))
        if not part:
            return b"".join(parts)
        parts.append(part)
        total += len(part)
    raise SaveError(path, "the file is too big to be a save")


def _refuse_kind(path: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise SaveError(path, "it is a folder, not a save file")
    raise SaveError(path, f"it is not a save file ({_kind(mode)})")


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "it is a pipe"
    if stat.S_ISSOCK(mode):
        return "it is a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device"
    return "it is not a regular file"


def parse_json(path: Path, raw: bytes) -> Any:
    """Bytes -> JSON, or a SaveError; nesting deeper than MAX_DEPTH is refused.

    pydantic-core's parser is fast and bounds the depth itself; Python's
    `json` runs only when it refuses, for a message with line and column
    (and for the rare text only Python's accepts: a lone surrogate escape).
    """
    try:
        return from_json(raw)
    except ValueError as error:
        if "recursion limit" in str(error):
            raise SaveError(path, _TOO_DEEP) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(path, f"the file is not UTF-8 text (bad byte at {error.start})") from None
    if not text.strip():
        raise SaveError(path, "the file is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        problem = f"the file is truncated or not JSON ({error.msg}; {where})"
        raise SaveError(path, problem) from None
    except RecursionError:
        raise SaveError(path, _TOO_DEEP) from None
    except ValueError as error:
        raise SaveError(path, f"the file is not valid JSON ({error})") from None


PARSED_ANYWAY = 1 << 20  # bytes: a smaller file is parsed, for the precise message
_STARTS = {ord("["): "list", ord('"'): "string", ord("t"): "true/false", ord("f"): "true/false"}
_STARTS |= {ord("n"): "null", ord("-"): "number"} | {ord(d): "number" for d in "0123456789"}
_SPACE = re.compile(rb"[ \t\r\n]*")


def starts_as(raw: bytes) -> str | None:
    """The kind of JSON value a big file starts with when that is no object (None: maybe
    one, or a file small enough to parse for the precise message: too deep, truncated).

    A save or a party file is a JSON object; its first character says when it is not.
    Parsed whole first, a 57 MB list of empty objects took 11 s and 3 GB of memory
    (a hostile run) only to be refused for not being one.
    """
    if len(raw) < PARSED_ANYWAY:
        return None
    start = _SPACE.match(raw)
    at = 0 if start is None else start.end()
    return _STARTS.get(raw[at]) if at < len(raw) else None


def refuse_no_object(path: Path, raw: bytes, what: str) -> None:
    """A SaveError for a big file that is no JSON object (`starts_as`), before any parse:
    `what` it is not ("tracker save", "party file")."""
    if (kind := starts_as(raw)) is not None:
        raise SaveError(path, f"it is not a {what} (it holds a JSON {kind})")


_TOO_DEEP = f"the file nests too deeply to be a tracker save (over {MAX_DEPTH} levels)"


def _os_problem(error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return "the file does not exist"
    if isinstance(error, IsADirectoryError):
        return "it is a folder, not a save file"
    if isinstance(error, PermissionError):
        return "permission denied"
    if error.errno == errno.ENAMETOOLONG:
        return "the name is too long for the file system"
    if error.errno == errno.ENXIO:  # a socket (or a FIFO with no writer) opened
        return "it is not a save file (nothing can be read from it)"
    return (error.strerror or str(error)).lower()


def stamp(info: os.stat_result) -> tuple[int, ...]:
    """What tells a file changed: its identity, size, mtime (and ctime, also with a chmod)."""
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)

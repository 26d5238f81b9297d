"""Strange things a GM can name as a save, and a bounded way to try reading them.

Shared by the engine and app tests of the one reading path
(`rules.saves.raw`): a FIFO, a device, a socket, a folder, a huge file,
JSON nested a thousand deep. Reading any of them must end, quickly, in a
`SaveError`; a regression must fail the test, never hang the suite, so the
read runs in a daemon thread with a timeout and a FIFO's reader is released
afterwards by opening its write end.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rules.saves.store import MAX_BYTES

BOUND = 15.0  # seconds: generous for a loaded CI machine; a hang is far longer
DEEP = b'{"format": "fading-suns-tracker", "x": ' + b"[" * 1000 + b"]" * 1000 + b"}"


def bounded(call: Callable[[], Any], seconds: float = BOUND) -> tuple[Any, BaseException | None]:
    """`call()` in a daemon thread: its result or exception, or AssertionError on a hang."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((call(), None))
        except BaseException as error:  # noqa: BLE001 - handed back to the test
            outcome.append((None, error))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"reading did not finish within {seconds} s (it hangs)"
    return outcome[0]


def release_fifo(path: Path) -> None:
    """Open the FIFO's write end once, so a reader blocked in open() (a regression) returns."""
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


@contextlib.contextmanager
def fifo(folder: Path) -> Iterator[Path]:
    path = folder / "pipe.json"
    os.mkfifo(path)
    try:
        yield path
    finally:
        release_fifo(path)


@contextlib.contextmanager
def unix_socket(folder: Path) -> Iterator[Path]:
    path = folder / "sock.json"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(str(path))
        yield path
    finally:
        listener.close()


def huge_file(folder: Path) -> Path:
    """A sparse file one byte over the cap: no disk used, and it must not be read."""
    path = folder / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    return path


def deep_file(folder: Path) -> Path:
    path = folder / "deep.json"
    path.write_bytes(DEEP)
    return path

"""One way to write a small file so a crash never leaves half of it.

The settings and the roster templates are written this way; it is a leaf module
so either may use it without the other (the settings reach the main screen
through the keymap, and the main screen reaches the templates).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str, prefix: str) -> None:
    """A temporary file beside `path` (named with `prefix`), fsynced, then `os.replace`:
    a crash mid-write leaves the old file. Also the roster templates' writer. OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

"""The command line's one rule for a PATH, and its quiet end when a pipe closes.

`tracker missing.json` opened the saves browser and exited 0, `--serve` exited 2
with a line, `--view` waited forever (issue 28). Now a PATH that is not there, is a
folder or is not a file is one line on stderr and exit 2 in every mode, before
anything starts; so is a saves folder that is a file. (`--serve` and `--view` also
refuse a file that is not a save; the GM's own app shows a broken save in the
browser instead, which offers its backup.)
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path


def path_problem(path: Path) -> str | None:
    """Why `path` cannot be a save to open, in words, or None."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return f"{path}: no such file (`tracker` alone lists the saves)"
    except OSError as error:
        return f"{path}: cannot read it: {error.strerror or error}"
    if stat.S_ISDIR(mode):
        return f"{path}: that is a folder; give the save file itself (or --saves {path})"
    if not stat.S_ISREG(mode):
        return f"{path}: not a file; give a save file"
    return None


def folder_problem(folder: Path) -> str | None:
    """Why the saves folder cannot hold saves (`TRACKER_SAVES=/etc/passwd` read
    "[Errno 17] File exists"), or None: a folder not made yet is made when needed."""
    try:
        mode = folder.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"{folder}: cannot use it as the saves folder: {error.strerror or error}"
    if not stat.S_ISDIR(mode):
        return (
            f"{folder}: the saves folder is a file, not a folder; "
            "choose another with --saves DIR or TRACKER_SAVES"
        )
    return None


def quiet_on_closed_pipe(main: Callable[[], int]) -> int:
    """`tracker --schema | head`: a reader that stops early is no error of ours, so no
    BrokenPipeError traceback; Python's own flush at exit is sent to nowhere too."""
    try:
        code = main()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0

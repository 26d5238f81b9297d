"""A terminal that cannot draw the tracker is said in one line before anything starts.

Why: with TERM=dumb (Emacs' shell, some CI runners, a pipe into `less`) Textual drew
its full screen anyway, and the GM saw a stream of escape codes (issue 27). A check
(`--check`, `--schema`, `--templates`) draws nothing and runs anywhere.
"""

from __future__ import annotations

import os
from collections.abc import Mapping


def terminal_problem(environ: Mapping[str, str] = os.environ) -> str | None:
    """Why this terminal cannot show a full-screen app, or None when it can."""
    if environ.get("TERM") == "dumb":
        return (
            "this terminal (TERM=dumb) cannot draw a full screen: run tracker in a"
            " terminal emulator or tmux, or set TERM (e.g. TERM=xterm-256color);"
            " --check loads a save without a screen"
        )
    return None

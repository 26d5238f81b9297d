"""textual-serve's insides: the process behind one browser's view.

`AppService` starts the players' view as a subprocess and asks it to quit with
`stop()`, but a view that is stuck or busy never quits, and AppService gives no
way to kill it: its process is `_process`. No upstream issue was found; a public
`AppService.process` (or a `kill()`) would replace this.
"""

from __future__ import annotations

from asyncio.subprocess import Process

from textual_serve.app_service import AppService

__all__ = ["view_process"]


def view_process(view: AppService) -> Process | None:
    """The view's subprocess once it has started (None before)."""
    return view._process

"""The autosave's writing, off the app's thread, while the next frame is made.

Why: the disk's part of an autosave (the temp file written and fsynced, the old file
linked onto the .bak, the rename, the folder fsynced) is ~5 ms at 200 combatants, all
of it waiting on the disk. Run in the app's thread it came before everything the next
dialog costs (issue 27: dialog_open_ms); here it overlaps it. The serializing stays in
the app's thread (`prepare_save`): the bytes are the session as the command left it.

Nothing is drawn that is not on disk: the app waits for the write before each frame
(`TrackerApp.before_frame`), as a kill right after a drawn command must not lose it
(issue 23). One thread for the process writes every save in the order started.
"""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from rules.saves.store import PreparedSave

# While a save is being written the app's thread hands the GIL over every 0.5 ms, not
# Python's default 5: the writer needs it for a moment after each of its ~10 disk calls,
# and at 5 ms the frame ended up waiting ~1-2 ms for it (0 at 0.5 ms; bench_dialog).
QUICK_SWITCH = 0.0005
_POOL: ThreadPoolExecutor | None = None  # made at the first write: not at import


def _pool() -> ThreadPoolExecutor:
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
    return _POOL


class SaveWriter:
    """One save at a time on its way to the disk; `wait` until it is there."""

    def __init__(self) -> None:
        self._pending: Future[None] | None = None
        self._interval = sys.getswitchinterval()  # put back once the save has landed

    @property
    def busy(self) -> bool:
        return self._pending is not None

    def start(self, save: PreparedSave, done: Callable[[], object]) -> None:
        """Write `save` in the writer's thread; `done` runs in this thread once it is
        written (or failed), unless a `wait` collected it first. Without a running
        event loop (a script, a test without an app) it is written here and now."""
        self.wait()  # never two at once: saves land in the order made
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            save.commit()
            return
        self._interval = sys.getswitchinterval()
        sys.setswitchinterval(min(QUICK_SWITCH, self._interval))
        pending = self._pending = _pool().submit(save.commit)

        def landed(_future: Future[None]) -> None:
            try:
                loop.call_soon_threadsafe(lambda: done() if self._pending is pending else None)
            except RuntimeError:  # the app's loop is gone: nothing is left to tell
                pass

        pending.add_done_callback(landed)

    def wait(self) -> None:
        """Until the save started last is on disk; raises what writing it raised."""
        pending, self._pending = self._pending, None
        if pending is not None:
            try:
                pending.result()
            finally:
                sys.setswitchinterval(self._interval)

"""Python's garbage collector keeps out of the GM's way (issue 27: dialog_open_ms p90).

An evening's session is a great many objects (a 5,000-line log, 200 sheets, the undo
history) and none of them is garbage. Python's full collection walks them all, at
whatever moment the allocation count says: 100-150 ms, often between a roll and the
dialog it opens. Here the collection runs when the GM expects a pause or the table is
quiet, and what survives it is frozen (`gc.freeze`): later collections skip it.

- A save opened (the app's revision moves with a new session): a full collection
  (everything, the frozen too), then freeze; once its first frame is drawn, what that
  frame made and keeps (the log's wrapped lines) is frozen too.
- The table quiet for `quiet_after` seconds (no key waiting, the main screen on top,
  so no dialog's widgets are frozen while they live): a collection of what is not
  frozen (what the evening added since), then freeze. Cheap: the frozen are skipped.
- At most every `full_every` seconds a quiet moment runs the full one instead, so a
  frozen object that later became garbage in a cycle is freed within that time.
- From an act dialog's answer until the frame that shows what it opened (`hold`), no
  collection starts: a young one there cost the next dialog ~20 ms, one sample in
  eight of bench_dialog (pace 1.5). It runs once that frame is drawn, if it is due.

A headless app (the tests, many in one process) leaves the collector alone unless
told (`enabled`): freezing one test's app would keep it for the rest of the run.
"""

from __future__ import annotations

import gc
import time
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.screen import Screen
    from textual.timer import Timer

    from tracker.host.key_order import KeyQueue


# The young generation is collected every 50,000 new objects, not 700: Textual makes and
# drops them by the hundred thousand (a dialog opened: ~7,000 young collections, 650 of
# the middle one and 48 full ones in 30 samples of bench_dialog, 11 s in all; with these,
# 54, 2 and 2, 1.8 s). tests/conftest.py sets the same for the whole test run.
THRESHOLDS = (50_000, 20, 100)
HOLD_AT_MOST = 1.0  # seconds a hold lasts if its frame never comes (a closed app)


class CollectorHost(Protocol):
    """The app: its session (a new one was opened?), its screen and key queue (is the
    table quiet?) and its timers."""

    @property
    def loaded_session(self) -> object | None: ...

    @property
    def screen(self) -> Screen[object]: ...

    @property
    def keys(self) -> KeyQueue: ...

    def set_timer(self, delay: float, callback: Callable[[], object]) -> Timer: ...

    def call_after_refresh(self, callback: Callable[[], object]) -> bool: ...


def full_then_freeze() -> None:
    """Every object examined, the frozen ones too; the survivors frozen."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def new_then_freeze() -> None:
    """Only the objects not yet frozen examined; the survivors frozen."""
    gc.collect()
    gc.freeze()


class QuietCollector:
    """Collects at the moments the GM does not wait on the screen."""

    def __init__(
        self, host: CollectorHost, *, quiet_after: float = 2.0, full_every: float = 600.0
    ) -> None:
        self._host = host
        self.enabled: bool | None = None  # None: on unless the app runs headless
        self.quiet_after = quiet_after
        self.full_every = full_every
        self._timer: Timer | None = None
        self._last_full = time.monotonic()
        self._session: object | None = None  # the session the last `moved` saw
        self.freezes = 0  # collections run and frozen (what a GM never waits on)
        self.put_off = 0  # quiet moments put off: a key waiting, or a dialog up
        self.holding = False  # collections held off until the next frame (`hold`)

    def _on(self) -> bool:
        if self.enabled is None:
            from textual.app import App

            host = self._host
            self.enabled = not (isinstance(host, App) and host.is_headless)
        if self.enabled and gc.get_threshold() != THRESHOLDS:
            gc.set_threshold(*THRESHOLDS)
        return self.enabled

    def moved(self) -> None:
        """The app's revision moved. A save opened (the GM expects a pause there): the
        full collection now. A command, an undo: the quiet moment counts from now."""
        if not self._on():
            return
        session = self._host.loaded_session
        if session is not None and session is not self._session:
            self._session = session
            self._freeze_all()
            # What the first frame of it makes and keeps (the log's wrapped lines: ~17,000
            # strips for 5,000 events, 230,000 objects) is frozen once it is drawn.
            self._host.call_after_refresh(self._freeze_new)
        if self._timer is None:
            self._timer = self._host.set_timer(self.quiet_after, self._quiet)
        else:
            self._timer.reset()

    def hold(self) -> None:
        """No collection starts until the next frame is drawn (at most HOLD_AT_MOST): an
        answer is being applied, and the dialog it opens is pushed before that frame."""
        if not self._on() or self.holding or not gc.isenabled():
            return
        self.holding = True
        gc.disable()
        self._host.call_after_refresh(self.release)
        self._host.set_timer(HOLD_AT_MOST, self.release)

    def release(self) -> None:
        """Collections may start again (the first comes at once, if it was due)."""
        if self.holding:
            self.holding = False
            gc.enable()

    def _quiet(self) -> None:
        from tracker.screens.main import MainScreen

        self._timer = None
        host = self._host
        if not host.keys.idle or not isinstance(host.screen, MainScreen):
            self.put_off += 1
            self.moved()  # busy, or a dialog's widgets live now: the next quiet moment
            return
        if time.monotonic() - self._last_full >= self.full_every:
            self._freeze_all()
        else:
            self._freeze_new()

    def _freeze_all(self) -> None:
        full_then_freeze()
        self.freezes += 1
        self._last_full = time.monotonic()

    def _freeze_new(self) -> None:
        new_then_freeze()
        self.freezes += 1

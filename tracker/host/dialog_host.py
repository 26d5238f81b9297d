"""What a dialog or widget may read from the app it runs in, as typed protocols.

The tracker's app has each of these; a bare test host (tests/app/modal_host.py)
has none, and the screen then goes without (no kept choices, no unsaved
notice). An `isinstance` against a protocol names what is read and its type,
where a `getattr(self.app, ...)` guessed at an attribute. What a screen needs
once, when it is made (the dice mode of a new fight), is passed to it instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from datetime import datetime

    from tracker.app.cancelled import CancelledCommand


@runtime_checkable
class KeepsCancelled(Protocol):
    """An app keeping the choices of a command cancelled at a dice prompt (read by a
    dialog as it mounts, to bring its fields back: tracker.modals.kept_fields)."""

    @property
    def cancelled(self) -> CancelledCommand: ...


@runtime_checkable
class ReportsUnsaved(Protocol):
    """An app whose `unsaved_since` (a reactive, watched by the status bar) says since
    when the fight on screen is not on disk."""

    @property
    def unsaved_since(self) -> datetime | None: ...

"""Keeping the fight on disk: autosave after every command, save as, and never leaving an
unsaved fight behind without the GM saying so twice.

Held by the app (`app.autosave`), kept apart so the app module stays the place where a
Command meets the engine; it reaches the app only through `SaveHost`.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tracker.app.save_writer import SaveWriter
from tracker.host.action_host import Notifies

if TYPE_CHECKING:
    from collections.abc import Callable

    from rules.engine.session import Session
    from rules.saves.store import PreparedSave, SaveError


class SaveHost(Notifies, Protocol):
    """The app whose session is saved: where to, and what shows it (its revision, the
    status bar's `unsaved_since`)."""

    saves_dir: Path
    save_path: Path | None
    unsaved_since: datetime | None  # a reactive: the status bar says since when
    revision: int  # a reactive: widgets redraw when it moves

    @property
    def loaded_session(self) -> Session | None: ...

    def push_screen(self, screen: Any, callback: Any = None) -> object: ...


class Autosaver:
    """The save file's side of the app: what is on disk, and what is not yet."""

    def __init__(self, host: SaveHost) -> None:
        self._host = host
        self._writer = SaveWriter()  # the disk's part of an autosave, off this thread
        self._unsaved = False  # a command ran since the last good save
        self._leaving_unsaved = ""  # the key pressed once to leave an unsaved fight

    def changed(self, *, save: bool = True) -> None:
        """Autosave, then bump the revision (widgets redraw). The bytes are made now; the
        disk's part runs in the writer's thread while the frame is made, and the frame
        waits for it (`settle`): what the GM sees drawn is on disk already. Waiting for
        the frame to *start* the save lost a command to a kill right after it was drawn."""
        self._leaving_unsaved = ""  # the fight moved on: leaving it asks again
        if save:
            self.settle()  # the last write first: it may fail, and the next runs anyway
            self._unsaved = True
            self._write(self._writer.start)
        self._host.revision += 1

    def flush(self) -> bool:
        """The session on disk: the write under way landed, or (if anything changed) a
        write now. Errors are shown, not raised; a write that just failed is not retried."""
        if not self.settle():
            return False
        return self._write(lambda save, _done: save.commit())

    def settle(self) -> bool:
        """Wait for the write under way (before a frame, a quit, another save); False if
        it failed, which is shown."""
        if not self._writer.busy:
            return True
        from rules.saves.store import SaveError

        try:
            self._writer.wait()
        except SaveError as error:
            self._failed(error)
            return False
        self._saved()
        return True

    def _write(self, how: Callable[[PreparedSave, Callable[[], object]], None]) -> bool:
        """Serialize the session if anything changed and hand it to `how` (now, or the
        writer's thread); False when it cannot be (shown)."""
        host = self._host
        session = host.loaded_session
        if not self._unsaved or session is None or host.save_path is None:
            return True
        from rules.saves.store import SaveError, prepare_save

        try:
            how(prepare_save(session, host.save_path), self.settle)
        except SaveError as error:
            self._failed(error)
            return False
        if not self._writer.busy:  # written here and now
            self._saved()
        return True

    def _failed(self, error: SaveError) -> None:
        from rules.saves.store import SaveConflict

        if isinstance(error, SaveConflict):
            hint = " (ctrl+s saves it as a new file, o reopens the file)"
            self._host.notify(str(error) + hint, title="Not saved", severity="error", timeout=20)
        else:
            self._host.notify(str(error), title="Autosave failed", severity="error", timeout=10)
        self._save_failed()

    def _save_failed(self) -> None:
        """The toast goes; the status bar keeps saying so until a save works."""
        if self._host.unsaved_since is None:
            self._host.unsaved_since = datetime.now()

    def _saved(self) -> None:
        self._unsaved = False
        self._leaving_unsaved = ""
        self._host.unsaved_since = None

    @property
    def saved(self) -> bool:
        """On disk (waiting for the write under way, if any)."""
        self.settle()
        return not self._unsaved

    def may_leave(self, key: str, what: str) -> bool:
        """True when the fight on screen is on disk (saved now if need be), or the GM
        pressed `key` a second time to leave it unsaved: a failed save never lets a
        quit or another save's opening drop an evening's fight silently."""
        if self.flush() or self._leaving_unsaved == key:
            return True
        self._leaving_unsaved = key
        self._host.notify(
            f"press {key} again to {what} without saving (ctrl+s saves it elsewhere first)",
            title="Not saved",
            severity="error",
        )
        return False

    def save_as(self) -> None:
        """ctrl+s: the save-as form; the autosave goes to the new file from then on."""
        from tracker.modals.save_as import SaveAs

        host = self._host
        session = host.loaded_session
        assert session is not None
        current = host.save_path.stem if host.save_path else session.encounter.name
        host.push_screen(SaveAs(host.saves_dir, current), self._save_as)

    def _save_as(self, path: Path | None) -> None:
        session = self._host.loaded_session
        if path is None or session is None:
            return
        self.settle()  # the autosave under way lands first: saves land in the order made
        from rules.saves.store import SaveError, save_session

        try:
            save_session(session, path)
        except SaveError as error:
            self._host.notify(str(error), title="Not saved", severity="error")
            return
        self._host.save_path = path
        self._saved()
        self._host.notify(f"Saved as {path}; autosaves go there now", timeout=4)
        self.changed(save=False)

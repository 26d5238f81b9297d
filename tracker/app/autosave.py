"""Keeping the fight on disk: autosave after every command, save as, and never leaving an
unsaved fight behind without the GM saying so twice.

Held by the app (`app.autosave`), kept apart so the app module stays the place where a
Command meets the engine; it reaches the app only through `SaveHost`.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tracker.host.action_host import Notifies

if TYPE_CHECKING:
    from rules.engine.session import Session


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
        self._unsaved = False  # a command ran since the last good save
        self._leaving_unsaved = ""  # the key pressed once to leave an unsaved fight

    def changed(self, *, save: bool = True) -> None:
        """Autosave, then bump the revision (widgets redraw): what the GM sees drawn is on
        disk already. Waiting for the frame lost a command to a kill right after it was
        drawn; a save costs less than a frame (bench: save_ms_c50_e5000 ~6 ms)."""
        self._leaving_unsaved = ""  # the fight moved on: leaving it asks again
        if save:
            self._unsaved = True
            self.flush()
        self._host.revision += 1

    def flush(self) -> bool:
        """Write the session to its file if anything changed; errors are shown, not raised."""
        host = self._host
        session = host.loaded_session
        if not self._unsaved or session is None or host.save_path is None:
            return True
        from rules.saves.store import SaveConflict, SaveError, save_session

        try:
            save_session(session, host.save_path)
        except SaveConflict as error:
            hint = " (ctrl+s saves it as a new file, o reopens the file)"
            host.notify(str(error) + hint, title="Not saved", severity="error", timeout=20)
            self._save_failed()
            return False
        except SaveError as error:
            host.notify(str(error), title="Autosave failed", severity="error", timeout=10)
            self._save_failed()
            return False
        self._saved()
        return True

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

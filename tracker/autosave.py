"""Keeping the fight on disk: autosave after every command, save as, and never leaving an
unsaved fight behind without the GM saying so twice.

A mixin of `TrackerApp` (so `app.flush_autosave()`, `app.saved` read as before), kept
apart so the app module stays the place where a Command meets the engine.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App

    from rules.engine.session import Session

    _Base = App[None]
else:
    _Base = object


class Autosave(_Base):
    """The save file's side of the app: what is on disk, and what is not yet."""

    save_path: Path | None
    saves_dir: Path
    unsaved_since: datetime | None
    _session: Session | None
    revision: int  # the app's reactive: widgets redraw when it moves

    def _init_autosave(self) -> None:
        self._unsaved = False  # a command ran since the last good save
        self._leaving_unsaved = ""  # the key pressed once to leave an unsaved fight

    def changed(self, *, save: bool = True) -> None:
        """Autosave, then bump the revision (widgets redraw): what the GM sees drawn is on
        disk already. Waiting for the frame lost a command to a kill right after it was
        drawn; a save costs less than a frame (bench: save_ms_c50_e5000 ~6 ms)."""
        self._leaving_unsaved = ""  # the fight moved on: leaving it asks again
        if save:
            self._unsaved = True
            self.flush_autosave()
        self.revision += 1

    def flush_autosave(self) -> bool:
        """Write the session to its file if anything changed; errors are shown, not raised."""
        if not self._unsaved or self._session is None or self.save_path is None:
            return True
        from rules.saves.store import SaveConflict, SaveError, save_session

        try:
            save_session(self._session, self.save_path)
        except SaveConflict as error:
            hint = " (ctrl+s saves it as a new file, o reopens the file)"
            self.notify(str(error) + hint, title="Not saved", severity="error", timeout=20)
            self._save_failed()
            return False
        except SaveError as error:
            self.notify(str(error), title="Autosave failed", severity="error", timeout=10)
            self._save_failed()
            return False
        self._saved()
        return True

    def _save_failed(self) -> None:
        """The toast goes; the status bar keeps saying so until a save works."""
        if self.unsaved_since is None:
            self.unsaved_since = datetime.now()

    def _saved(self) -> None:
        self._unsaved = False
        self._leaving_unsaved = ""
        self.unsaved_since = None

    @property
    def saved(self) -> bool:
        return not self._unsaved

    def may_leave(self, key: str, what: str) -> bool:
        """True when the fight on screen is on disk (saved now if need be), or the GM
        pressed `key` a second time to leave it unsaved: a failed save never lets a
        quit or another save's opening drop an evening's fight silently."""
        if self.flush_autosave() or self._leaving_unsaved == key:
            return True
        self._leaving_unsaved = key
        self.notify(
            f"press {key} again to {what} without saving (ctrl+s saves it elsewhere first)",
            title="Not saved",
            severity="error",
        )
        return False

    def action_save_as(self) -> None:
        from tracker.modals.save_as import SaveAs

        assert self._session is not None
        current = self.save_path.stem if self.save_path else self._session.encounter.name
        self.push_screen(SaveAs(self.saves_dir, current), self._save_as)

    def _save_as(self, path: Path | None) -> None:
        if path is None or self._session is None:
            return
        from rules.saves.store import SaveError, save_session

        try:
            save_session(self._session, path)
        except SaveError as error:
            self.notify(str(error), title="Not saved", severity="error")
            return
        self.save_path = path
        self._saved()
        self.notify(f"Saved as {path}; autosaves go there now", timeout=4)
        self.changed(save=False)

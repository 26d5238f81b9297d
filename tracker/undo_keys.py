"""u and U: undo and redo, each refusal shown with its reason (a save whose history
cannot be replayed stops undo where it was opened; the fight plays on)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from textual.app import App

    from rules.engine.session import Session
    from tracker.autosave import Autosaver
    from tracker.cancelled import CancelledCommand

    _Base = App[None]
else:
    _Base = object


UNDO_TAIL = 64  # the log lines kept aside for the undo notice (a step writes a few)


class UndoKeys(_Base):
    """A mixin of `TrackerApp`: the history keys, which never roll a die (redo reuses
    the faces of the first time)."""

    cancelled: CancelledCommand
    autosave: Autosaver
    if TYPE_CHECKING:  # TrackerApp's, declared for the type checker only

        @property
        def session(self) -> Session | None: ...

    def action_undo(self) -> None:
        self._history("undo")

    def action_redo(self) -> None:
        self._history("redo")

    def _history(self, which: Literal["undo", "redo"]) -> None:
        from rules.engine.questions import CommandError
        from rules.engine.session import HistoryError

        assert self.session is not None
        try:
            if which == "undo":
                log = self.session.encounter.log
                count, tail = len(log), log[-UNDO_TAIL:]
                step = self.session.undo()
                gone = count - len(self.session.encounter.log)  # the lines the step wrote
                said = tail[-gone].text if 0 < gone <= len(tail) else None
                self.notify(f"Undid: {said or step.command.type.replace('-', ' ')}", timeout=3)
            else:
                self.session.redo()
        except (CommandError, HistoryError, ValueError) as error:
            self.notify(str(error), title=f"Cannot {which}", severity="warning")
            return
        self.cancelled.forget()
        self.autosave.changed()

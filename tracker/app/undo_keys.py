"""u and U: undo and redo, each refusal shown with its reason (a save whose history
cannot be replayed stops undo where it was opened; the fight plays on).

Held by the app (`app.history`); its `action_undo` and `action_redo` (Textual's
bindings) hand over here. It reaches the app only through `HistoryHost`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

from tracker.host.action_host import Notifies

if TYPE_CHECKING:
    from rules.engine.session import Session
    from tracker.app.autosave import Autosaver
    from tracker.app.cancelled import CancelledCommand


UNDO_TAIL = 64  # the log lines kept aside for the undo notice (a step writes a few)


class HistoryHost(Notifies, Protocol):
    """The app whose session steps back and forth, and what a step changes there."""

    @property
    def session(self) -> Session | None: ...

    @property
    def cancelled(self) -> CancelledCommand: ...

    @property
    def autosave(self) -> Autosaver: ...


class UndoRedo:
    """The history keys, which never roll a die (redo reuses the faces of the first time)."""

    def __init__(self, host: HistoryHost) -> None:
        self._host = host

    def undo(self) -> None:
        self._step("undo")

    def redo(self) -> None:
        self._step("redo")

    def _step(self, which: Literal["undo", "redo"]) -> None:
        from rules.engine.questions import CommandError
        from rules.engine.session import HistoryError

        host = self._host
        session = host.session
        assert session is not None
        try:
            if which == "undo":
                log = session.encounter.log
                count, tail = len(log), log[-UNDO_TAIL:]
                step = session.undo()
                gone = count - len(session.encounter.log)  # the lines the step wrote
                said = tail[-gone].text if 0 < gone <= len(tail) else None
                host.notify(f"Undid: {said or step.command.type.replace('-', ' ')}", timeout=3)
            else:
                session.redo()
        except (CommandError, HistoryError, ValueError) as error:
            host.notify(str(error), title=f"Cannot {which}", severity="warning")
            return
        host.cancelled.forget()
        host.autosave.changed()

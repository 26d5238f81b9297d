"""A layer of `TrackerApp`: what the dialogs answered and what became of each command.

The dialogs and `run_command` post messages (tracker.messages); they are
handled here with `@on`, on the app's own queue, in the order they happened:
a dialog's answer before its command's outcome. Two keepers listen: the
choices of a command cancelled at the dice (tracker.cancelled) and the act
flow, which goes on to the next dialog once the very command its dialog
answered is applied, and stops when it is refused or cancelled.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from textual import on
from textual.app import App

from tracker.cancelled import CANCELLED_NOTE
from tracker.messages import (
    CommandApplied,
    CommandCancelled,
    CommandRefused,
    DialogAnswered,
    DialogCancelled,
)

if TYPE_CHECKING:
    from tracker.act_flow import ActFlow
    from tracker.app import TrackerApp
    from tracker.cancelled import CancelledCommand


class Outcomes(App[None]):
    """The app's handlers of the dialogs' answers and the commands' outcomes.

    An App subclass (not a bare mixin) so that Textual collects
    its `@on` handlers; `TrackerApp` lists it before App itself.
    """

    cancelled: CancelledCommand  # TrackerApp's

    @cached_property
    def act_flow(self) -> ActFlow:
        """a r s k and d: which act dialog opens, and what follows it (tracker/act_flow.py)."""
        from tracker.act_flow import ActFlow

        app: TrackerApp = self  # type: ignore[assignment]  # this layer is only ever TrackerApp's
        return ActFlow(app)

    @on(DialogAnswered)
    def _dialog_answered(self, message: DialogAnswered) -> None:
        """Note the fields behind an answer (kept if its command is cancelled at the dice);
        an act dialog's answer also tells the act flow what to wait for."""
        if message.fields is not None:
            self.cancelled.answered(message.result, message.fields)
        self.act_flow.answered(message)

    @on(DialogCancelled)
    def _dialog_cancelled(self, message: DialogCancelled) -> None:
        """Escape in a dialog that brought back kept choices: the GM changed their mind."""
        if message.kept:
            self.cancelled.forget()

    @on(CommandApplied)
    def _command_applied(self, message: CommandApplied) -> None:
        self.act_flow.applied(message.command)

    @on(CommandRefused)
    def _command_refused(self, message: CommandRefused) -> None:
        """The engine's reason, as it gave it; the act it belonged to ends."""
        self.notify(message.reason, title="Refused", severity="error")
        self.act_flow.ended(message.command)

    @on(CommandCancelled)
    def _command_cancelled(self, message: CommandCancelled) -> None:
        """Escape at a dice prompt: nothing changed; the GM's choices are kept (the app
        told the keeper before posting this) and the act ends."""
        self.notify(CANCELLED_NOTE, severity="warning", timeout=8)
        self.act_flow.ended(message.command)

"""What the dialogs answered and what became of each command, heard by whoever keeps them.

The dialogs and `run_command` post messages (tracker.host.messages) to the app's own
queue, so they arrive in the order they happened: a dialog's answer before its
command's outcome. The app's handlers (`on_dialog_answered` ...) hand each one
here, and two keepers listen: the choices of a command cancelled at the dice
(tracker.app.cancelled) and the act flow, which goes on to the next dialog once the
very command its dialog answered is applied, and stops when it is refused or
cancelled. Held by the app (`app.outcomes`), which it reaches through `OutcomesHost`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from tracker.app.cancelled import CANCELLED_NOTE
from tracker.host.action_host import Notifies

if TYPE_CHECKING:
    from tracker.app.act_flow import ActFlow
    from tracker.app.cancelled import CancelledCommand
    from tracker.host.messages import (
        CommandApplied,
        CommandCancelled,
        CommandRefused,
        DialogAnswered,
        DialogCancelled,
    )


class OutcomesHost(Notifies, Protocol):
    """The app: its two listeners (the act flow is made when first asked for: its
    dialogs are imported then), and where a refusal or a cancelled roll is said."""

    @property
    def cancelled(self) -> CancelledCommand: ...

    @property
    def act_flow(self) -> ActFlow: ...


class Outcomes:
    """The app's answers to the dialogs' answers and the commands' outcomes."""

    def __init__(self, host: OutcomesHost) -> None:
        self._host = host

    def dialog_answered(self, message: DialogAnswered) -> None:
        """Note the fields behind an answer (kept if its command is cancelled at the dice);
        an act dialog's answer also tells the act flow what to wait for."""
        if message.fields is not None:
            self._host.cancelled.answered(message.result, message.fields)
        self._host.act_flow.answered(message)

    def dialog_cancelled(self, message: DialogCancelled) -> None:
        """Escape in a dialog that brought back kept choices: the GM changed their mind."""
        if message.kept:
            self._host.cancelled.forget()

    def command_applied(self, message: CommandApplied) -> None:
        self._host.act_flow.applied(message.command)

    def command_refused(self, message: CommandRefused) -> None:
        """The engine's reason, as it gave it; the act it belonged to ends."""
        self._host.notify(message.reason, title="Refused", severity="error")
        self._host.act_flow.ended(message.command)

    def command_cancelled(self, message: CommandCancelled) -> None:
        """Escape at a dice prompt: nothing changed; the GM's choices are kept (the app
        told the keeper before posting this) and the act ends."""
        self._host.notify(CANCELLED_NOTE, severity="warning", timeout=8)
        self._host.act_flow.ended(message.command)

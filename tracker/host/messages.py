"""What dialogs and the app tell each other, as Textual messages (the app's `on_*`).

A dialog never reaches into the app: it posts what the GM answered
(`DialogAnswered`) or that they pressed Escape (`DialogCancelled`), and the
app decides what that means (the kept choices of `tracker.app.cancelled`, the
act flow's next step). The app, where it applies a command
(`TrackerApp.run_command`), posts the outcome: `CommandApplied`,
`CommandRefused` (the engine's reason) or `CommandCancelled` (Escape at a
physical-dice prompt: nothing changed). Whoever cares handles them; nobody
watches the app's revision to guess what happened.

Every message is posted to the app's own queue (not bubbled from a screen
that is closing), so they are handled in the order they happened: a
dialog's answer always before its command's outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from rules.model.commands import Command
    from tracker.modals.kept_fields import FormNote


class DialogMessage(Message):
    """What `dialog` says as it closes."""

    def __init__(self, dialog: ModalScreen[Any]) -> None:
        super().__init__()
        self.dialog = dialog

    @property
    def control(self) -> ModalScreen[Any]:
        """The dialog (Textual's name for a message's sender, matched by `@on` selectors)."""
        return self.dialog


class DialogAnswered(DialogMessage):
    """`dialog` was dismissed with `result`; `fields` notes its fields when it keeps
    them (they come back if the command is cancelled at a dice prompt)."""

    def __init__(self, dialog: ModalScreen[Any], result: object, fields: FormNote | None) -> None:
        super().__init__(dialog)
        self.result = result
        self.fields = fields


class DialogCancelled(DialogMessage):
    """Escape in `dialog`; `kept` when it had brought back a cancelled command's fields
    (the GM changed their mind: they are forgotten)."""

    def __init__(self, dialog: ModalScreen[Any], *, kept: bool) -> None:
        super().__init__(dialog)
        self.kept = kept


class CommandApplied(Message):
    """`command` changed the encounter (it is the last step of the history)."""

    def __init__(self, command: Command) -> None:
        super().__init__()
        self.command = command


class CommandRefused(Message):
    """The engine refused `command`; `reason` says why, as the GM is shown it."""

    def __init__(self, command: Command, reason: str) -> None:
        super().__init__()
        self.command = command
        self.reason = reason


class CommandCancelled(Message):
    """Escape at a physical-dice prompt for `command`: nothing changed (the engine
    rolled it all back), and the act it belonged to ends there."""

    def __init__(self, command: Command) -> None:
        super().__init__()
        self.command = command

"""A hostile text pasted into one field of an open dialog, then enter: what the app-level
text tests share (the main screen's Save as and luck, the party screen's dialogs)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from tracker.modals.form import Dialog, FieldError

# A bidi override and a control, a lone surrogate, NUL and an escape after words.
PASTED = ["x\u202eevil\x01y", "\udcff", "ok\x00\x1b[2J"]


def shown(dialog: Dialog[object], slot: str) -> str:
    """What the dialog's message line `slot` says now."""
    return " ".join(e.message for e in dialog.query(FieldError) if e.slot == slot)


async def paste_and_enter(
    pilot: Pilot[None], dialog: Dialog[object], field: str, text: str
) -> None:
    box = dialog.query_one(f"#{field}", Input)
    box.value = text  # a paste: every character as it came
    box.focus()
    await pilot.press("enter")
    await pilot.pause()

"""Closed question dialogs kept built, to ask the next question of their class (issue 27).

The parry question and the damage dialog follow nearly every attack. Built afresh each
time, composing, mounting and styling the same ~20 widgets again took about a third
of the time from the roll to the question drawn (bench_dialog). So once closed and off
the screen (tracker.app.late_teardown) such a dialog stays installed here, and the
next question of its class is asked by it, refilled from the dialog made for that
question (tracker.modals.act.refill). When none fits (another shape: a second weapon,
a held action's checkbox; another terminal size), that dialog is shown as made, fresh.

A dialog still handling messages is not kept (whatever is on its way belongs to the
question it asked), nor is any reused while a cancelled command's choices wait to come
back: those are put back by a dialog as it mounts (tracker.modals.kept_fields).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, TypeVar, cast

from textual.screen import Screen

from tracker.host.dialog_host import KeepsCancelled
from tracker.modals.act import DamageDialog, ParryDialog
from tracker.modals.act.refill import fit, refill

REUSED: tuple[type[Screen[Any]], ...] = (ParryDialog, DamageDialog)
ScreenT = TypeVar("ScreenT", bound=Screen[Any])
KEPT_PER_CLASS = 2  # a parry's shape and another's: most fights have one or two


class PoolHost(Protocol):
    def uninstall_screen(self, screen: Screen[Any] | str) -> str | None: ...


class DialogPool:
    """Idle question dialogs by class, newest first; each is installed (late_teardown's
    name) so that closing it did not take it down."""

    def __init__(self, host: PoolHost) -> None:
        self._host = host
        self._idle: dict[type[Screen[Any]], list[Screen[Any]]] = {}

    @property
    def idle(self) -> tuple[Screen[Any], ...]:
        return tuple(dialog for kept in self._idle.values() for dialog in kept)

    def ask(self, made: ScreenT) -> tuple[ScreenT, Callable[[], None] | None]:
        """The dialog to show for `made`'s question: a kept one built alike, with what
        refills it once pushed; else `made` itself (None)."""
        if type(made) not in REUSED or self._choices_waiting(made):
            return made, None
        kept = self._idle.get(type(made), [])
        found = fit(kept, made)
        if found is None:
            return made, None
        dialog, composed = found
        kept.remove(dialog)
        reused = cast(ScreenT, dialog)  # `fit`: of made's very class
        return reused, partial(refill, dialog, made, composed)

    def keep(self, dialog: Screen[Any]) -> bool:
        """Keep a closed dialog off the stack (True), or leave it to be taken down."""
        if type(dialog) not in REUSED or not dialog.is_running or dialog.message_queue_size:
            return False
        kept = self._idle.setdefault(type(dialog), [])
        kept.insert(0, dialog)
        for oldest in kept[KEPT_PER_CLASS:]:
            kept.remove(oldest)
            self._take_down(oldest)
        return True

    def clear(self) -> None:
        """Take every kept dialog down: the next question of each class is built fresh."""
        for dialog in self.idle:
            self._take_down(dialog)
        self._idle.clear()

    def _take_down(self, dialog: Screen[Any]) -> None:
        self._host.uninstall_screen(dialog)
        dialog.remove()

    @staticmethod
    def _choices_waiting(made: Screen[Any]) -> bool:
        app = made.app
        return isinstance(app, KeepsCancelled) and app.cancelled.command is not None

"""A closed act dialog is taken down after the next frame, not before it (issue 27).

Answering the attack dialog pops it and pushes the parry or damage question in the
same turn (tracker.app.act_flow). Textual then removes the closed dialog at once: its
~90 widgets stop, unmount and prune while the next dialog composes, all before that
dialog's first frame. bench_dialog, 30 samples, three runs each side by side: 203 ms
median with the removal there, 170 ms with it after the frame.

So each act dialog is installed while it is up (an installed screen is not removed
when popped: Textual's public `install_screen`), and once one closes, every kept
dialog no longer on the stack is uninstalled and removed after the next refresh,
unless `recycle` keeps it built for the next question of its class
(tracker.app.dialog_pool).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.screen import Screen


class TeardownHost(Protocol):
    """The app: its screens, installed and stacked, and its after-the-frame queue."""

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def install_screen(self, screen: Screen[Any], name: str) -> None: ...

    def uninstall_screen(self, screen: Screen[Any] | str) -> str | None: ...

    def is_screen_installed(self, screen: Screen[Any] | str) -> bool: ...

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any) -> bool: ...


class LateTeardown:
    """The act dialogs kept installed until the frame after they close."""

    def __init__(
        self, host: TeardownHost, recycle: Callable[[Screen[Any]], bool] = lambda _: False
    ) -> None:
        self._host = host
        self._recycle = recycle  # True: the dialog is kept built, installed, elsewhere
        self._kept: list[Screen[Any]] = []

    @property
    def kept(self) -> tuple[Screen[Any], ...]:
        return tuple(self._kept)

    def keep(self, dialog: Screen[Any]) -> None:
        """Install `dialog` (about to be pushed): closing it will not tear it down. One
        recycled is installed already."""
        if not self._host.is_screen_installed(dialog):
            self._host.install_screen(dialog, f"act-dialog-{id(dialog)}")
        self._kept.append(dialog)

    def closed(self) -> None:
        """An act dialog closed (answered or cancelled): after the next frame, which shows
        what comes next, every kept dialog off the stack goes."""
        self._host.call_after_refresh(self.tear_down)

    def tear_down(self) -> None:
        stack = self._host.screen_stack
        for dialog in [d for d in self._kept if d not in stack]:
            self._kept.remove(dialog)
            if self._recycle(dialog):
                continue
            self._host.uninstall_screen(dialog)
            dialog.remove()

"""Textual's footer, rebuilt only when the keys it shows change.

The stock footer throws away and mounts a widget per key every time the screen's
bindings are updated, which is every focus move, every dialog closed and every
key that changes what a key may do: most of those show the same keys. Each
rebuild restyles and lays out the whole bar (about a quarter of a test's frames
were footers rebuilt unchanged). This one compares what it would show (key,
label, whether it may be pressed, tooltip) with what it shows, and keeps the bar
when they are the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen
from textual.widgets import Footer

from tracker.actions.registry import FOOTER_CALLS

if TYPE_CHECKING:
    from textual.app import ComposeResult

Shown = tuple[tuple[str, str, str, bool, str], ...]


def shown_keys(screen: Screen[object]) -> Shown:
    """What the footer draws for this screen's bindings, in its order."""
    return tuple(
        (binding.key, binding.action, binding.description, enabled, tooltip)
        for _node, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


def footer_rank(widget: object) -> int:
    """Where a footer key goes: the registry's FOOTER_ORDER (what a GM uses most first),
    then any other key in binding order."""
    action = getattr(widget, "action", None)  # a FooterKey's (Textual keeps it private)
    return FOOTER_CALLS.index(action) if action in FOOTER_CALLS else len(FOOTER_CALLS)


class KeyFooter(Footer):
    """A footer that rebuilds itself only when its keys change, most used keys first."""

    def compose(self) -> ComposeResult:
        keys = super().compose()
        if getattr(self.screen, "hosts_gm_actions", False):  # the main screen: GM order
            keys = iter(sorted(keys, key=footer_rank))  # stable: the rest keep their order
        yield from keys

    def __init__(self) -> None:
        super().__init__()
        self._drawn: Shown | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Rebuild (as the stock footer does) only when what it shows has changed."""
        if screen is not screen.app.screen:
            return  # covered by a dialog: its keys are the dialog's; redrawn when shown
        will_draw = screen.app.app_focus and self.is_attached and screen is self.screen
        if will_draw:
            shown = shown_keys(screen)
            if shown == self._drawn:
                return
            self._drawn = shown
        super().bindings_changed(screen)

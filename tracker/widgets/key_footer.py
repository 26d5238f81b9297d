"""Textual's footer, rebuilt only when the keys it shows change.

The stock footer throws away and mounts a widget per key every time the screen's
bindings are updated, which is every focus move, every dialog closed and every
key that changes what a key may do: most of those show the same keys. Each
rebuild restyles and lays out the whole bar (about a quarter of a test's frames
were footers rebuilt unchanged). This one compares what it would show (key,
label, whether it may be pressed, tooltip) with what it shows, and keeps the bar
when they are the same; when only which keys are greyed changed (most revisions
of a fight), it greys them where they stand instead of rebuilding.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen
from textual.widgets import Footer

from tracker.textual_compat.footer import FooterKey, set_greyed

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import ComposeResult

Shown = tuple[tuple[str, str, str, bool, str], ...]


def shown_keys(screen: Screen[object]) -> Shown:
    """What the footer draws for this screen's bindings, in its order."""
    return tuple(
        (binding.key, binding.action, binding.description, enabled, tooltip)
        for _node, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


def footer_rank(order: Sequence[str], widget: object) -> int:
    """Where a footer key goes: its action's place in `order` (the main screen's is the
    registry's FOOTER_CALLS, what a GM uses most first), then any other in binding order."""
    action = getattr(widget, "action", None)  # a FooterKey's (Textual keeps it private)
    return order.index(action) if action in order else len(order)


def only_greying_differs(drawn: Shown, shown: Shown) -> bool:
    """The same keys, labels and tooltips, in the same order; only `enabled` differs."""
    return [row[:3] + row[4:] for row in drawn] == [row[:3] + row[4:] for row in shown]


class KeyFooter(Footer):
    """A footer that rebuilds itself only when its keys change, most used keys first."""

    def compose(self) -> ComposeResult:
        keys = super().compose()
        if self._order:  # stable: the keys it does not name keep their binding order
            keys = iter(sorted(keys, key=lambda key: footer_rank(self._order, key)))
        yield from keys

    def __init__(self, order: Sequence[str] = ()) -> None:
        """`order`: the actions drawn first, in this order (the widgets know no registry)."""
        super().__init__()
        self._order = tuple(order)
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
            drawn, self._drawn = self._drawn, shown
            if drawn is not None and only_greying_differs(drawn, shown) and self.children:
                self._regrey(shown)
                return
        super().bindings_changed(screen)

    def _regrey(self, shown: Shown) -> None:
        """Grey each drawn key as `shown` says (its first binding's, as compose does)."""
        enabled: dict[tuple[str, str], bool] = {}
        for key, action, _description, may, _tooltip in shown:
            enabled.setdefault((key, action), may)
        for widget in self.query(FooterKey):
            set_greyed(widget, not enabled.get((widget.key, widget.action), True))

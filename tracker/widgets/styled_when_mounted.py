"""Styles worked out for widgets on screen, not for widgets still being built.

Textual (pinned) restyles a widget and everything under it the moment one of its classes
changes, mounted or not. Many of its widgets set a class as they are built (`compact`,
a Select's `-has-value`), so every select, input and footer key of a dialog was styled
once for nothing before mounting styled it again (a tenth of the style work of an attack
flow). A widget not yet in the app is skipped; mounting styles it with the classes it
has by then, as it always did.
"""

from __future__ import annotations

from textual.app import App
from textual.dom import DOMNode


class StyledWhenMounted(App[None]):
    """Mix into an App: `update_styles` leaves alone a node that is not mounted yet."""

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        if node is not self and not node.is_attached:
            return
        super().update_styles(node, animate=animate)

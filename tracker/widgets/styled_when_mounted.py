"""Styles worked out for widgets on screen, not for widgets still being built.

Textual (pinned) restyles a widget and everything under it the moment one of its classes
changes, mounted or not. Many of its widgets set a class as they are built (`compact`,
a Select's `-has-value`), so every select, input and footer key of a dialog was styled
once for nothing before mounting styled it again (a tenth of the style work of an attack
flow). A widget not yet in the app is skipped; mounting styles it with the classes it
has by then, as it always did. Each app's `update_styles` asks `styled_now` first.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen


def styled_now(app: App[Any], node: DOMNode) -> bool:
    """Whether `app.update_styles(node)` should style `node` now: the app itself, or a
    node attached to it (one still being built is styled when it mounts) on a screen in
    the stack. A dialog popped is restyled for nothing as it goes (its focused select
    blurs); a screen off the stack is restyled in full when it is pushed again."""
    if node is app:
        return True
    if not node.is_attached:
        return False
    screen = node if isinstance(node, Screen) else node.screen
    return screen in app.screen_stack

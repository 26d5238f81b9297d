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
from weakref import WeakKeyDictionary, WeakSet

from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen

from tracker.textual_compat.composed import css_generation

# How many times each app was restyled as a whole (its own classes or pseudo-classes
# changed: a terminal losing focus, say), which reaches the screens in the stack only.
_APP_RESTYLES: WeakKeyDictionary[App[Any], int] = WeakKeyDictionary()
# The nodes of each screen off the stack whose restyle was put off until it is shown.
_PUT_OFF: WeakKeyDictionary[Screen[Any], WeakSet[DOMNode]] = WeakKeyDictionary()


def styled_now(app: App[Any], node: DOMNode) -> bool:
    """Whether `app.update_styles(node)` should style `node` now: the app itself, or a
    node attached to it (one still being built is styled when it mounts) on a screen in
    the stack. A dialog popped is restyled for nothing as it goes (its focused select
    blurs); a screen off the stack has those nodes restyled when it is shown again
    (`put_off`), or all of it when the app's styles changed meanwhile."""
    if node is app:
        _APP_RESTYLES[app] = _APP_RESTYLES.get(app, 0) + 1
        return True
    if not node.is_attached:
        return False
    screen = node if isinstance(node, Screen) else node.screen
    if screen in app.screen_stack:
        return True
    _PUT_OFF.setdefault(screen, WeakSet()).add(node)
    return False


def put_off(screen: Screen[Any]) -> list[DOMNode]:
    """The nodes of `screen` whose restyle `styled_now` put off while it was off the
    stack (each restyles its descendants too), forgotten as they are returned."""
    return list(_PUT_OFF.pop(screen, ()))


def styles_generation(app: App[Any]) -> tuple[int, int]:
    """Changes when the app's styles change for every screen (a theme, the CSS, the app's
    own classes: counted by `styled_now`), which reach only the screens in the stack. A
    screen styled at this generation and shown again while it holds needs no full
    restyle: what its own widgets changed meanwhile was styled there and then, or, while
    it was off the stack, is restyled as it comes back (`put_off`)."""
    return css_generation(app), _APP_RESTYLES.get(app, 0)

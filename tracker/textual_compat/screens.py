"""Screen insides: the resize hook, the component classes a screen merges, the screen
that asked for a dialog's answer."""

from __future__ import annotations

from typing import Any, cast

from textual.dom import DOMNode
from textual.geometry import Size
from textual.message_pump import MessagePump
from textual.screen import Screen

__all__ = ["ResizeGate", "asking_screen", "component_classes"]


class ResizeGate:
    """Mix in before a Screen class: `keeps_layout(size)` True skips Textual's relayout.

    `Screen._screen_resized` is what App calls with each new size; there is no public
    hook before it (`on_resize` comes after the layout is done). Used by
    tracker.widgets.steady_layout to skip the same-size relayout of every dialog.
    """

    def keeps_layout(self, size: Size) -> bool:
        return False

    def _screen_resized(self, size: Size) -> None:
        if self.keeps_layout(size):
            return
        Screen._screen_resized(cast(Screen[Any], self), size)


def component_classes(node_type: type[DOMNode]) -> frozenset[str]:
    """Every component class a node type declares, its bases' included (the public
    `COMPONENT_CLASSES` is one class's own; Textual merges them privately)."""
    return node_type._get_component_classes()


def asking_screen(screen: Screen[Any]) -> MessagePump | None:
    """What pushed `screen` and will run its answer's callback (the last `ResultCallback`'s
    requester), None when nothing waits: Textual keeps the callbacks private."""
    callbacks = screen._result_callbacks
    return callbacks[-1].requester if callbacks else None

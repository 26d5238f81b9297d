"""How a message travels: its clock, whether it was stopped, who it bubbles to next.

Two tracker features follow a message by hand: the key queue (tracker.host.key_order)
waits until a key has bubbled all the way up before it delivers the next, and
a form put back after a cancelled roll (tracker.modals.kept_fields) runs a
field's change handlers on the spot, as Textual would when it bubbles.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable

# `Message.time` is read from this clock; kept_fields compares an ended restore with it.
# No public clock: `time.monotonic` is what it wraps today, but tests patch this one.
from textual._time import get_time as message_clock
from textual.message import Message
from textual.message_pump import MessagePump

__all__ = ["MessageGate", "dispatch_methods", "is_stopped", "message_clock", "pump_parent"]


def is_stopped(message: Message) -> bool:
    """Whether a handler called `message.stop()`: Textual keeps it in `_stop_propagation`
    and offers no reader (there is `stop()`, `is_forwarded`, but no `is_stopped`)."""
    return message._stop_propagation


def pump_parent(node: MessagePump) -> MessagePump | None:
    """The node a message bubbles to from `node`. `DOMNode.parent` is public, but the App
    and a Screen are only MessagePumps there, and a key may stop at either."""
    return node._parent


def dispatch_methods(
    node: MessagePump, message: Message
) -> Iterable[tuple[type, Callable[[Message], Awaitable[object]]]]:
    """The handlers Textual would call for `message` at `node`, in its order (`on_*`
    methods and `@on` ones, along the MRO). No public API: a form that replays a field's
    change without posting it (kept_fields) needs exactly Textual's choice."""
    return node._get_dispatch_methods(message.handler_name, message)


class MessageGate(MessagePump):
    """Mix in before a MessagePump class: `drops_message(message)` True means no handler
    sees it. Textual filters only by type (`prevent`), not by what a message says; the
    dialogs drop the field changes a restored form made outdated (kept_fields)."""

    def drops_message(self, message: Message) -> bool:
        return False

    async def _on_message(self, message: Message) -> None:
        if self.drops_message(message):
            return
        await super()._on_message(message)

"""Keys are handled one at a time, in the order typed, by the screen that is current then.

Textual routes each key the moment it reads it: to the widget focused at that
instant. A key bound on a screen (`w` opens the wound dialog) only acts once
it has bubbled from that widget up to the app, so the keys typed with it in
one burst (`w 3 7 5`) were already in the old screen's roster and were lost;
a key typed while a dialog was still composing went to its bare screen (no
field had the focus yet) and was lost too (`3 7 0 5` arrived as `7 0 5`); and
an Input's `ctrl+u`, a binding, cleared the text typed *after* it, which had
reached the field before the binding ran.

Here the app keeps each key until the one before it is done (stopped by a
widget, or back at the app after its bindings ran) and the current screen has
mounted (its fields composed and one focused): then it routes it as Textual
would. A dialog that answers holds the keys too (`hold_keys`) until what its
answer opens (a dice prompt) is on the stack, so `enter 3 7 0 5` types the
faces into the prompt, not into the closing dialog. Nothing is timed: each
step follows the message queues it waits on (a hold older than HOLD_LIMIT is
dropped when the next key comes, so a lost release can never freeze the keys).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events

from tracker.textual_compat.messages import is_stopped, pump_parent

if TYPE_CHECKING:
    from textual.app import App
    from textual.message_pump import MessagePump
    from textual.screen import Screen

    _Base = App[None]
else:
    _Base = object

HOLD_LIMIT = 2.0  # seconds: a hold not released by then is taken for lost


def hold_keys(app: object) -> Callable[[], None]:
    """Keep the keys typed from now on until the returned release is called.

    A no-op on an app without KeyOrder (a bare test host).
    """
    if isinstance(app, KeyOrder):
        return app.hold_keys()
    return lambda: None


class KeyOrder(_Base):
    """A mixin of `TrackerApp`: one key in flight at a time, none before its screen is ready."""

    _keys_waiting: deque[events.Key] | None = None
    _key_in_flight: events.Key | None = None
    _key_node: MessagePump | None = None  # where the key in flight is being handled
    _key_screen: Screen[object] | None = None  # the screen asked to say when it has mounted
    _key_gone: Screen[object] | None = None  # one that closed before it mounted: no wait
    _key_holds: dict[int, float] | None = None  # each hold not yet released: when it began
    _key_hold_count = 0

    def hold_keys(self) -> Callable[[], None]:
        """Keep the keys from now on until the returned release is called (once is enough)."""
        if self._key_holds is None:
            self._key_holds = {}
        self._key_hold_count += 1
        hold = self._key_hold_count
        self._key_holds[hold] = time.monotonic()

        def release() -> None:
            holds = self._key_holds
            if holds is not None and holds.pop(hold, None) is not None:
                self.call_later(self._route_keys)

        return release

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self._keys_waiting is None:
                self._keys_waiting = deque()
            self._keys_waiting.append(event)
            node = self._key_node
            if self._key_in_flight is not None and node is not None and not node.is_running:
                self._key_in_flight = None  # its widget went away with it: it is done
            if self._key_holds:
                stale = time.monotonic() - HOLD_LIMIT
                self._key_holds = {h: t for h, t in self._key_holds.items() if t > stale}
            await self._route_keys()
            return
        await super().on_event(event)
        if event is self._key_in_flight:  # bubbled back to the app: its bindings have run
            await self._key_done(event)

    async def _route_keys(self) -> None:
        """Route the waiting keys, each once the one before it is done."""
        waiting = self._keys_waiting
        while waiting and self._key_in_flight is None and not self._key_holds:
            screen = self.screen
            if not screen.is_mounted and screen is not self._key_gone:
                self._when_mounted(screen)
                return
            event = waiting.popleft()
            target: MessagePump = self.focused or screen
            await super().on_event(event)  # Textual's routing: priority bindings, or forward
            if event.is_forwarded:
                self._key_in_flight, self._key_node = event, target
                if not target.call_later(self._key_at, event, target):
                    self._key_in_flight = None  # the target has stopped: the key ends there

    def _when_mounted(self, screen: Screen[object]) -> None:
        """Ask a screen still composing to say when it has mounted (once per screen).

        Its queue starts after its compose and mount handlers, so a callback
        posted there runs once its fields exist and one has the focus.
        """
        if self._key_screen is screen:
            return
        self._key_screen = screen
        if not screen.call_later(self._screen_mounted):
            self._key_gone = screen  # closed before it mounted: route on as Textual would
            self.call_later(self._route_keys)

    def _screen_mounted(self) -> None:
        self._key_screen = None
        self.call_later(self._route_keys)

    def _key_at(self, event: events.Key, node: MessagePump) -> None:
        """`node` has handled the key: follow it up (bubbling) or call it done."""
        parent = pump_parent(node)
        if is_stopped(event) or parent is None or parent is self:
            # Stopped here, or it went on to the app (whose own queue says when it is done).
            self._key_node = self
            self.call_later(self._key_done, event)
        elif parent.call_later(self._key_at, event, parent):
            self._key_node = parent
        else:
            self.call_later(self._key_done, event)

    async def _key_done(self, event: events.Key) -> None:
        if self._key_in_flight is event:
            self._key_in_flight = None
            await self._route_keys()

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

The queue is held by the app (`app.keys`), whose `on_event` hands it every event
first; it reaches the app only through `KeyHost`.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual import events

from tracker.textual_compat.messages import is_stopped, pump_parent

if TYPE_CHECKING:
    from textual.message_pump import MessagePump
    from textual.screen import Screen
    from textual.widget import Widget

HOLD_LIMIT = 2.0  # seconds: a hold not released by then is taken for lost


class KeyHost(Protocol):
    """The app whose keys wait their turn: its screen and focus now, and its own queue."""

    @property
    def screen(self) -> Screen[object]: ...

    @property
    def focused(self) -> Widget | None: ...

    @property
    def is_running(self) -> bool: ...

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...


@runtime_checkable
class QueuesKeys(Protocol):
    """An app with a key queue (the tracker's; a bare test host has none)."""

    @property
    def keys(self) -> KeyQueue: ...


def hold_keys(app: object) -> Callable[[], None]:
    """Keep the keys typed from now on until the returned release is called.

    A no-op on an app without a key queue (a bare test host).
    """
    if isinstance(app, QueuesKeys):
        return app.keys.hold()
    return lambda: None


class KeyQueue:
    """One key in flight at a time, none before its screen is ready."""

    def __init__(self, app: KeyHost, route: Callable[[events.Event], Awaitable[None]]) -> None:
        """`route` is Textual's own routing of an event (the App's `on_event`)."""
        self._app = app
        self._route = route
        self._waiting: deque[events.Key] = deque()
        self._in_flight: events.Key | None = None
        self._node: MessagePump | KeyHost | None = None  # where the key in flight is
        self._screen: Screen[object] | None = None  # the screen asked to say it has mounted
        self._gone: Screen[object] | None = None  # one that closed before it mounted: no wait
        self._holds: dict[int, float] = {}  # each hold not yet released: when it began
        self._hold_count = 0

    @property
    def idle(self) -> bool:
        """No key is waiting or in flight: every key typed so far has been handled."""
        return not self._waiting and self._in_flight is None

    def hold(self) -> Callable[[], None]:
        """Keep the keys from now on until the returned release is called (once is enough)."""
        self._hold_count += 1
        hold = self._hold_count
        self._holds[hold] = time.monotonic()

        def release() -> None:
            if self._holds.pop(hold, None) is not None:
                self._app.call_later(self._route_keys)

        return release

    async def take(self, event: events.Event) -> bool:
        """True when `event` is a key typed (not one Textual forwards): it is queued here
        and routed in turn, so the app's `on_event` does nothing more with it."""
        if not isinstance(event, events.Key) or event.is_forwarded:
            return False
        self._waiting.append(event)
        node = self._node
        if self._in_flight is not None and node is not None and not node.is_running:
            self._in_flight = None  # its widget went away with it: it is done
        if self._holds:
            stale = time.monotonic() - HOLD_LIMIT
            self._holds = {h: t for h, t in self._holds.items() if t > stale}
        await self._route_keys()
        return True

    async def handled(self, event: events.Event) -> None:
        """The app's `on_event` has handled `event`: the key in flight, back at the app,
        has had its bindings run."""
        if event is self._in_flight:
            await self._key_done(event)

    async def _route_keys(self) -> None:
        """Route the waiting keys, each once the one before it is done."""
        waiting = self._waiting
        while waiting and self._in_flight is None and not self._holds:
            screen = self._app.screen
            if not screen.is_mounted and screen is not self._gone:
                self._when_mounted(screen)
                return
            event = waiting.popleft()
            target: MessagePump = self._app.focused or screen
            await self._route(event)  # Textual's routing: priority bindings, or forward
            if event.is_forwarded:
                self._in_flight, self._node = event, target
                if not target.call_later(self._key_at, event, target):
                    self._in_flight = None  # the target has stopped: the key ends there

    def _when_mounted(self, screen: Screen[object]) -> None:
        """Ask a screen still composing to say when it has mounted (once per screen).

        Its queue starts after its compose and mount handlers, so a callback
        posted there runs once its fields exist and one has the focus.
        """
        if self._screen is screen:
            return
        self._screen = screen
        if not screen.call_later(self._screen_mounted):
            self._gone = screen  # closed before it mounted: route on as Textual would
            self._app.call_later(self._route_keys)

    def _screen_mounted(self) -> None:
        self._screen = None
        self._app.call_later(self._route_keys)

    def _key_at(self, event: events.Key, node: MessagePump) -> None:
        """`node` has handled the key: follow it up (bubbling) or call it done."""
        parent = pump_parent(node)
        if is_stopped(event) or parent is None or self._is_app(parent):
            # Stopped here, or it went on to the app (whose own queue says when it is done).
            self._node = self._app
            self._app.call_later(self._key_done, event)
        elif parent.call_later(self._key_at, event, parent):
            self._node = parent
        else:
            self._app.call_later(self._key_done, event)

    def _is_app(self, node: object) -> bool:
        return node is self._app

    async def _key_done(self, event: events.Event) -> None:
        if self._in_flight is event:
            self._in_flight = None
            await self._route_keys()

"""Keys sent as one terminal read delivers them: no pause for the app in between.

Pilot's press waits for the app to go idle after each key, which hides every
race between a key and what the key before it opens.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any
from weakref import WeakKeyDictionary

from textual import events
from textual.app import App
from textual.message import Message

CHARS = {"space": " ", "plus": "+"}
_SENT: WeakKeyDictionary[App[Any], list[Future[bool]]] = WeakKeyDictionary()


def send_at_once(app: App[None], *keys: str) -> None:
    """Queue `keys` on the driver, as a fast GM's burst (`w 3 7 5`) arrives."""
    for key in keys:
        char = CHARS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        deliver(app, event)


def deliver(app: App[Any], message: Message) -> None:
    """Hand `message` to the app as its driver does (`Driver.send_message`: the app's
    `_post_message` run on its loop), keeping the hand-over for `landed`."""
    assert app._driver is not None
    loop = asyncio.get_running_loop()
    _SENT.setdefault(app, []).append(
        asyncio.run_coroutine_threadsafe(app._post_message(message), loop)
    )


async def landed(app: App[Any]) -> None:
    """Until all `deliver` sent is in the app's message queue. It takes two turns of the
    loop (a callback, then a task): a wait queued on the app before then is ahead of the
    keys, not behind them (on Python 3.12 it returned with the keys still on their way)."""
    for future in _SENT.pop(app, []):
        await asyncio.wrap_future(future)

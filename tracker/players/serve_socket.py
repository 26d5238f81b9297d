"""One browser's players' view over its websocket, bounded (`tracker --serve`, issue 25).

textual-serve's own handler trusted the browser. Tried from the table's network, that
let one socket burn a core for two minutes (a million keys in one message), left view
processes running after their connection dropped (three at ~125 MB for minutes, while
the cap let new ones in), drew a 3000×3000 terminal on every autosave, crashed a view on
a size that was text, and printed 220 lines of traceback for one plain GET. Here:

- a message is at most `MAX_MESSAGE` bytes, a key message `MAX_KEYS` characters (the
  view takes no text: a key is a few bytes), anything else closes the socket with its
  reason and one log line;
- a terminal size is whole numbers within `WIDTH` × `HEIGHT`, else the nearest, and it
  comes by a resize message alone: keys that hold the terminal's own in-band size
  report (`ESC[48;rows;cols;…t`, which Textual's parser obeys at any size: one socket
  drew 6000×6000, 108 MB a frame, a core kept busy) or a bracketed paste's start
  (`ESC[200~`, whose text the parser gathers until its end) close the socket, even
  split across messages;
- the view process ends when its socket does: asked to quit, then killed after
  `QUIT_GRACE_S` (a stuck or busy view included); a dropped connection is noticed by the
  heartbeat within `HEARTBEAT_S` or so;
- a request that is no websocket is answered 400 in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService

from tracker.textual_compat.serve import view_process

log = logging.getLogger("textual-serve")

MAX_MESSAGE = 16 * 1024  # bytes: a resize, a ping or a few keys; aiohttp closes past it (1009)
MAX_KEYS = 256  # characters of keys in one message: fast typing, never a paste
WIDTH = (20, 400)  # cells: a phone upright to a large TV
HEIGHT = (8, 150)
QUIT_GRACE_S = 3.0  # a view asked to quit has this long before it is killed
HEARTBEAT_S = 5.0  # a silent connection is closed after about twice this
POLICY = 1008  # websocket close code: a message the page never sends
NOT_KEYS = re.compile("\x1b\\[(?:48;|200~)")  # a size report, a paste: never a key
KEPT_KEYS = 16  # characters of the last keys kept, to see a report split across messages


def _whole(value: Any, default: int, limits: tuple[int, int]) -> int:
    """`value` as a whole number within `limits` (the nearest), else `default`."""
    if isinstance(value, bool):
        return default
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        return default
    low, high = limits
    return max(low, min(high, number))


def view_size(width: Any, height: Any) -> tuple[int, int]:
    """The terminal size a browser asks for, bounded (80 × 24 when it is no number)."""
    return _whole(width, 80, WIDTH), _whole(height, 24, HEIGHT)


def _peer(request: web.Request) -> str:
    return request.remote or "a browser"


ENDING: set[asyncio.Task[None]] = set()  # views being ended (a shutdown waits for them)


async def run_view(
    request: web.Request, command: str, on_end: Callable[[], None], **service: Any
) -> web.StreamResponse:
    """The websocket of one browser's view: `command` runs for as long as it is open.
    `on_end` is called once, when its process has ended (or none was started): the
    server counts live processes, not open handlers."""
    socket = web.WebSocketResponse(heartbeat=HEARTBEAT_S, max_msg_size=MAX_MESSAGE)
    view: AppService | None = None
    try:
        if not socket.can_prepare(request).ok:
            log.warning("%s: asked for the view's socket without a websocket (400)", _peer(request))
            return web.Response(status=400, text="this address is the players' view's websocket\n")
        width, height = view_size(request.query.get("width"), request.query.get("height"))
        await socket.prepare(request)
        view = AppService(
            command,
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=_closer(socket),
            **service,
        )
        await view.start(width, height)
        reason = await _messages(socket, view)
        if reason:
            log.warning("%s: %s: the view is closed", _peer(request), reason)
            await socket.close(code=POLICY, message=reason.encode()[:120])
        return socket
    finally:
        # Its own task, shielded: aiohttp cancels this handler when the connection goes,
        # and a cancelled cleanup would leave the process running (it did).
        ending = asyncio.ensure_future(_end(view, on_end))
        ENDING.add(ending)
        ending.add_done_callback(ENDING.discard)
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(ending)


async def _end(view: AppService | None, on_end: Callable[[], None]) -> None:
    try:
        if view is not None and view_process(view) is not None:  # (started)
            await end_view(view)
    finally:
        on_end()


def _closer(socket: web.WebSocketResponse) -> Callable[[], Awaitable[None]]:
    """What the view calls when its process ends: the socket closes (its own reason)."""

    async def close() -> None:
        await socket.close()

    return close


async def _messages(socket: web.WebSocketResponse, view: AppService) -> str:
    """Hand the browser's messages to the view until the socket closes; why it must close
    ("" when the browser closed it or went silent)."""
    last = ""  # the end of the keys before: a report split across messages is seen whole
    async for message in socket:
        if message.type == WSMsgType.ERROR:
            return "a message too big or broken"
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = json.loads(message.data)
        except ValueError:
            return "a message that is not JSON"
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            return "a message of no known shape"
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin":
            if not isinstance(data, str) or len(data) > MAX_KEYS:
                return f"more than {MAX_KEYS} keys at once"
            if NOT_KEYS.search(last + data):
                return "a terminal size report or a paste sent as keys"
            last = (last + data)[-KEPT_KEYS:]
            await view.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict):
            await view.set_terminal_size(*view_size(data.get("width"), data.get("height")))
        elif kind == "ping":
            await socket.send_json(["pong", data])
        elif kind == "blur":
            await view.blur()
        elif kind == "focus":
            await view.focus()
    return ""


async def end_view(view: AppService) -> None:
    """Ask the view to quit; kill it if it has not within QUIT_GRACE_S (busy or stuck)."""
    stopping = asyncio.ensure_future(view.stop())
    try:
        await asyncio.wait_for(asyncio.shield(stopping), QUIT_GRACE_S)
    except Exception:  # not gone in time, or its pipe already broken: it is killed
        process = view_process(view)  # only the process can be killed
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(stopping, QUIT_GRACE_S)

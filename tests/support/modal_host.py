"""A bare app that shows one modal, and the few Pilot moves the modal tests share.

The host keeps whatever the modal dismisses with, so a test asserts on the
exact Command (or value) a dialog returns, or on its absence.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.app import App
from textual.dom import DOMNode
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Input, Select
from textual.widgets.input import Selection

from tests.support.burst import landed, send_at_once
from tracker.host.key_order import QueuesKeys
from tracker.modals.form import FieldError
from tracker.themes.legible import LegibleApp


class Host(LegibleApp):
    """Pushes `modal` on mount; `results` collects what it dismisses with. In the app's
    own legible colours (tracker.themes.legible), as the GM sees the modal."""

    def __init__(self, modal: Screen[object]) -> None:
        super().__init__()
        self.modal = modal
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(self.modal, self.results.append)


async def until(pilot: Pilot[None], condition: Callable[[], object], timeout: float = 20.0) -> None:
    """Wait for a condition (not a fixed sleep); fail with a clear message on timeout.

    The timeout is generous so a loaded machine (CI on 2 cores) never flakes;
    a condition that holds returns at once.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"condition not met within {timeout}s")
        await pilot.pause(0.01)


async def handled(widget: DOMNode, upto: DOMNode) -> None:
    """Until `widget` and every node above it up to `upto` has handled what it was sent
    so far: a message bubbles one node at a time, so a barrier waits in each queue."""
    node: DOMNode | None = widget
    while node is not None:
        done = asyncio.Event()
        node.call_later(done.set)
        await asyncio.wait_for(done.wait(), timeout=20)
        if node is upto:
            return
        node = node.parent


async def type_into(pilot: Pilot[None], selector: str, text: str) -> None:
    """Focus a field (which selects its text) and type over it, key by key in one burst
    as a GM types (Pilot's press draws a frame after every key: a relayout of the whole
    dialog a key); back once every key and what it sent is handled."""
    app = pilot.app
    field = app.screen.query_one(selector, Input)
    field.focus()
    await pilot.pause()
    field.selection = Selection(0, len(field.value))  # typing replaces it all
    send_at_once(app, *(text or ["backspace"]))
    await keys_done(pilot)
    await handled(field, field.screen)
    await pilot.pause()


async def keys_done(pilot: Pilot[None]) -> None:
    """Until the app has routed every key sent so far and none is still being handled
    (the tracker's tracker.host.key_order keeps them in a queue of its own, one in flight at a
    time; a bare host routes them at once)."""
    app = pilot.app
    await landed(app)  # the keys sent are in the app's queue
    await handled(app, app)  # and the app has taken them from it
    if isinstance(app, QueuesKeys):
        await until(pilot, lambda: app.keys.idle)


async def choose(pilot: Pilot[None], selector: str, typed: str) -> None:
    """Open a Select with space (enter on a closed FieldSelect submits or moves on), type to search
    for an option, enter to take it."""
    select = pilot.app.screen.query_one(selector, Select)
    select.focus()
    await pilot.pause()
    await pilot.press("space", *typed, "enter")


def shown(app: App[None], slot: str) -> str:
    """The message the modal shows in the error line `slot` ('' when none)."""
    return "; ".join(e.message for e in app.screen.query(FieldError) if e.slot == slot)


def save_disabled(app: App[None]) -> bool:
    return app.screen.query_one("#save", Button).disabled

"""`tracker --serve` against a browser that means harm (issue 25), in process: every
case ends with its view process gone and the view count back to 0. The view here is a
stand-in that never quits when asked (the worst a real view can be: busy or stuck), so
each test also proves the kill after `QUIT_GRACE_S`; it writes its pid to a file."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.support.serve_client import a_save
from tracker.players import serve_socket
from tracker.players.serve import ViewServer
from tracker.players.serve_socket import MAX_KEYS, POLICY, view_size

STUCK = "import os, sys, time; open(sys.argv[1], 'w').write(str(os.getpid())); time.sleep(600)"
WAIT_S = 15.0  # bound on every wait below: the grace is shortened to 0.3 s


def alive(pid: int) -> bool:
    """Running (a reaped or zombie process is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


async def until(condition: object, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT_S
    while not condition():  # type: ignore[operator]
        if loop.time() > deadline:
            pytest.fail(f"not within {WAIT_S} s: {what}")
        await asyncio.sleep(0.02)


class Stage:
    """A server whose views are the stuck stand-in, and where each writes its pid."""

    def __init__(self, server: ViewServer, client: TestClient[object, object], folder: Path):
        self.server, self.client, self.folder = server, client, folder

    def pid(self) -> int | None:
        path = self.folder / "view.pid"
        text = path.read_text() if path.exists() else ""
        return int(text) if text else None

    async def view_pid(self) -> int:
        await until(lambda: self.pid() is not None, "the view started")
        pid = self.pid()
        assert pid is not None
        return pid

    async def ended(self, pid: int) -> None:
        await until(lambda: not alive(pid) and self.server.views == 0, "the view ended")


@pytest.fixture
async def stage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Stage]:
    if sys.platform != "linux":
        pytest.skip("reads /proc to see the view process end")
    monkeypatch.setattr(serve_socket, "QUIT_GRACE_S", 0.3)
    monkeypatch.setattr(serve_socket, "HEARTBEAT_S", 0.5)
    server = ViewServer(a_save(tmp_path), "127.0.0.1", 8000)
    server.command = f"exec {sys.executable} -c {STUCK!r} {tmp_path / 'view.pid'}"
    async with TestClient(TestServer(await server.make_web_app())) as client:
        yield Stage(server, client, tmp_path)


async def test_a_plain_get_of_the_socket_is_one_line(
    stage: Stage, caplog: pytest.LogCaptureFixture
) -> None:
    """Before: 220 lines of traceback on the GM's terminal."""
    with caplog.at_level(logging.WARNING, logger="textual-serve"):
        answer = await stage.client.get("/ws")
    assert answer.status == 400 and (await answer.text()).count("\n") == 1
    (said,) = caplog.records
    assert "without a websocket" in said.getMessage()
    assert stage.pid() is None and stage.server.views == 0


async def test_a_message_that_is_no_json_closes_that_view(
    stage: Stage, caplog: pytest.LogCaptureFixture
) -> None:
    """Before: 129 lines of traceback."""
    socket = await stage.client.ws_connect("/ws")
    pid = await stage.view_pid()
    with caplog.at_level(logging.WARNING, logger="textual-serve"):
        await socket.send_str("{not json")
        closed = await socket.receive(timeout=WAIT_S)
    assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == POLICY
    await stage.ended(pid)
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert [line.split(": ", 1)[1] for line in said] == [
        "a message that is not JSON: the view is closed"
    ]  # (the stand-in's "Application failed to start" is textual-serve's own ERROR)


async def test_a_million_keys_close_the_view_at_once(stage: Stage) -> None:
    """Before: that view burned a core for 106-165 s and grew to 433 MB."""
    socket = await stage.client.ws_connect("/ws")
    pid = await stage.view_pid()
    await socket.send_json(["stdin", "a" * 1_000_000])
    closed = await socket.receive(timeout=WAIT_S)
    assert closed.type == aiohttp.WSMsgType.CLOSE  # 1009: too big (aiohttp's own bound)
    await stage.ended(pid)


async def test_more_keys_than_a_hand_types_close_the_view(stage: Stage) -> None:
    socket = await stage.client.ws_connect("/ws")
    pid = await stage.view_pid()
    await socket.send_json(["stdin", "a" * (MAX_KEYS + 1)])
    closed = await socket.receive(timeout=WAIT_S)
    assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == POLICY
    await stage.ended(pid)


async def test_a_view_ends_when_its_browser_closes_even_when_stuck(stage: Stage) -> None:
    socket = await stage.client.ws_connect("/ws?width=3000&height=3000")
    pid = await stage.view_pid()
    await socket.send_json(["resize", {"width": "wide", "height": -5}])
    await socket.close()
    await stage.ended(pid)


async def test_a_dropped_connection_ends_its_view(stage: Stage) -> None:
    """The TCP connection cut with no close frame (a phone leaving the network): the
    heartbeat notices (0.5 s here, 5 s served) and the view is ended."""
    socket = await stage.client.ws_connect("/ws")
    pid = await stage.view_pid()
    connection = socket._response.connection  # the test cuts the wire under aiohttp
    assert connection is not None and connection.transport is not None
    connection.transport.abort()
    await stage.ended(pid)


def test_a_terminal_size_is_whole_numbers_within_bounds() -> None:
    assert view_size("3000", "3000") == (400, 150)
    assert view_size(3000.5, -7) == (400, 8)
    assert view_size("wide", None) == (80, 24)
    assert view_size(True, [1]) == (80, 24)
    assert view_size("10" * 400, "1e9") == (400, 24)
    assert view_size(100, 40) == (100, 40)


@pytest.mark.parametrize(
    "keys",
    [
        ["\x1b[48;6000;6000;0;0t"],  # the terminal's in-band size report, as keys
        ["\x1b[4", "8;6000;6000;0;0t"],  # the same, split across two messages
        ["x\x1b", "[", "200~", "a long paste"],  # a bracketed paste, gathered until its end
    ],
)
async def test_a_size_or_a_paste_sent_as_keys_closes_the_view(
    stage: Stage, keys: list[str]
) -> None:
    """A hostile run: the size report went past the resize bound (6000×6000, 108 MB a
    frame; two sockets kept both cores busy). The size comes by a resize message alone."""
    socket = await stage.client.ws_connect("/ws")
    pid = await stage.view_pid()
    for part in keys:
        await socket.send_json(["stdin", part])
    closed = await socket.receive(timeout=WAIT_S)
    assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == POLICY
    await stage.ended(pid)


async def test_a_players_keys_go_through(stage: Stage) -> None:
    """Arrows, function keys, escape and digits: what the page sends for a hand's keys."""
    socket = await stage.client.ws_connect("/ws")
    await stage.view_pid()
    for part in ["\x1b[A", "\x1b[15~", "\x1b", "48;", "[200~"]:
        await socket.send_json(["stdin", part])
    await socket.send_json(["ping", "still here"])
    answer = await socket.receive(timeout=WAIT_S)
    assert answer.type == aiohttp.WSMsgType.TEXT and answer.json() == ["pong", "still here"]
    await socket.close()

"""`tracker --serve` end to end, without a browser: the real server in its own process
group on a free loopback port; the page fetched over HTTP; its websocket opened as
textual-serve's page opens it; the view's terminal output read back. Every wait is
bounded and the process group is killed at the end, pass or fail."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import signal
import time
from pathlib import Path

import aiohttp
import pytest

from rules.saves.store import load_session, save_session
from tests.support.serve_client import a_save, open_view, served
from tracker.players.serve import SHUTDOWN_S

NASTY = 'it\'s "ours"; touch PWNED.json'  # quotes, a space and a ; in the save's name


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_a_browser_gets_the_view_drawing_the_track(tmp_path: Path) -> None:
    save = a_save(tmp_path, NASTY)
    with served(save, tmp_path / "serve.log", cwd=tmp_path) as server:
        async with aiohttp.ClientSession() as http:
            view = await open_view(http, server.url)
            drawn = await view.until_shows("Time Track", "▶   5  Ana", "9  Unknown A")
            await view.socket.close()
    assert "Vorn" not in drawn  # the foe is not revealed: the browser never gets his name
    assert not (tmp_path / "PWNED.json").exists()  # the shell ran no part of the name
    assert "Serving the players' view of" in server.output


async def test_two_browsers_get_two_independent_views(tmp_path: Path) -> None:
    save = a_save(tmp_path)
    with served(save, tmp_path / "serve.log") as server:
        async with aiohttp.ClientSession() as http:
            first = await open_view(http, server.url, width=100, height=30)
            second = await open_view(http, server.url, width=80, height=24)
            await first.until_shows("Ana")
            await second.until_shows("Ana")
            assert len(server.view_processes()) == 2  # a process each
            await first.socket.close()  # one phone leaves: the other view goes on
            async with asyncio.timeout(15):
                while len(server.view_processes()) != 1:
                    await asyncio.sleep(0.1)
            second.stream = b""
            await second.socket.send_json(["resize", {"width": 90, "height": 26}])
            await second.until_shows("Ana")
            await second.socket.close()


async def test_the_served_view_follows_the_gms_saves(tmp_path: Path) -> None:
    save = a_save(tmp_path)
    with served(save, tmp_path / "serve.log") as server:
        async with aiohttp.ClientSession() as http:
            view = await open_view(http, server.url)
            await view.until_shows("Ana")
            session = load_session(save)  # the GM's session, saving as its autosave does
            session.encounter.combatants["ana"].name = "Anastasia"
            save_session(session, save)
            await view.until_shows("Anastasia")
            await view.socket.close()


GM_KEYS = ("b", "\r", "n", "w", "5", "\r", "d", "+", "u", "U", "\x13", "\x1a", "\x1b")
PALETTE = ("\x10", "theme", "\r", "\x1b[B", "\r", "\x10", "screenshot", "\r", "\x10", "save", "\r")


async def test_keys_typed_in_the_browser_change_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The GM's keys, the command palette (a theme, a screenshot, anything "save"), as
    textual.js sends them: the save stays byte for byte, no file appears beside it or
    in the view's data and config folders, and a file the view offers to the browser
    (a screenshot) cannot be fetched: the download route is not served."""
    user = tmp_path / "user"
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        (user / name).mkdir(parents=True)
        monkeypatch.setenv(name, str(user / name))  # the server and its views inherit these
    save = a_save(tmp_path / "fight")
    before = _digest(save), save.stat().st_mtime_ns, sorted(save.parent.iterdir())
    offered: list[str] = []
    with served(save, tmp_path / "serve.log") as server:
        async with aiohttp.ClientSession() as http:
            view = await open_view(http, server.url)
            await view.until_shows("Ana")
            for keys in (*GM_KEYS, *PALETTE):
                await view.socket.send_json(["stdin", keys])  # as textual.js sends keys
                await asyncio.sleep(0.05)
            await view.socket.send_json(["ping", "1"])
            async with asyncio.timeout(15):  # the pong: every key before it was handed on
                while (message := await view.socket.receive()).data != '["pong", "1"]':
                    if message.type == aiohttp.WSMsgType.TEXT and "deliver_file" in message.data:
                        offered.append(json.loads(message.data)[1])
            await asyncio.sleep(1.0)
            for key in offered:
                async with http.get(f"{server.url}download/{key}") as download:
                    assert download.status == 404
            await view.socket.close()
    after = _digest(save), save.stat().st_mtime_ns, sorted(save.parent.iterdir())
    assert after == before
    assert [p for p in user.rglob("*") if p.is_file()] == []


async def test_ctrl_c_stops_the_server_and_every_view(tmp_path: Path) -> None:
    save = a_save(tmp_path)
    with served(save, tmp_path / "serve.log") as server:
        async with aiohttp.ClientSession() as http:
            view = await open_view(http, server.url)
            await view.until_shows("Ana")
            assert len(server.view_processes()) == 1
            os.kill(server.process.pid, signal.SIGINT)  # what Ctrl+C sends
            started = time.monotonic()
            async with asyncio.timeout(15):
                async for _ in view.socket:  # read on, as a page does: the server closes it
                    pass
                while server.process.poll() is None or server.view_processes():
                    await asyncio.sleep(0.05)
            stopped = time.monotonic() - started
    assert server.process.returncode == 0, server.output
    assert stopped < SHUTDOWN_S, stopped  # the views were ended, not waited out

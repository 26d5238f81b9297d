"""Drive `tracker --serve` as a browser would, without a browser: start it in its own
process group on a free loopback port, fetch the page, and open its websocket the way
textual-serve's `textual.js` does (connect to the page's socket URL with
`?width=&height=`, send `["resize", {...}]`; binary frames back are terminal output).
Every wait is bounded; `served` kills the whole process group (the views too) on exit.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import aiohttp

from rules.engine.session import Session
from rules.model.state import Combatant, Encounter
from rules.saves.store import save_session

STARTUP_S = 20.0  # the server's first line (2 busy cores shared by six sessions)
ANSWER_S = 30.0  # a view process starting and drawing its first frame
_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_SOCKET_URL = re.compile(r'data-session-websocket-url="([^"]+)"')


def a_save(folder: Path, name: str = "fight.json") -> Path:
    """A small fight on disk, under way at tick 5: Ana (a PC) acts now, Vorn (a foe, not
    revealed: "Unknown A" to players) at tick 9."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    ana = Combatant(id="ana", name="Ana", side="PC", stats={"Dexterity": 6}, ttu=5)
    vorn = Combatant(id="vorn", name="Vorn", side="enemy", stats={"Dexterity": 5}, ttu=9)
    fight = Encounter(in_combat=True, time=5, due=["ana"], combatants={"ana": ana, "vorn": vorn})
    save_session(Session(fight), path)
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path  # the server's output (a file: a full pipe would stall the server)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def output(self) -> str:
        return self.log.read_text("utf-8", "replace")

    def view_processes(self) -> list[int]:
        """The pids of the view processes the server runs now (one per browser)."""
        pids = []
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                if os.getpgid(int(proc.name)) != self.process.pid:
                    continue
                argv = (proc / "cmdline").read_bytes().split(b"\0")
            except (OSError, ProcessLookupError):
                continue
            if b"--view" in argv and b"-m" in argv:
                pids.append(int(proc.name))
        return pids


@contextmanager
def served(
    save: Path,
    log: Path,
    *extra: str,
    cwd: Path | None = None,
    tracker: Sequence[str | Path] = (sys.executable, "-m", "tracker"),
    env: dict[str, str] | None = None,
) -> Iterator[Served]:
    """`tracker --serve SAVE` on a free loopback port, listening; killed (group) at exit.
    `tracker`: the command (an installed venv's script, tests/install)."""
    port = free_port()
    command = [*map(str, tracker), "--serve", str(save), "--port", str(port), *extra]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env=env,
            start_new_session=True,  # its own group: the views it spawns die with it
        )
    server = Served(process, port, log)
    try:
        _wait_listening(server)
        yield server
    finally:
        _kill_group(process)


def _wait_listening(server: Served) -> None:
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise AssertionError(f"--serve exited {server.process.returncode}: {server.output}")
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(
        f"--serve did not listen on {server.port} in {STARTUP_S} s: {server.output}"
    )


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM the group (the server stops its views), then SIGKILL whatever is left."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    except ProcessLookupError:
        return
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=5)


def screen_text(stream: bytes) -> str:
    """The terminal output with its escape sequences taken out: what the page shows."""
    return _ANSI.sub("", stream.decode("utf-8", "replace"))


async def page_socket_url(http: aiohttp.ClientSession, url: str) -> str:
    async with http.get(url, timeout=aiohttp.ClientTimeout(total=10)) as page:
        assert page.status == 200, page.status
        found = _SOCKET_URL.search(await page.text())
    assert found, "the page names no websocket"
    return found.group(1)


class View:
    """One browser's connection: what its view has drawn so far."""

    def __init__(self, socket_: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket_
        self.stream = b""

    @property
    def text(self) -> str:
        return screen_text(self.stream)

    async def until_shows(self, *words: str, timeout: float = ANSWER_S) -> str:
        """Read frames until every word is on screen; fail (with what was drawn) if not."""
        try:
            async with asyncio.timeout(timeout):
                while not all(word in self.text for word in words):
                    message = await self.socket.receive()
                    if message.type == aiohttp.WSMsgType.BINARY:
                        self.stream += message.data
                    elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                        raise AssertionError(f"the socket closed; drawn: {self.text[-2000:]!r}")
        except TimeoutError:
            raise AssertionError(
                f"{words} not drawn in {timeout} s: {self.text[-2000:]!r}"
            ) from None
        return self.text


async def open_view(
    http: aiohttp.ClientSession, url: str, width: int = 100, height: int = 30
) -> View:
    """Connect as textual.js does: the page's socket URL, its size, then a resize."""
    socket_url = await page_socket_url(http, url)
    socket_ = await http.ws_connect(
        f"{socket_url}?width={width}&height={height}",
        timeout=aiohttp.ClientWSTimeout(ws_receive=ANSWER_S),
    )
    await socket_.send_json(["resize", {"width": width, "height": height}])
    return View(socket_)

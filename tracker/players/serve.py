"""`tracker --serve PATH`: the players' view in browsers, through textual-serve.

textual-serve runs one command per browser connection, through a shell, and
pipes the terminal to the page over a websocket. The command is always the
read-only view on exactly this save (`tracker --view PATH`), its argv quoted
with `shlex.join`, so no file name (spaces, quotes, `;`) reaches the shell as
code. What is served (read from textual-serve 1.1.3's `server.py`):

- `/`        the page (textual-serve's own template),
- `/ws`      the websocket: a fresh view process per connection, bounded
             (`tracker.players.serve_socket`: message sizes, terminal sizes, the process's end),
- `/static/` textual-serve's own JS, CSS, fonts and background image.

textual-serve also offers `/download/{key}` (files an app hands the browser
with `App.deliver_*`) and a directory index of `/static/`: this server
leaves both out, so nothing served reads a file but the save (which only the
view process reads) and textual-serve's own assets. Keys typed in a browser
reach only that browser's view process, which changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import re
import shlex
import signal
import socket
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import web
from aiohttp.web_runner import GracefulExit
from textual_serve.server import Server, to_int

from tracker.players.serve_socket import ENDING, run_view

PAGE_FOLDER = Path(__file__).parents[1] / "data" / "serve"

SHUTDOWN_S = 5.0  # Ctrl+C: how long the views get to quit before they are left behind
MAX_VIEWS = 24  # browsers at once: each is a process; a table has a handful of phones
_HOST_HEADER = re.compile(r"^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$")


class ServeError(Exception):
    """A reason not to serve, in words the GM can act on (nothing was started)."""


def view_command(path: Path) -> str:
    """The shell command textual-serve runs per browser: the view on exactly `path`.

    `-I` (isolated): the view imports the installed tracker, never a `tracker/`
    or `rules/` folder that happens to sit in the current directory. `exec`: the shell
    becomes the view, so the process the server ends (`serve_socket.end_view`) is it.
    """
    argv = [sys.executable, "-I", "-m", "tracker", "--view", str(path)]
    return windows_command(argv) if os.name == "nt" else "exec " + shlex.join(argv)


def windows_command(argv: list[str]) -> str:
    """cmd.exe's quoting: each word in double quotes (inside them & | < > ^ are plain
    characters; a file name cannot hold a quote); `%` and `!` still expand there, so a
    name with either is refused. Untested on Windows itself."""
    for word in argv:
        if any(char in word for char in '"%!\n\r'):
            raise ServeError(f"{word}: a name with % or ! cannot be served on Windows; rename it")
    return " ".join(f'"{word}"' for word in argv)


def checked_save(path: Path) -> Path:
    """The save to serve, resolved once (as the GM session does at open); refused
    with a ServeError unless it is a readable encounter save right now."""
    from rules.saves.store import SaveError, read_save

    try:
        read_save(Path(path))  # its SaveError names the file and says what is wrong
        return Path(path).resolve(strict=True)
    except SaveError as error:
        raise ServeError(f"{error} (not serving it)") from None
    except (OSError, RuntimeError) as error:  # gone between the read and the resolve
        raise ServeError(f"cannot open {path}: {error} (not serving it)") from None


def is_loopback(host: str) -> bool:
    """Only this machine can connect: `localhost` or a loopback address."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _lan_address() -> str | None:
    """This machine's address on the local network, for the URL phones open.

    A UDP `connect` picks the outgoing interface without sending anything.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def announcement(path: Path, host: str, port: int) -> list[str]:
    """What the GM reads once the server listens: where to point browsers, and who can."""
    if is_loopback(host):
        return [
            f"Serving the players' view of {path.name} on http://{_url_host(host)}:{port}/",
            "  (this machine only; --host 0.0.0.0 lets phones on your network watch)",
            "Ctrl+C stops serving.",
        ]
    shown = _lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{_url_host(shown)}:{port}/" if shown else f"port {port} of this machine"
    return [
        f"WARNING: serving on {host}:{port}: anyone on this network (phones at the table,"
        " and anyone else who can reach this machine) can watch the players' view of"
        f" {path.name}. Nothing served can change the encounter.",
        f"Phones open {url}",
        "Ctrl+C stops serving.",
    ]


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


class ViewServer(Server):
    """textual-serve's Server with only the page, the socket and its own assets.

    The page's URLs come from the address the browser used (so a phone that
    opened http://192.168.1.20:8000/ gets its socket there, not at 0.0.0.0),
    a socket opened by another site's page (a foreign Origin), or any request
    naming the machine by a name not its own (DNS rebinding), is refused, and
    at most MAX_VIEWS views run at once.
    """

    def __init__(self, save: Path, host: str, port: int) -> None:
        super().__init__(
            view_command(save),
            host=host,
            port=port,
            title=f"Players' view — {save.name}",
            templates_path=PAGE_FOLDER,  # our page: a title, a viewport, nothing from the web
        )
        self.save = save
        self.views = 0
        self.names = machine_names(host)
        self._view_tasks: set[asyncio.Task[object]] = set()

    async def make_web_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_view_socket, name="websocket"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_shutdown.append(self._close_views)
        return app

    async def _close_views(self, app: web.Application) -> None:
        """Ctrl+C: end every view now. aiohttp would wait a minute for the open sockets
        (textual-serve closes none), so each socket's handler is cancelled: it tells its
        view to quit and closes the socket."""
        for task in self._view_tasks:
            task.cancel()
        if self._view_tasks:
            await asyncio.wait(self._view_tasks, timeout=SHUTDOWN_S)
        if ENDING:  # each view asked to quit, then killed (serve_socket.end_view)
            await asyncio.wait(set(ENDING), timeout=SHUTDOWN_S)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        base = _base_url(request, self.names)
        context: dict[str, Any] = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": "ws" + base.removeprefix("http") + "/ws",
            "config": {"static": {"url": base + "/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_view_socket(self, request: web.Request) -> web.StreamResponse:
        _base_url(request, self.names)  # a forged Host header is refused here too
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text="the players' view is only shown on its own page")
        if self.views >= MAX_VIEWS:
            raise web.HTTPServiceUnavailable(text=f"{MAX_VIEWS} views are open already")
        self.views += 1  # until its process has ended (`_view_ended`), not its socket
        task = asyncio.current_task()
        if task is not None:
            self._view_tasks.add(task)
        try:
            return await run_view(
                request,
                self.command,
                self._view_ended,
                download_manager=self.download_manager,
                debug=self.debug,
            )
        finally:
            self._view_tasks.discard(task)

    def _view_ended(self) -> None:
        self.views -= 1

    def serve(self, debug: bool = False) -> None:
        """As textual-serve's, but the GM's lines print once the port is bound."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, self.request_exit)
            except NotImplementedError:  # Windows: Ctrl+C arrives as KeyboardInterrupt
                pass
        web.run_app(
            self.make_web_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            shutdown_timeout=SHUTDOWN_S,
            print=lambda *_: self._announce(),
        )

    def _announce(self) -> None:
        for line in announcement(self.save, self.host, self.port):
            print(line, flush=True)


def machine_names(host: str) -> frozenset[str]:
    """The names a browser may call this server by, besides an IP address: another
    name in the Host header is a page of some other site whose name was pointed at
    this machine (DNS rebinding), refused."""
    names = {"localhost", host.lower()}
    with contextlib.suppress(OSError):
        mine = socket.gethostname().lower()
        names |= {mine, f"{mine}.local", socket.getfqdn().lower()}
    return frozenset(names)


def _base_url(request: web.Request, names: frozenset[str]) -> str:
    """The address the browser used, if it is one of this machine's."""
    if not _HOST_HEADER.match(request.host):
        raise web.HTTPBadRequest(text="bad Host header")
    name = urlsplit(f"//{request.host}").hostname or ""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        if name.lower().rstrip(".") not in names:
            raise web.HTTPBadRequest(
                text=f"{name}: not a name of this machine; open the page at its IP address"
            ) from None
    return f"http://{request.host}"


def serve(path: Path, host: str, port: int) -> int:
    """Check the save, then serve until Ctrl+C; a clear message and 2 if it cannot."""
    try:
        save = checked_save(path)
    except ServeError as error:
        print(f"tracker: {error}", file=sys.stderr)
        return 2
    try:
        ViewServer(save, host, port).serve()
    except ServeError as error:
        print(f"tracker: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"tracker: cannot serve on {host}:{port}: {error.strerror or error}", file=sys.stderr)
        return 2
    except (GracefulExit, KeyboardInterrupt):
        pass
    return 0

"""The `--serve`, `--host` and `--port` options: parsed before anything heavy loads
(textual-serve brings aiohttp), and bad values refused by argparse with a clear message."""

from __future__ import annotations

import argparse
import importlib.util
import ipaddress
import re
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"  # loopback: only this machine, unless the GM says otherwise
DEFAULT_PORT = 8000
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
# What tracker.players.serve imports that a plain install lacks: the serve extra.
SERVE_EXTRA = ("textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2")


def port_number(text: str) -> int:
    """A TCP port the GM can type into a phone: 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1 to 65535)") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (1 to 65535)")
    return port


def host_name(text: str) -> str:
    """An address to listen on: an IP address (0.0.0.0: every network) or a host name."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        pass
    labels = text.removesuffix(".").split(".")
    if len(text) > 253 or not all(_LABEL.match(label) for label in labels):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an IP address or host name (try 127.0.0.1, or 0.0.0.0 for phones)"
        )
    return text


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--serve",
        type=Path,
        metavar="PATH",
        help="serve the players' read-only view of that save to browsers (one view per"
        " browser; see --host, --port)",
    )
    parser.add_argument(
        "--host",
        type=host_name,
        metavar="ADDR",
        help=f"with --serve: the address to listen on (default {DEFAULT_HOST}, this machine"
        " only; 0.0.0.0 lets phones on your network watch)",
    )
    parser.add_argument(
        "--port",
        type=port_number,
        metavar="N",
        help=f"with --serve: the port to listen on (default {DEFAULT_PORT})",
    )


def serve_conflict(args: argparse.Namespace) -> str | None:
    """Why these options cannot go together, or None."""
    if args.serve is None:
        if args.host is not None or args.port is not None:
            return "--host and --port go with --serve PATH"
        return None
    if args.path is not None or args.demo or getattr(args, "view", None) is not None:
        return "--serve takes its own save file: give --serve PATH alone"
    return None


def serve_extra_missing() -> str | None:
    """Why --serve cannot run in this environment, or None. The serve extra is optional
    (textual-serve and aiohttp are half a plain install), so it is looked for, not
    imported: only `--serve` itself loads it."""
    missing = [name for name in SERVE_EXTRA if importlib.util.find_spec(name) is None]
    if not missing:
        return None
    return (
        f"--serve needs the serve extra ({', '.join(missing)} not installed):"
        ' pip install "fs-tracker[serve]" (pipx: pipx inject fs-tracker textual-serve)'
    )

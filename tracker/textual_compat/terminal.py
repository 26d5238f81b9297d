"""The pieces of Textual's Linux input thread that tracker.app.terminal_driver copies.

The tracker runs its own copy of `LinuxDriver.run_input_thread` to decode with
errors="replace": Textual's strict decoder lets one bad byte kill the input
thread (textual#6456, "UnicodeDecodeError in input thread crashes application
when invalid UTF-8 bytes are received"; fix proposed in textual#6498). The
copy needs the thread's private helpers; once that fix ships, the copy and
this module go.
"""

from __future__ import annotations

from textual._loop import loop_last
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.driver import Driver

__all__ = ["ParseError", "XTermParser", "driver_debug", "loop_last"]


def driver_debug(driver: Driver) -> bool:
    """The `debug` flag the driver was made with, which the parser logs by (private)."""
    return driver._debug

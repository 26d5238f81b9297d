"""The Linux terminal driver, reading keys with a decoder that survives bad bytes.

Textual 8.2.8's LinuxDriver decodes the terminal's bytes with a strict UTF-8
decoder in its input thread (`getincrementaldecoder("utf-8")().decode` in
`LinuxDriver.run_input_thread`), so one byte that is not UTF-8 — a Latin-1
terminal's `é` (0xE9), 8-bit Meta (Alt+key sets the top bit), line noise —
raises UnicodeDecodeError there and the app panics: the fight on screen is
gone. Here the same loop decodes with errors="replace": a bad byte becomes
U+FFFD, which a field shows and every form refuses.

Upstream: textual#6456 ("UnicodeDecodeError in input thread crashes application
when invalid UTF-8 bytes are received"; a fix is proposed in textual#6498).
`upstream_still_strict()` tells the tests when a Textual upgrade fixes it, so
this copy (and tracker.textual_compat.terminal) can go.
"""

from __future__ import annotations

import inspect
import os
import selectors
import signal
from codecs import IncrementalDecoder, getincrementaldecoder
from typing import Any

from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver

from tracker.app.hang_up import LeaveNow
from tracker.textual_compat.terminal import ParseError, XTermParser, driver_debug, loop_last

__all__ = ["ForgivingLinuxDriver", "decoder", "forgiving", "upstream_still_strict"]

STRICT = 'getincrementaldecoder("utf-8")().decode'


def decoder() -> IncrementalDecoder:
    """The incremental decoder the input thread uses: a bad byte becomes U+FFFD."""
    return getincrementaldecoder("utf-8")(errors="replace")


def upstream_still_strict() -> bool:
    """Whether Textual's own input thread still decodes strictly (this module's reason)."""
    return STRICT in inspect.getsource(LinuxDriver.run_input_thread)


def forgiving(driver: type[Driver]) -> type[Driver]:
    """ForgivingLinuxDriver in place of Textual's LinuxDriver; any other driver as it is
    (a TEXTUAL_DRIVER override, the headless driver of tests)."""
    return ForgivingLinuxDriver if driver is LinuxDriver else driver


STOPS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)  # each killed the app where it stood


class ForgivingLinuxDriver(LinuxDriver):
    """LinuxDriver whose input thread replaces undecodable bytes instead of dying, and
    which tells the app when the terminal is gone (instead of spinning on its end) or a
    stop signal comes (instead of dying with the terminal raw): tracker.app.hang_up."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._before = {signum: signal.signal(signum, self._stop_signal) for signum in STOPS}

    _suspended = False  # by ctrl+z or App.suspend: only then does a SIGCONT resume

    def suspend_application_mode(self) -> None:
        self._suspended = True
        super().suspend_application_mode()

    def resume_application_mode(self) -> None:
        """Only after a suspend. Textual resumes on any SIGCONT: a stray one (`kill -CONT`
        to a running app) started a second input thread and took the raw terminal for
        the one to give back, so the shell was left without echo after a clean quit."""
        if self._suspended:
            self._suspended = False
            super().resume_application_mode()

    def stop_application_mode(self) -> None:
        """The terminal given back, and the signals to whoever handled them before."""
        super().stop_application_mode()
        for signum, handler in self._before.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)

    def _stop_signal(self, signum: int, _frame: object) -> None:
        """The first: save and leave (hang_up); a second of the same: die as asked."""
        signal.signal(signum, signal.SIG_DFL)
        self.send_message(LeaveNow(128 + signum))

    def run_input_thread(self) -> None:
        """Textual 8.2.8's `LinuxDriver.run_input_thread`, but for the decoder and the
        terminal's end (tracker.app.hang_up)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        fileno = self.fileno
        parser = XTermParser(driver_debug(self))
        decode = decoder().decode

        def process_selector_events(
            selector_events: list[tuple[selectors.SelectorKey, int]], final: bool = False
        ) -> bool:
            """False when the terminal is gone: end of file, or EIO once it hung up."""
            for last, (_key, mask) in loop_last(selector_events):
                if mask & selectors.EVENT_READ:
                    try:
                        data = os.read(fileno, 1024 * 4)
                    except OSError:
                        data = b""
                    if not data:
                        return False
                    unicode_data = decode(data, final=final and last)
                    if not unicode_data:
                        continue  # the start of a character split across two reads
                    for event in parser.feed(unicode_data):  # "" would mean the end
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            return True

        try:
            while not self.exit_event.is_set():
                if not process_selector_events(selector.select(0.1)):
                    # Textual read end-of-file again at once, forever (tracker.app.hang_up).
                    self.send_message(LeaveNow(128 + signal.SIGHUP))
                    self.exit_event.wait()
            selector.unregister(self.fileno)
            process_selector_events(selector.select(0.1), final=True)
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass

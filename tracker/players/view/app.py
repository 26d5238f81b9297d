"""`tracker --view PATH`: the players' screen, a read-only live view of one save.

It follows the file as the GM's session autosaves (`follow`), redraws what the
rules let players see (`rules.engine.questions.public_view`) and writes nothing, ever: no
settings, no lock, no autosave, no screenshot (the command palette, which offers
one, is off). A missing, half-written or corrupt file keeps the last good state
on screen under "waiting for the GM's save". No key can change the encounter:
there are only quit, scroll and theme (in memory, never saved).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.events import Resize
from textual.widgets import Static

from rules.engine.questions import PublicView, public_view
from tracker.players.view.follow import Reading, Stamp, file_stamp, read_encounter
from tracker.players.view.legible import legible_variables
from tracker.players.view.widgets.cards import CardGrid
from tracker.players.view.widgets.foe_list import FoeList
from tracker.players.view.widgets.log_panel import LogPanel
from tracker.players.view.widgets.now_panel import NowPanel
from tracker.players.view.widgets.track_list import TrackList
from tracker.widgets.key_footer import KeyFooter
from tracker.widgets.styled_when_mounted import styled_now

POLL_SECONDS = 0.1  # a change is on screen in ~0.1 s (half the interval + the read and draw)
NARROW = 60  # columns: below this, one column (a phone held upright)
# The view's own themes, high-contrast first (a TV across the table); none is saved.
THEMES: tuple[str, ...] = ("textual-dark", "nord", "gruvbox", "textual-light")
WAITING = "waiting for the GM's save"
THEME_EVERY = 0.25  # seconds: the fastest the view's theme changes, however fast `t` comes
_UNSEEN: tuple[int, ...] = (-1,)


class PlayersView(App[None]):
    """The players' screen on `path`; `drawn_revision` counts the states drawn so far."""

    # Inline, not a .tcss beside it: the package data lists only tracker/'s own files.
    # Wide: the party's cards across the top, then the track and the foes in a column
    # beside the log (the log gets the width: at 80×24 a mid-fight shows 8 of its lines).
    # Narrow: everything in one column, the cards one above the other.
    CSS = """
    Screen { layout: vertical; }
    #banner { height: auto; padding: 0 1; background: $warning; color: $text; text-style: bold; }
    #body { height: 1fr; scrollbar-size-vertical: 1; }
    #lower { height: auto; }
    #side { width: 26; height: auto; }
    #track { margin-top: 1; }
    #log { width: 1fr; }
    Screen.-narrow #lower { layout: vertical; }
    Screen.-narrow #side { width: 1fr; }
    Screen.-narrow #log { margin-top: 1; }
    """
    TITLE = "Players' screen"
    ENABLE_COMMAND_PALETTE = False  # its screenshot command would write a file
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit"),
        Binding("t", "next_theme", "Theme"),
    ]

    def __init__(self, path: Path, poll: float = POLL_SECONDS) -> None:
        super().__init__()
        self.path = Path(path)
        self.poll = poll
        self.view: PublicView | None = None
        self.waiting = False
        self.problem = ""
        self.drawn_revision = 0
        self.drawn_at = 0.0
        self._stamp: Stamp | tuple[int, ...] | None = _UNSEEN
        self._reading = False
        self._revision = 0
        self._theme_steps = 0  # `t` presses not yet applied
        self._theme_due = False  # a theme step is scheduled
        self._theme_at = -THEME_EVERY  # when the theme last moved (time.monotonic)

    def compose(self) -> ComposeResult:
        # markup=False: the file's name is text ("b [x=1:2].json" stopped the view)
        yield Static(f"{WAITING} ({self.path.name})", id="banner", markup=False)
        yield NowPanel()
        with VerticalScroll(id="body"):
            yield CardGrid(id="party")
            with Horizontal(id="lower"):
                with Vertical(id="side"):
                    yield FoeList(id="foes")
                    yield TrackList(id="track")
                yield LogPanel(id="log")
        yield KeyFooter()

    def get_css_variables(self) -> dict[str, str]:
        """The theme's, and the view's own text colours worked out from it (`legible`)."""
        variables = super().get_css_variables()
        variables.update(legible_variables(variables))
        return variables

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Only a node on screen (tracker.widgets.styled_when_mounted)."""
        if styled_now(self, node):
            super().update_styles(node, animate=animate)

    def on_mount(self) -> None:
        self.theme = THEMES[0]
        self.query_one("#body").focus()
        self.set_interval(self.poll, self._check)
        self._check()

    def on_resize(self, event: Resize) -> None:
        self.screen.set_class(event.size.width < NARROW, "-narrow")

    def action_next_theme(self) -> None:
        """`t`, counted: the theme moves on at most every THEME_EVERY seconds, by every
        press since. A theme is a restyle of the whole screen (~30 ms): a browser sending
        256 `t`s a message, within the socket's limits, kept a core busy for minutes."""
        self._theme_steps += 1
        if not self._theme_due:
            self._theme_due = True
            wait = self._theme_at + THEME_EVERY - time.monotonic()
            if wait > 0:
                self.set_timer(wait, self._step_theme)
            else:  # (a timer of 0 s divides by zero in Textual)
                self.call_later(self._step_theme)

    def _step_theme(self) -> None:
        self._theme_due = False
        steps, self._theme_steps = self._theme_steps, 0
        self._theme_at = time.monotonic()
        index = THEMES.index(self.theme) if self.theme in THEMES else -1
        self.theme = THEMES[(index + steps) % len(THEMES)]

    # --- following the file ---------------------------------------------------------------
    def _check(self) -> None:
        """Each poll: read again if the file's stamp moved (or it was never read)."""
        if self._reading or file_stamp(self.path) == self._stamp:
            return
        self._reading = True
        self.run_worker(self._read, thread=True, exit_on_error=False, group="read")

    def _read(self) -> None:
        """In a thread: the read and the redaction (both pure), handed to the UI thread."""
        reading = read_encounter(self.path)
        view = public_view(reading.encounter) if reading.encounter is not None else None
        self.call_from_thread(self._got, reading, view)

    def _got(self, reading: Reading, view: PublicView | None) -> None:
        self._reading = False
        self._stamp = reading.stamp
        if view is None:
            if reading.problem:  # else it changed while read: the next poll reads it again
                self._wait(reading.problem)
            return
        self.waiting = False
        self.problem = ""
        self.query_one("#banner").display = False
        self.view = view
        self._draw(view)

    def _wait(self, problem: str) -> None:
        """Keep what is on screen; say why it may be stale."""
        self.waiting = True
        self.problem = problem
        banner = self.query_one("#banner", Static)
        banner.update(
            f"{WAITING} — {problem}"
            if self.view is None
            else f"{WAITING} (showing the last one read) — {problem}"
        )
        banner.display = True

    def _draw(self, view: PublicView) -> None:
        self.sub_title = view.name
        self.query_one(NowPanel).show(view)
        self.query_one(TrackList).show(view)
        self.query_one("#party", CardGrid).show(view.party, view.now)
        self.query_one(FoeList).show(view)
        self.query_one(LogPanel).show(view)
        self._revision += 1
        self.call_after_refresh(self._drawn, self._revision)

    def _drawn(self, revision: int) -> None:
        self.drawn_revision = revision
        self.drawn_at = time.perf_counter()

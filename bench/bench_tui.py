"""TUI speed: how fast the tracker paints its first frame, and one advance at 200 combatants.

Method (never asserted in tests; `make bench` prints and records it):

startup_ratio — two real processes started side by side in one run, each
under its own pseudo-terminal sized 120×40: `tracker --demo` (make_app with
demo=True, exactly what the CLI does) and a bare Textual app showing a
200-row DataTable. Each child writes `time.time()` to a marker file from a
`call_after_refresh` scheduled when its screen first fills its widgets
(the bare app's on_mount; the tracker's MainScreen.sync), i.e. once the
first frame of that screen has been composited and handed to the terminal
writer, then exits. The parent notes `time.time()` just before spawning, so
interpreter start and every import are counted. Runs alternate (bare,
tracker, bare, …); the ratio is median(tracker) / median(bare).

advance_frame_ms_c200 — in process, `run_test(size=(120, 40))` on a save
with 200 combatants in combat. `App._display` is wrapped so that every
frame is also rendered to terminal bytes (what a real terminal costs,
which headless mode skips) and stamped with the app's revision. A sample
is the time from `pilot.press("n")` to the first frame stamped with the
revision the advance produced. Between samples whoever is due spends a
Wait (applied directly, not timed). The same harness times a plain
DataTable app updating one cell of 200 rows, as the reference figure.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.model.state import Encounter

REPO = Path(__file__).resolve().parents[1]
RUNS = 9
SAMPLES = 25
COLUMNS = ("Name", "Side", "TTU", "WP", "BLR", "AR/H/S", "Shield", "Pen", "Cond", "C R", "LP")

BARE_CHILD = """
import sys, time
from textual.app import App
from textual.widgets import DataTable

class Bare(App):
    def compose(self):
        yield DataTable()
    def on_mount(self):
        table = self.query_one(DataTable)
        table.add_columns(*{columns!r})
        for i in range(200):
            table.add_row(f"Combatant {{i}}", "enemy", str(i % 17), "0", "", "4/0/2", "-",
                          "", "", "o o", "0")
        self.call_after_refresh(self.mark)
    def mark(self):
        with open(sys.argv[1], "w") as f:
            f.write(repr(time.time()))
        self.exit()

Bare().run()
"""

TRACKER_CHILD = """
import sys, time
from pathlib import Path
import tracker.screens.main as main_screen

_original = main_screen.MainScreen.sync
_marked = []

def sync(self, revision=0):
    _original(self, revision)
    def mark():
        if not _marked:  # the first frame only (a later sync repaints the same fight)
            _marked.append(True)
            with open(sys.argv[1], "w") as f:
                f.write(repr(time.time()))
            self.app.exit()
    self.call_after_refresh(mark)

main_screen.MainScreen.sync = sync
from tracker.app.tracker_app import make_app
make_app(demo=True, saves_dir=Path(sys.argv[2]), seed=1).run()
"""


def _first_frame_seconds(code: str, *args: str) -> float:
    """Spawn `python -c code marker args…` under a 120×40 pty; seconds to its marker."""
    with tempfile.TemporaryDirectory() as tmp:
        marker = Path(tmp) / "marker"
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", TEXTUAL_ANIMATION="none")
        drained = threading.Event()

        def drain() -> None:
            while True:
                try:
                    if not os.read(master, 65536):
                        break
                except OSError:
                    break
            drained.set()

        threading.Thread(target=drain, daemon=True).start()
        start = time.time()
        child = subprocess.Popen(
            [sys.executable, "-c", code, str(marker), *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=REPO,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        try:
            child.wait(timeout=60)
        finally:
            if child.poll() is None:
                child.kill()
            os.close(master)
        if not marker.exists():
            raise RuntimeError(f"child exited {child.returncode} without painting a frame")
        return float(marker.read_text()) - start


def startup() -> dict[str, float]:
    bare_code = BARE_CHILD.format(columns=COLUMNS)
    bare: list[float] = []
    ours: list[float] = []
    with tempfile.TemporaryDirectory() as saves:
        _first_frame_seconds(bare_code)  # warm the file cache for both
        _first_frame_seconds(TRACKER_CHILD, saves)
        for _ in range(RUNS):
            bare.append(_first_frame_seconds(bare_code))
            ours.append(_first_frame_seconds(TRACKER_CHILD, saves))
    b, o = statistics.median(bare), statistics.median(ours)
    return {
        "startup_ms_bare_datatable": b * 1000,
        "startup_ms_tracker": o * 1000,
        "startup_ratio": o / b,
    }


def stamp_frames(app, frames: list, revision) -> None:  # noqa: ANN001
    """Wrap App._display: the app's own (which first waits for the autosave under way:
    tracker/app/save_writer.py), then each frame rendered to bytes (as a terminal would),
    then stamped with `revision()` (the app's revision, or the screen shown). A call with
    nothing to draw (Textual's compositor found no change: None), or inside a batch
    (which Textual's own `_display` drops), is no frame and is not stamped."""
    original = app._display

    def display(screen, renderable):  # noqa: ANN001, ANN202
        result = original(screen, renderable)
        if renderable is None or app._batch_count:
            return result
        if hasattr(renderable, "render_segments"):
            renderable.render_segments(app.console)
        frames.append((time.perf_counter(), revision()))
        return result

    app._display = display


async def _wait_frame(frames: list[tuple[float, int]], after: float, revision: int) -> float:
    deadline = time.perf_counter() + 5
    while time.perf_counter() < deadline:
        for stamp, rev in frames:
            if stamp > after and rev >= revision:
                return stamp
        await asyncio.sleep(0.0005)
    raise RuntimeError("no frame showed the change within 5 s")


async def _n_key_samples(app, revision, before=None, settle=None) -> list[float]:  # noqa: ANN001
    """Seconds from each press of n to the first frame stamped with the revision it made.

    `before` runs (untimed) ahead of each sample, `settle` after the pause that follows
    it; the first 3 samples warm up and are dropped.
    """
    frames: list[tuple[float, int]] = []
    samples: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        stamp_frames(app, frames, revision)
        await pilot.pause()
        for _ in range(SAMPLES + 3):
            if before is not None:
                before()
            await pilot.pause()
            if settle is not None:
                settle()
            frames.clear()
            target = revision() + 1
            start = time.perf_counter()
            await pilot.press("n")
            shown = await _wait_frame(frames, start, target)
            samples.append(shown - start)
    return samples[3:]


def two_hundred() -> Encounter:
    """The demo plus 197 roster clones: 200 combatants, not in combat."""
    from tracker.files.demo import build_demo, roster_templates

    enc = build_demo()
    templates = list(roster_templates().values())
    for n in range(197):
        t = templates[n % len(templates)]
        clone = t.model_copy(deep=True, update={"id": f"x{n}", "name": f"{t.name} {n + 1}"})
        enc.combatants[clone.id] = clone
    return enc


def two_hundred_save(folder: Path) -> Path:
    """`two_hundred`, combat begun and advanced once."""
    from rules.engine.session import Session
    from rules.mechanics.dice import SeededDice
    from rules.model.commands import Advance, StartCombat
    from rules.saves.store import save_session

    session = Session(two_hundred())
    dice = SeededDice(7)
    session.do(StartCombat(initiators=["dinzis"]), dice)
    session.do(Advance(), dice)
    path = folder / "two-hundred.json"
    save_session(session, path)
    return path


async def _advance_samples(path: Path, folder: Path) -> list[float]:
    from rules.model.commands import TakeOpportunity
    from tracker.app.tracker_app import make_app

    app = make_app(path, saves_dir=folder, seed=3)
    app.collector.enabled = True  # as in a terminal (tracker/app/collector.py)

    def wait_for_the_due() -> None:  # not timed: whoever is due spends a Wait
        enc = app.session.encounter
        while enc.due:
            app.run_command(TakeOpportunity(actor=enc.due[0], actions=["Wait"]))

    return await _n_key_samples(app, lambda: app.revision, wait_for_the_due, app.autosave.flush)


async def _datatable_samples() -> list[float]:
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import DataTable

    class Table(App[None]):
        BINDINGS = [Binding("n", "bump", "bump")]
        count = 0

        def compose(self):  # noqa: ANN202
            yield DataTable()

        def on_mount(self) -> None:
            table = self.query_one(DataTable)
            for column in COLUMNS:
                table.add_column(column, key=column)
            for i in range(200):
                table.add_row(f"Combatant {i}", "enemy", str(i), "0", "", "4/0/2", "-",
                              "", "", "o o", "0", key=str(i))  # fmt: skip

        def action_bump(self) -> None:
            self.count += 1
            table = self.query_one(DataTable)
            table.update_cell(str(self.count % 30), "TTU", str(self.count))

    app = Table()
    return await _n_key_samples(app, lambda: app.count)


def advance() -> dict[str, float]:
    os.environ.setdefault("TEXTUAL_ANIMATION", "none")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = two_hundred_save(folder)
        ours = asyncio.run(_advance_samples(path, folder))
    table = asyncio.run(_datatable_samples())
    return {
        "advance_frame_ms_c200": statistics.median(ours) * 1000,
        "datatable_cell_update_ms_c200": statistics.median(table) * 1000,
    }


def run() -> dict[str, float]:
    return {**startup(), **advance()}


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name:32s} {value:10.2f}")

"""The players' screen: how soon a GM's autosave shows on it (issue 16 target: ≤ 250 ms).

view_update_ms — in process, the players' view app (`tracker --view`'s) runs
under `run_test(size=(120, 40))` on a save file, following it as it does in
its own terminal. Each sample writes a new state with `save_session`, the
function the GM session's autosave calls (the change: a PC's name, which the
view shows whole), and starts the clock when that call returns, i.e. once the
autosave has finished and the file is in place. `App._display` is wrapped so
each frame is also rendered to terminal bytes (what a real terminal costs,
as bench_tui does) and stamped; a frame counts once the screen it composited
shows the new name. The figure is the median over SAMPLES changes (after 2
warm-ups dropped), each after a pause (staggered, so a watch that polls meets
the changes at every phase of its interval, not always the same one). It
counts the view's own way of noticing the file (its watch interval) and
re-reading, redacting and drawing it.
"""

from __future__ import annotations

import asyncio
import functools
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from rules.engine.session import Session
from rules.model.state import Combatant, Encounter
from rules.saves.store import save_session

SAMPLES = 10
WARMUP = 2
GAP_S = 0.3  # between changes: each is noticed on its own
STAGGER_S = 0.037  # added per change: a watch that polls meets changes at every phase
TIMEOUT_S = 5.0


def _session() -> Session:
    """A small fight under way: two PCs and two foes, Ana acting now."""
    people = {
        "ana": Combatant(id="ana", name="Ana", side="PC", stats={"Dexterity": 6}, ttu=5),
        "bo": Combatant(id="bo", name="Bo", side="PC", stats={"Dexterity": 5}, ttu=7),
        "vorn": Combatant(id="vorn", name="Vorn", side="enemy", stats={"Dexterity": 5}, ttu=9),
        "kell": Combatant(id="kell", name="Kell", side="enemy", stats={"Dexterity": 4}, ttu=11),
    }
    return Session(Encounter(in_combat=True, time=5, due=["ana"], combatants=people))


def _view_app(path: Path) -> Any:
    """The app `tracker --view PATH` runs, as it runs it (its own watch interval)."""
    from tracker.players.view.app import PlayersView

    return PlayersView(path)


def _screen_text(app: Any) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def _measure(folder: Path) -> list[float]:
    path = folder / "fight.json"
    session = _session()
    save_session(session, path)
    app = _view_app(path)
    shown: list[tuple[float, str]] = []  # each frame: when, and the screen it showed
    waits: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        original = app._display

        def display(screen: Any, renderable: Any) -> Any:
            stamp = time.perf_counter()
            result = original(screen, renderable)
            if renderable is not None and hasattr(renderable, "render_segments"):
                renderable.render_segments(app.console)
            shown.append((stamp, _screen_text(app)))
            return result

        app._display = display
        await _until(lambda: any("Ana" in text for _, text in shown))
        for index in range(SAMPLES + WARMUP):
            await asyncio.sleep(GAP_S + STAGGER_S * index)
            name = f"Ana{index:02d}"
            session.encounter.combatants["ana"].name = name
            save_session(session, path)  # the autosave's own call
            saved = time.perf_counter()
            stamp = await _until(functools.partial(_first_frame, shown, saved, name))
            if index >= WARMUP:
                waits.append(stamp - saved)
        await pilot.pause()
    return waits


def _first_frame(shown: list[tuple[float, str]], after: float, name: str) -> float:
    """When the first frame after `after` that shows `name` was displayed (0: none yet)."""
    return next((stamp for stamp, text in shown if stamp > after and name in text), 0.0)


async def _until(found: Any) -> Any:
    deadline = time.perf_counter() + TIMEOUT_S
    while time.perf_counter() < deadline:
        if value := found():
            return value
        await asyncio.sleep(0.001)
    raise RuntimeError(f"the view did not show the change within {TIMEOUT_S} s")


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        waits = asyncio.run(_measure(Path(folder)))
    print(f"view_update_ms samples: {', '.join(f'{w * 1000:.0f}' for w in waits)}")
    return {"view_update_ms": statistics.median(waits) * 1000}


if __name__ == "__main__":
    print(run())

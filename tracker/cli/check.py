"""`tracker --check` and `tracker --templates`: answers without a terminal.

`--check` runs the real app headless (Textual's own headless driver), waits until
the save (or the demo copy) is fully loaded on the main screen — or the saves
browser is up — prints one line and exits. So an installed `tracker` can be
checked end to end from a script or a test: package data, save loading, screens.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from tracker.app.tracker_app import TrackerApp

CHECK_SECONDS = 30.0  # a full load takes well under a second; this is the give-up line


def run_check(app: TrackerApp, kept: bool = True) -> tuple[int, str]:
    """(exit code, one-line summary) of starting `app` headless and letting it settle;
    `kept`: the save stays where the app opened it (not: --demo's spare copy)."""
    outcome: list[tuple[int, str]] = []

    async def autopilot(pilot: Pilot[object]) -> None:  # Textual passes Pilot[object]
        deadline = time.monotonic() + CHECK_SECONDS
        while time.monotonic() < deadline:
            found = _settled(app, kept)
            if found is not None:
                outcome.append(found)
                break
            await pilot.pause(0.05)
        else:
            outcome.append((1, f"not settled after {CHECK_SECONDS:.0f} s"))
        app.exit()

    app.run(headless=True, size=(120, 40), auto_pilot=autopilot)
    return outcome[0] if outcome else (1, "the app stopped before it settled")


def _settled(app: TrackerApp, kept: bool) -> tuple[int, str] | None:
    from tracker.screens.main import MainScreen
    from tracker.screens.saves_browser import SavesBrowser

    screen = app.screen
    if isinstance(screen, MainScreen):
        session = app.session  # finishes the deferred load: the whole save, history too
        if session is None:  # a failed load goes back to the browser, which says why
            return None
        enc = session.encounter
        names = ", ".join(c.name for c in enc.combatants.values())
        return 0, (
            f"{enc.name}: {len(enc.combatants)} combatants ({names}); day {enc.day},"
            f" time {enc.time}; {len(session.done)} commands; "
            + (f"saved as {app.save_path}" if kept else "checked, no copy kept")
        )
    if isinstance(screen, SavesBrowser) and screen.is_mounted:
        if screen.error:
            return 1, f"saves browser: {screen.error}"
        return 0, f"saves browser: {len(screen.saves)} saves in {screen.folder}"
    return None


def template_lines(saves_dir: Path) -> list[str]:
    """One line per roster template the app offers (`t`): built-in and the GM's own."""
    from tracker.files.demo import ROSTER_DIR
    from tracker.modals.templates import read_roster

    lines = []
    for template in read_roster(saves_dir / "roster", builtin=ROSTER_DIR):
        yours = isinstance(template.path, Path) and _under(template.path, saves_dir)
        where = "yours" if yours else "built-in"
        what = template.error and f"cannot use: {template.error}"
        if template.combatant is not None:
            what = f"{template.combatant.name} ({template.combatant.side})"
        lines.append(f"{template.path.name}\t{what}\t{where}")
    return lines


def _under(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False

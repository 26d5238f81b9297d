"""The players' screen's tests alike: a fight with secrets in it, saved; waiting on the view;
the screen as the players read it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot

from rules.engine.session import Session
from rules.mechanics.dice import SeededDice
from rules.model.commands import ApplyWound, StartCombat
from rules.model.state import Encounter
from rules.model.visibility_commands import SetHidden
from rules.saves.store import save_session
from tests.support.random_fights import fighter

NOTE = "the baron pays them both"  # a GM note: never on the players' screen
HIDDEN = "Zorvax"  # the ambusher
FOE = "Molin"  # a foe the players have not been told the name of
FOE_WP = 7  # the foe's total WP: its number never shows


def secret_fight() -> Session:
    """Dinzis (PC) and Kans (ally) against Molin (unrevealed, 7 WP) and Zorvax (hidden)."""
    enc = Encounter(name="Ambush at the inn")
    cast = [("c0", "Dinzis", "PC"), ("c1", "Kans", "ally"), ("c2", FOE, "enemy")]
    cast.append(("c3", HIDDEN, "enemy"))
    for cid, name, side in cast:
        c = fighter(cid, name, 6)
        enc.combatants[cid] = c.model_copy(update={"side": side, "notes": f"{NOTE} ({name})"})
    session = Session(enc)
    dice = SeededDice(7)
    session.do(SetHidden(id="c3", hidden=True), dice)
    session.do(StartCombat(initiators=["c0"]), dice)
    session.do(ApplyWound(target="c2", wound_points=4, location="head"), dice)
    session.do(ApplyWound(target="c2", wound_points=3, location="head"), dice)
    session.do(ApplyWound(target="c1", wound_points=2, location="head"), dice)
    return session


def saved_fight(folder: Path) -> tuple[Path, Session]:
    path = folder / "fight.json"
    session = secret_fight()
    save_session(session, path)
    return path, session


def screen_text(app: App[None]) -> str:
    """What the screen shows, line by line, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def wait_until(
    pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 10.0
) -> None:
    """Let the app run until `condition()` holds; fail after `timeout` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            app = pilot.app
            raise AssertionError(f"not within {timeout} s; the screen:\n{screen_text(app)}")
        await pilot.pause(0.05)
    await asyncio.sleep(0)


def folder_state(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every file in the folder with its inode, size and mtime: what "nothing written" keeps."""
    found = {}
    for path in sorted(folder.iterdir()):
        info = path.stat()
        found[path.name] = (info.st_ino, info.st_size, info.st_mtime_ns)
    return found

"""Steps shared by the physical-dice app tests: a small fight typed by hand, and its prompts."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from rules.engine.session import Session
from rules.model.state import Armour
from rules.saves.store import save_session
from tests.support.act_fixtures import a10
from tests.support.modal_host import type_into, until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.dice_entry import DiceEntry


def physical_fight(tmp_path: Path) -> TrackerApp:
    """A10's pair: Lio (luck +2) due at 13; Markon wears 3 soft armour (A13)."""
    return physical_app(tmp_path, a10(lio_over={"luck": 2}, armour=Armour(soft=3)))


def physical_app(tmp_path: Path, session: Session) -> TrackerApp:
    """The app on `session`, saved as a file, with the GM typing the dice."""
    path = tmp_path / "fight.json"
    save_session(session, path)
    return make_app(path, saves_dir=tmp_path, seed=1, dice_mode="physical")


def _asking(pilot: Pilot[None]) -> bool:
    screen = pilot.app.screen
    return isinstance(screen, DiceEntry) and screen._ready  # composed and mounted


async def prompt(pilot: Pilot[None]) -> DiceEntry:
    """The next dice prompt, once it is on screen with its field."""
    await until(pilot, lambda: _asking(pilot))
    return pilot.app.screen  # type: ignore[return-value]


async def answer(pilot: Pilot[None], faces: str | None) -> DiceEntry:
    """Type `faces` into the next prompt (None: take what it offers) and enter."""
    asking = await prompt(pilot)
    if faces is not None:
        await type_into(pilot, "#faces", faces)
    await pilot.press("enter")
    await until(pilot, lambda: pilot.app.screen is not asking)
    return asking

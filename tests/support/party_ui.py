"""Party files and encounters made from them, for the party UI's Pilot tests (issue 17)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from rules.engine.session import Session
from rules.model.party import Party
from rules.model.state import Combatant, Wound
from rules.party.between import new_party
from rules.party.encounters import new_encounter
from rules.saves.folder import free_party_path
from rules.saves.party_store import load_party, save_party
from rules.saves.store import save_session


def kans(*, wounded: bool = False) -> Combatant:
    """Kans, a PC; wounded: a 3 WP cut on the right arm (A14)."""
    wounds = [Wound(location="right arm", level="Light", wp=3)] if wounded else []
    return Combatant(id="kans", name="Kans", side="PC", wounds=wounds)


def ula() -> Combatant:
    return Combatant(id="ula", name="Ula", side="PC")


def party_file(saves: Path, *characters: Combatant, name: str = "Hawkwood") -> Path:
    """A party of `characters` saved in the saves folder's parties folder."""
    party = new_party(name, characters)
    path = free_party_path(saves, party.name)
    save_party(party, path, expected=None)
    return path


def read(path: Path) -> Party:
    return load_party(path)[0]


def encounter_file(saves: Path, party_path: Path, name: str) -> Path:
    """An encounter made from the party (as the browser's new encounter makes it), saved."""
    enc = new_encounter(read(party_path), party_path.name, name)
    path = saves / f"{name.lower().replace(' ', '-')}.json"
    save_session(Session(enc), path)
    return path


async def new_encounter_from_party(pilot: Pilot[None], name: str) -> None:
    """From the saves browser: ＋ New encounter, its name, the newest party (highlighted)."""
    from tests.support.modal_host import type_into, until
    from tracker.modals.encounter_name import EncounterName
    from tracker.party.pick_dialog import PartyPick
    from tracker.screens.main import MainScreen
    from tracker.screens.saves_browser import SavesBrowser

    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
    await pilot.press("enter")  # ＋ New encounter
    await until(pilot, lambda: isinstance(app.screen, EncounterName))
    await type_into(pilot, "#name", name)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, PartyPick))
    await pilot.press("enter")  # the newest party is highlighted
    await until(pilot, lambda: isinstance(app.screen, MainScreen))

"""A bleeding party on file, for the party screen's pass-time Pilot tests (A14, A16)."""

from __future__ import annotations

from pathlib import Path

from rules.model.state import Combatant, Wound
from rules.party.between import new_party
from rules.saves.folder import free_party_path
from rules.saves.party_store import save_party

STATS = {"Endurance": 6, "Wits": 5}


def bleeder(wp: int, *, checked: bool = False) -> Combatant:
    """Kans bleeding at BLR 1 since 4 TU before the track's 0 (A14); `wp` of wounds;
    `checked`: both Endurance lines already crossed (no first-time check comes due; R31:
    at Endurance 0 every tick still calls one)."""
    return Combatant(
        id="kans",
        name="Kans",
        side="PC",
        stats=STATS,
        wounds=[Wound(location="chest", wp=wp, bleeding=True)],
        bleed_rate=1,
        bleed_anchor=-4,
        half_endurance_checked=checked,
        zero_endurance_checked=checked,
    )


def party_of(saves: Path, kans: Combatant) -> Path:
    """Hawkwood (Kans and Ula) saved in the saves folder's parties folder."""
    party = new_party("Hawkwood", [kans, Combatant(id="ula", name="Ula", side="PC")])
    path = free_party_path(saves, party.name)
    save_party(party, path, expected=None)
    return path

"""Party files for the saves tests: a big party (so a write takes a while) and two states."""

from __future__ import annotations

from pathlib import Path

from rules.model.commands import Luck
from rules.model.party import Party
from rules.party.between import care, new_party
from rules.saves.party_store import save_party
from tests.support.party_steps import pc


def big_party(characters: int = 40) -> Party:
    """Characters with long notes: a party file of a few hundred KiB."""
    chars = [
        pc(f"c{n}", f"Hero {n}", 5).model_copy(update={"notes": f"Backstory {n}. " * 120})
        for n in range(1, characters + 1)
    ]
    return new_party("Long campaign", chars, uid="campaign")


def two_parties(folder: Path) -> tuple[Party, Party]:
    """A (revision 1) and B (A with Hero 1 awarded luck, revision 2), as a.json and b.json."""
    a = big_party()
    b = care(a, Luck(target="c1", amount=1))
    save_party(a, folder / "a.json", None)
    save_party(b, folder / "b.json", None)
    return a, b

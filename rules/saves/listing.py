"""What the saves browser lists when the GM filters, and under which party each save goes.

Typing filters by the encounter's name, its file, its party's name and the day
it was saved (as the browser shows it, `2026-11-28 14:05`): every word typed
must be in one of them, in any case. An encounter made from a party (its
`PartyLink`) is listed under that party's row: the party file whose uid it
names, the one at its recorded file name first when two share a uid (a copied
party file). An encounter whose party is gone is listed with the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

from rules.saves.folder import PartyInfo, SaveInfo


def filter_words(typed: str) -> tuple[str, ...]:
    """The words a filter must find, case folded (none: everything is listed)."""
    return tuple(typed.casefold().split())


def shown_when(modified: datetime) -> str:
    """A save's time as the browser shows it (local time): the filter reads it so."""
    return modified.astimezone().strftime("%Y-%m-%d %H:%M")


def save_matches(words: Iterable[str], info: SaveInfo, party: str = "") -> bool:
    """Every word is in the save's name, file, party name (`party`) or saved time."""
    text = " ".join((info.name, info.path.name, party, shown_when(info.modified))).casefold()
    return all(word in text for word in words)


def party_matches(words: Iterable[str], info: PartyInfo) -> bool:
    """Every word is in the party's name or file (its encounters match it too)."""
    return all(word in f"{info.name} {info.path.name}".casefold() for word in words)


def party_of(info: SaveInfo, parties: Mapping[str, PartyInfo]) -> str | None:
    """The key (in `parties`) of the party row a save is listed under, if any."""
    link = info.party
    if link is None:
        return None
    same = [key for key, p in parties.items() if p.party is not None and p.party.uid == link.uid]
    for key in same:
        if parties[key].path.name == link.file:
            return key
    return same[0] if same else None

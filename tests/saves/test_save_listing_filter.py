"""The browser's filter words and party groups (rules.saves.listing), without an app."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from rules.model.party_link import PartyLink
from rules.party.between import new_party
from rules.saves.folder import PartyInfo, SaveInfo
from rules.saves.listing import filter_words, party_matches, party_of, save_matches, shown_when

WHEN = datetime(2026, 11, 28, 14, 5, tzinfo=UTC)


def save(name: str, file: str, link: PartyLink | None = None) -> SaveInfo:
    return SaveInfo(path=Path("/s") / file, modified=WHEN, name=name, party=link)


def test_every_word_must_be_in_the_name_file_party_or_date() -> None:
    info = save("Bridge Ambush", "night-two.json")
    day = shown_when(WHEN)[:10]
    assert save_matches(filter_words("  AMBUSH bridge "), info)
    assert save_matches(filter_words("night-two"), info)
    assert save_matches(filter_words(day), info)
    assert save_matches(filter_words("hawk ambush"), info, party="Hawkwood")
    assert not save_matches(filter_words("hawk ambush"), info)
    assert not save_matches(filter_words("ambush tavern"), info)
    assert save_matches(filter_words(""), info)


def test_an_encounter_goes_under_the_party_it_names() -> None:
    party = new_party("Hawkwood", [], uid="hawk")
    copy = PartyInfo(Path("/s/parties/hawkwood-2.json"), WHEN, "Hawkwood", party)
    home = PartyInfo(Path("/s/parties/hawkwood.json"), WHEN, "Hawkwood", party)
    broken = PartyInfo(Path("/s/parties/x.json"), WHEN, "x", error="won't open")
    parties = {"p:copy": copy, "p:home": home, "p:broken": broken}
    link = PartyLink(uid="hawk", name="Hawkwood", file="hawkwood.json", revision=1, token="t")
    assert party_of(save("Raid", "raid.json", link), parties) == "p:home"  # its file first
    moved = link.model_copy(update={"file": "renamed.json"})
    assert party_of(save("Raid", "raid.json", moved), parties) == "p:copy"  # then its uid
    gone = link.model_copy(update={"uid": "other"})
    assert party_of(save("Raid", "raid.json", gone), parties) is None
    assert party_of(save("Duel", "duel.json"), parties) is None
    assert party_matches(filter_words("hawk"), home) and not party_matches(("decados",), home)

"""The saves browser's parties (issue 17): their rows, a new party, a party's screen, and
the party a new encounter is made from.

Parties live in `<saves>/parties` (rules.saves.party_store); the browser lists
them under "New encounter" and the demo, each with the encounters made from it.
Enter on a party opens its screen; "＋ New party" names one (with the open
encounter's PCs, if the GM wants them).
The browser is read as a `Browser` (it imports this module, never the reverse).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from rules.model.party import Party
from rules.party.between import from_encounter, new_party
from rules.party.errors import PartyError
from rules.saves.folder import PartyInfo, free_party_path, list_parties
from rules.saves.party_store import save_party
from rules.saves.raw import SaveError
from tracker.widgets.tones import theme_style

if TYPE_CHECKING:
    from textual.app import App
    from textual.widgets import DataTable

NEW_PARTY = "new-party"
PARTY = "party:"  # a party row's key: this, then the file's path


class Browser(Protocol):
    """The saves browser as its parties read it: its folder, its app, its error line."""

    folder: Path

    @property
    def app(self) -> App[object]: ...

    def show_error(self, message: str) -> None: ...

    def action_reload(self) -> None: ...


def new_party_row(browser: Browser, table: DataTable[Any]) -> None:
    """The "⚑ New party" row."""
    style = theme_style(browser.app, "text-success")
    table.add_row(Text("⚑ New party", style=style), *[""] * 5, key=NEW_PARTY)


def listed_parties(browser: Browser) -> dict[str, PartyInfo]:
    """The party files of the browser's folder, by their row's key (a folder that cannot
    be listed is said on the browser's error line, not a crash)."""
    try:
        listed = list_parties(browser.folder)
    except SaveError as error:
        browser.show_error(str(error))
        listed = []
    return {PARTY + str(info.path): info for info in listed}


def party_row(browser: Browser, table: DataTable[Any], key: str, info: PartyInfo) -> str:
    """One party's row: its name, day and who is alive; the encounters made from it are
    listed under it (the saves browser puts them there). Returns its File cell's text."""
    saved = info.modified.astimezone().strftime("%Y-%m-%d %H:%M")
    where = f"parties/{info.path.name}"
    if info.party is None:
        style = theme_style(browser.app, "text-error")
        cells = (Text(f"⚠ party {info.name}", style=style), "", "", "won't open")
        table.add_row(*cells, Text(saved), Text(where), key=key)
        return where
    party = info.party
    alive = sum(not c.dead for c in party.characters.values())
    shown = (f"⚑ Party: {party.name}", str(party.day), "", f"{alive}/{len(party.characters)}")
    table.add_row(*map(Text, shown), Text(saved), Text(where), key=key)
    return where


def open_party(browser: Browser, path: Path) -> None:
    """The party's screen over the browser; the browser lists it again on return."""
    from tracker.party.keeper import PartyKeeper
    from tracker.party.screen import PartyScreen

    try:
        keeper = PartyKeeper.open(path)
    except SaveError as error:
        browser.show_error(f"{error.problem} — {error.path}")
        return
    browser.app.push_screen(PartyScreen(keeper), lambda _: browser.action_reload())


def ask_new_party(browser: Browser) -> None:
    """Name the party; with an encounter open that has PCs, ask whether they form it."""
    from tracker.modals.confirm import Confirm
    from tracker.modals.encounter_name import EncounterName

    session = getattr(browser.app, "session", None)
    enc = session.encounter if session is not None else None
    pcs = [c.name for c in enc.combatants.values() if c.side == "PC"] if enc else []

    def named(name: str | None) -> None:
        if name is None:
            return
        if not pcs or enc is None:
            _create(browser, lambda: new_party(name))
            return
        question = f"Form {name} of the PCs of {enc.name} ({', '.join(pcs)}), as they stand now?"
        browser.app.push_screen(
            Confirm(question + " (n: an empty party)"),
            lambda yes: _create(
                browser, (lambda: from_encounter(enc, name)) if yes else (lambda: new_party(name))
            ),
        )

    browser.app.push_screen(EncounterName("Name the new party", "Party", "Create"), named)


def _create(browser: Browser, make: Callable[[], Party]) -> None:
    try:
        party = make()
        path = free_party_path(browser.folder, party.name)
        save_party(party, path, expected=None)
    except PartyError as error:
        browser.show_error(str(error))
        return
    except SaveError as error:
        browser.show_error(f"{error.problem} — {error.path}")
        return
    browser.action_reload()
    open_party(browser, path)


def ask_party(browser: Browser, name: str, then: Callable[[PartyInfo | None], None]) -> None:
    """With parties in the folder, which one the new encounter comes from (or none)."""
    from tracker.party.pick_dialog import NO_PARTY, PartyPick

    parties = list_parties(browser.folder)
    if not parties:
        then(None)
        return
    by_path = {str(info.path): info for info in parties}

    def picked(answer: str | None) -> None:
        if answer is not None:  # escape: back in the browser, nothing made
            then(None if answer == NO_PARTY else by_path[answer])

    browser.app.push_screen(PartyPick(name, parties), picked)

"""Back to the party: after combat ends in an encounter made from a party (or on the
palette's "Write back to the party"), the summary, then the write-back.

The flow: read the party file fresh, show the rules' summary lines, and on the GM's
one key write back (`rules.party.encounters.write_back`), saved against the revision
just read. A refusal (PartyConflict: the party changed since this encounter began,
e.g. another encounter wrote back) is shown with the rules' words and offers a
merge by character or saving this encounter's party aside; nothing is written
until the GM picks. The encounter itself is untouched (its own undo stays exact).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.party.conflict import aside, merge
from rules.party.encounters import link_of, summary_lines, write_back
from rules.party.errors import PartyConflict, PartyError
from rules.saves.folder import free_party_path
from rules.saves.party_store import PartyFileConflict, load_party, party_file, save_party
from rules.saves.raw import SaveError

if TYPE_CHECKING:
    from pathlib import Path

    from rules.model.party import Party
    from rules.model.state import Encounter
    from rules.party.encounters import WriteBack
    from tracker.host.action_host import AppHost


def offer_write_back(app: AppHost) -> None:
    """The summary dialog for the open encounter's party (or why there is none)."""
    from tracker.party.write_back import WriteBackDialog

    enc = app.session.encounter if app.session is not None else None
    if enc is None or enc.party is None:
        app.notify("this encounter was not made from a party", severity="warning")
        return
    path = party_file(app.saves_dir, enc.party)
    party = _read(app, path)
    if party is None:
        return
    try:
        link_of(party, enc)  # a party file replaced by another party: said before any summary
        lines = summary_lines(party, enc)
    except PartyError as error:
        _refused(app, str(error))
        return

    def answered(yes: bool | None) -> None:
        if yes:
            write_now(app, enc, path)
        else:
            app.notify("Not written back (the palette's “Write back to the party” asks again)")

    app.push_screen(WriteBackDialog(party.name, lines), answered)


def write_now(app: AppHost, enc: Encounter, path: Path) -> None:
    """Write back now, on the file as it is now; a conflict asks how to go on."""
    from tracker.party.write_back import ConflictDialog

    party = _read(app, path)
    if party is None:
        return
    try:
        done = write_back(party, enc)
    except PartyConflict as refused:
        conflict = refused  # the except name is gone once the block ends; the dialog needs it
        app.push_screen(ConflictDialog(conflict), lambda c: _resolve(app, enc, path, conflict, c))
        return
    except PartyError as error:
        _refused(app, str(error))
        return
    _save(app, done, party, path)


def _resolve(
    app: AppHost, enc: Encounter, path: Path, conflict: PartyConflict, choice: str | None
) -> None:
    from tracker.party.write_back import MergePicks

    if choice is None:
        app.notify("Nothing written back: the party file is as it was", severity="warning")
        return
    if choice == "aside":
        _save_aside(app, enc, path)
        return
    if not conflict.touched:
        _merge(app, enc, path, {})
        return
    app.push_screen(
        MergePicks(conflict), lambda picks: None if picks is None else _merge(app, enc, path, picks)
    )


def _merge(app: AppHost, enc: Encounter, path: Path, picks: dict[str, str]) -> None:
    party = _read(app, path)
    if party is None:
        return
    try:
        done = merge(party, enc, picks)  # type: ignore[arg-type]  # the dialog's values are Picks
    except PartyError as error:  # the party moved again meanwhile: the rules say how
        _refused(app, str(error))
        return
    _save(app, done, party, path)


def _save_aside(app: AppHost, enc: Encounter, path: Path) -> None:
    party = _read(app, path)
    if party is None:
        return
    try:
        new = aside(party, enc)
        target = free_party_path(app.saves_dir, new.name)
        save_party(new, target, expected=None)
    except (PartyError, SaveError) as error:
        _refused(app, str(error))
        return
    app.notify(
        f"Saved aside as the party {new.name} ({target.name}); {party.name} is as it was",
        title="Saved aside",
        timeout=8,
    )


def _save(app: AppHost, done: WriteBack, read: Party, path: Path) -> None:
    try:
        save_party(done.party, path, expected=read.revision)
    except PartyFileConflict as error:  # written by someone else between read and save
        _refused(app, f"{error.problem} — {path.name}")
        return
    except SaveError as error:
        _refused(app, str(error))
        return
    names = [
        done.party.characters[cid].name for cid in done.touched if cid in done.party.characters
    ]
    changed = ", ".join(names) + " changed" if names else "no character's state changed"
    app.notify(
        f"Written back to {done.party.name} (revision {done.party.revision}: {changed})",
        title="Back to the party",
        timeout=6,
    )


def _read(app: AppHost, path: Path) -> Party | None:
    try:
        return load_party(path)[0]
    except SaveError as error:
        _refused(app, str(error))
        return None


def _refused(app: AppHost, message: str) -> None:
    app.notify(message, title="Not written back", severity="error", timeout=15)

"""One party file on screen: the party as last read, and every change saved at once.

The party screen and the write-back both change a party the same way: a rules
function makes the new party (`rules.party`), and it is saved against the
revision it was built on (`save_party(..., expected=)`). A refusal from the
rules (PartyError) or the file (SaveError) comes back as the GM's words and
nothing is changed; a file someone else wrote meanwhile (PartyFileConflict)
is read again, so the screen shows what is really there.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rules.model.party import Party
from rules.party.errors import PartyError
from rules.saves.party_store import PartyFileConflict, load_party, save_party
from rules.saves.raw import SaveError

Change = Callable[[Party], Party]


class PartyKeeper:
    """`party` is what the file held when last read or written by this keeper."""

    def __init__(self, path: Path, party: Party) -> None:
        self.path = Path(path)
        self.party = party

    @classmethod
    def open(cls, path: Path) -> PartyKeeper:
        """Read the party file; SaveError says why it will not open."""
        party, _ = load_party(path)
        return cls(path, party)

    def reload(self) -> str:
        """Read the file again; '' or the reason it cannot be read (the old party is kept)."""
        try:
            self.party, _ = load_party(self.path)
        except SaveError as error:
            return str(error)
        return ""

    def read_only(self) -> str:
        """'' or why this party cannot be changed here, said before any work is done: a
        symbolic link is never written through (rules.saves.party_store)."""
        if not self.path.is_symlink():
            return ""
        try:
            target = str(self.path.readlink())
        except OSError:
            target = "somewhere else"
        return (
            f"{self.path.name} is a symbolic link (to {target}): the tracker never writes"
            " through one, so this party only shows here; to change it, put a copy of the"
            " file in the link's place"
        )

    def change(self, make: Change) -> str:
        """Apply `make` and save; '' when done, else why not (then nothing was changed)."""
        try:
            new = make(self.party)
        except PartyError as error:
            return str(error)
        return self.commit(new, self.party)

    def commit(self, new: Party, base: Party) -> str:
        """Save `new`, made from `base` (maybe in a worker, while the screen ran on): only
        if `base` is still what this keeper and the file hold; '' when done, else why not."""
        if why := self.read_only():
            return why
        if base is not self.party:
            return (
                f"{self.party.name} changed on this screen while the change was being made"
                f" (revision {base.revision} → {self.party.revision}): nothing written"
            )
        try:
            save_party(new, self.path, expected=base.revision)
        except PartyFileConflict as error:
            problem = self.reload()
            return f"{error.problem} (the party was read again{': ' + problem if problem else ''})"
        except SaveError as error:
            return str(error)
        self.party = new
        return ""

    def last_text(self) -> str:
        """The newest history line (what the last change did, in the rules' words)."""
        history = self.party.history
        return history[-1].text if history else ""

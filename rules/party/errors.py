"""What the party's rules refuse, in words the GM can act on (nothing is changed)."""

from __future__ import annotations


class PartyError(ValueError):
    """A party command that cannot be done: the message says what and why."""


class PartyConflict(PartyError):
    """A write-back from an encounter made on an older party revision than the party's.

    Another write-back (or a new day, care, an undo) changed the party since:
    writing over it would silently drop that. `touched` are the characters that
    change touched and this encounter changed too (the GM picks for each), `free`
    those it did not touch (they take this encounter's state in a merge), `kept` those
    only it changed (they keep the party's state), by id; `names`: ids to names.
    """

    def __init__(
        self,
        message: str,
        base: int,
        revision: int,
        touched: list[str],
        free: list[str],
        names: dict[str, str],
        kept: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.base = base
        self.revision = revision
        self.touched = touched
        self.free = free
        self.names = names
        self.kept = kept or []

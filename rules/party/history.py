"""The party's revisions: every change is one history entry, and the last few can be undone.

A change replaces some characters (and maybe the day); its entry keeps what it
replaced (`PartyChange.before`) for the last `UNDO_KEPT` changes, so undo puts
exactly that back. Undo goes last-first (a stack): it undoes the newest change
not yet undone, and is itself a change (a new revision, logged), so an encounter
made before it sees the party moved on (`rules.party.conflict`).
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import ValidationError

from rules.model.party import HISTORY_KEPT, UNDO_KEPT, ChangeKind, Party, PartyChange
from rules.model.state import Combatant
from rules.party.errors import PartyError
from rules.party.lasting import changed


def commit(
    party: Party,
    kind: ChangeKind,
    text: str,
    characters: Mapping[str, Combatant | None],
    lines: list[str] | None = None,
    day: int | None = None,
    token: str | None = None,
    undoes: int | None = None,
    renewed: tuple[str, ...] = (),
) -> Party:
    """A new party: `characters` replaced (None removes one), one revision on, logged.

    Pure: `party` is left as it was. Characters whose state is unchanged are not
    counted as touched (a merge lets another encounter's state take them), but for
    `renewed`: a new day renews everyone's dice even where they look the same (C1).
    """
    new = party.model_copy(deep=True)
    before: dict[str, Combatant | None] = {}
    touched: list[str] = []
    for cid, c in characters.items():
        old = party.characters.get(cid)
        if changed(old, c) or _dump(old) != _dump(c):
            touched.append(cid)
        before[cid] = old.model_copy(deep=True) if old is not None else None
        if c is None:
            new.characters.pop(cid, None)
        else:
            new.characters[cid] = c.model_copy(deep=True)
    for cid in renewed:  # a new day: every day's dice, changed or not
        if cid not in touched:
            touched.append(cid)
            before.setdefault(cid, party.characters[cid].model_copy(deep=True))
    new.revision = party.revision + 1
    new_day = party.day if day is None else day
    new.day = new_day
    entry = PartyChange(
        revision=new.revision,
        kind=kind,
        day=new_day,
        text=text[:2000],
        lines=[line[:2000] for line in lines or []],
        touched=touched,
        token=token,
        before=None if undoes is not None else before,  # an undo is not undone in turn
        day_before=party.day,
        undoes=undoes,
    )
    new.history.append(entry)
    _trim(new)
    try:
        return Party.model_validate(new.model_dump())  # the party's own checks hold after
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        where = ".".join(str(part) for part in problem["loc"])
        raise PartyError(
            f"{text}: the party would not be valid ({where}: {problem['msg']})"
        ) from None


def _dump(c: Combatant | None) -> object:
    return None if c is None else c.model_dump(mode="json")


def _trim(party: Party) -> None:
    """Only the last UNDO_KEPT changes keep what they replaced; HISTORY_KEPT entries in all."""
    undoable = [e for e in party.history if e.before is not None]
    for entry in undoable[:-UNDO_KEPT]:
        entry.before = None
    del party.history[:-HISTORY_KEPT]


def undoable(party: Party) -> list[PartyChange]:
    """The changes undo would take back, newest first (the party screen's list)."""
    found: list[PartyChange] = []
    for entry in reversed(party.history):
        if entry.kind == "undo" or entry.undone:
            continue
        if entry.before is None:
            break  # older ones are past the undo horizon
        found.append(entry)
    return found


def undo(party: Party, count: int = 1) -> Party:
    """Undo the last `count` changes (newest first), each a logged revision of its own."""
    if count < 1:
        raise PartyError(f"count {count}: undo at least one change")
    available = undoable(party)
    if count > len(available):
        raise PartyError(
            f"{party.name} has {len(available)} change{'s' if len(available) != 1 else ''}"
            f" that can be undone (the last {UNDO_KEPT} are kept), not {count}"
        )
    for entry in available[:count]:
        assert entry.before is not None and entry.day_before is not None
        text = f"Undone: {entry.text}"
        party = commit(
            party, "undo", text, entry.before, day=entry.day_before, undoes=entry.revision
        )
        for old in party.history:
            if old.revision == entry.revision:
                old.undone = True
    return party


def touched_since(party: Party, revision: int, token: str | None = None) -> set[str] | None:
    """Characters changed after `revision` by anything but `token`'s own write-backs.

    None: the history no longer reaches back that far, so nothing can be said.
    """
    later = [e for e in party.history if e.revision > revision]
    first = party.history[0].revision if party.history else party.revision + 1
    if revision < party.revision and first > revision + 1:
        return None
    found: set[str] = set()
    for entry in later:
        if token is not None and entry.token == token and entry.kind in ("write-back", "merge"):
            continue
        found.update(entry.touched)
    return found


_UNKNOWN = object()


def state_at(party: Party, revision: int, cid: str) -> object:
    """The character as it was at `revision` (None: not in the party then), from the
    `before` of the first later change that touched it; `UNKNOWN` past the undo horizon."""
    for entry in party.history:
        if entry.revision > revision and cid in entry.touched:
            if entry.before is None or cid not in entry.before:
                return UNKNOWN
            return entry.before[cid]
    return party.characters.get(cid)


UNKNOWN: object = _UNKNOWN


def own_revision(party: Party, revision: int, token: str) -> int:
    """The revision an encounter's write-back builds on: its link's, or its own last
    write-back's (not undone), whichever is later."""
    for entry in reversed(party.history):
        if entry.token == token and entry.kind in ("write-back", "merge") and not entry.undone:
            return max(revision, entry.revision)
    return revision

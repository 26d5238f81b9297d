"""After a refused write-back (PartyConflict): merge by character, or save the party aside.

Merge: characters the party's later changes did not touch take this encounter's
state; those they touched and this encounter left as they were keep the party's;
each one changed on both sides is listed, and the GM picks "encounter" (this
fight's state) or "party" (keep the file's) for it. Save aside: the party as this
encounter leaves it goes to a new party (a new uid and name) for a new file,
and the party file stays as it is. Nothing is ever silently overwritten.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from rules.model.party import Party, PartyChange
from rules.model.plain_text import NAME_MAX
from rules.model.state import Encounter
from rules.party.encounters import (
    WriteBack,
    carried,
    link_of,
    new_token,
    on_the_day,
    refuse_conflict,
    summary_lines,
    written,
)
from rules.party.errors import PartyConflict, PartyError
from rules.party.history import own_revision

Pick = Literal["encounter", "party"]


def conflict_of(party: Party, encounter: Encounter) -> PartyConflict | None:
    """The conflict a write-back would meet now (None: it would go through)."""
    link = link_of(party, encounter)
    base = own_revision(party, link.revision, link.token)
    if base >= party.revision:
        return None
    try:
        refuse_conflict(party, encounter, base, link.token)
    except PartyConflict as found:
        return found
    return None  # pragma: no cover - refuse_conflict always raises


def merge(party: Party, encounter: Encounter, picks: Mapping[str, Pick]) -> WriteBack:
    """The write-back by character: untouched ones take this encounter's state; each
    touched one (PartyConflict.touched) must be picked "encounter" or "party"."""
    found = conflict_of(party, encounter)
    if found is None:
        raise PartyError(f"no conflict with {party.name}: write back as usual")
    missing = [found.names[cid] for cid in found.touched if cid not in picks]
    if missing:
        raise PartyError(f"pick encounter or party for {', '.join(missing)} (changed in both)")
    unknown = sorted(set(picks) - set(found.touched))
    if unknown:
        raise PartyError(f"picks for characters not in conflict: {', '.join(unknown)}")
    for cid, pick in picks.items():
        if pick not in ("encounter", "party"):
            raise PartyError(f"{found.names[cid]}: pick encounter or party, not {pick!r}")
    taken = set(found.free) | {cid for cid, pick in picks.items() if pick == "encounter"}
    link = link_of(party, encounter)
    return written(party, encounter, carried(party, encounter, taken), "merge", link.token)


def aside(
    party: Party, encounter: Encounter, name: str | None = None, uid: str | None = None
) -> Party:
    """A new party: `party` (the file's) with every character as this encounter leaves it,
    under a new uid and name ("<name> (aside)"), at revision 1 with one history entry.
    The UI saves it to a new file (`rules.saves.party_store.free_party_path`)."""
    link_of(party, encounter)
    chars = dict(party.characters)
    taken = carried(party, encounter)
    chars.update(on_the_day(party, encounter, taken))
    chars.update(taken)
    title = (name or f"{party.name} (aside)")[:NAME_MAX]
    lines = summary_lines(party, encounter)
    day = max(party.day, encounter.day)
    entry = PartyChange(
        revision=1,
        kind="created",
        day=day,
        text=f"Saved aside from {party.name} by the encounter {encounter.name}",
        lines=lines,
        touched=sorted(chars),
    )
    return Party(
        uid=uid or new_token(), name=title, day=day, revision=1, characters=chars, history=[entry]
    )

"""From a party to an encounter and back: its characters join with their lasting state,
and what the fight did to them is written back (after the GM reads a summary).

Pure: these build new values and never touch a file (rules.saves.party_store does).
The encounter remembers its party (`Encounter.party`: uid, file, revision, token),
so a write-back knows where it goes and on which revision it builds.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field

from rules.model.party import Party
from rules.model.party_link import PartyLink
from rules.model.plain_text import NAME_MAX
from rules.model.state import Combatant, Encounter
from rules.party.errors import PartyConflict, PartyError
from rules.party.history import UNKNOWN, commit, own_revision, state_at, touched_since
from rules.party.lasting import (
    for_party,
    into_encounter,
    lasting_state,
    party_members,
    summary,
)

_NUMBERED = re.compile(r"^[a-z]+(\d+)$")


def new_token() -> str:
    """A fresh uid for a party or an encounter's link (12 hex digits)."""
    return secrets.token_hex(6)


def new_encounter(
    party: Party, file: str, name: str = "Encounter", token: str | None = None
) -> Encounter:
    """A new encounter (out of combat, track at 0) holding the party's living and dead
    characters with their lasting state, on the party's day (C1); foes join as today
    (AddCombatant from the roster). `file`: the party file's name in its folder."""
    combatants = {cid: into_encounter(c) for cid, c in party.characters.items()}
    numbers = [int(m[1]) for cid in combatants if (m := _NUMBERED.match(cid))]
    numbers += [e.id for c in combatants.values() for e in c.effects]  # ids unique together
    link = PartyLink(
        uid=party.uid,
        name=party.name,
        file=file,
        revision=party.revision,
        token=token or new_token(),
    )
    return Encounter(
        name=name[:NAME_MAX] or "Encounter",
        day=party.day,
        combatants=combatants,
        next_id=max(numbers, default=0) + 1,
        party=link,
    )


@dataclass(frozen=True)
class WriteBack:
    """A write-back ready to save: the new party, the GM's summary lines, who changed."""

    party: Party
    lines: list[str]
    touched: list[str] = field(default_factory=list)


def link_of(party: Party, encounter: Encounter) -> PartyLink:
    """The encounter's link to this party, or a PartyError saying why there is none."""
    link = encounter.party
    if link is None:
        raise PartyError(f"the encounter {encounter.name} was not made from a party")
    if link.uid != party.uid:
        raise PartyError(
            f"the encounter {encounter.name} came from the party {link.name} ({link.file}),"
            f" not from {party.name}: the party file may have been replaced; nothing written"
        )
    return link


def summary_lines(party: Party, encounter: Encounter, only: set[str] | None = None) -> list[str]:
    """What a write-back would carry, one line per party character in the encounter.

    The UI shows these before the GM confirms ("Kans: 7 WP, bleeding 1, right arm
    broken, combat chance die used, LP +2"). A party character the encounter no
    longer holds (or, in a merge, one not in `only`) is said to keep its party state.
    """
    lines: list[str] = []
    for cid in party_members(set(party.characters), encounter):
        if only is None or cid in only:
            lines.append(summary(encounter.combatants[cid], party.characters[cid]))
        else:
            lines.append(f"{party.characters[cid].name}: keeps the party's state (merge)")
    for cid in joiners(party, encounter):
        lines.append(f"{summary(encounter.combatants[cid])} (joins the party)")
    for cid, c in party.characters.items():
        if cid not in encounter.combatants:
            lines.append(f"{c.name}: not in this encounter, keeps the party's state")
    if encounter.day > party.day:
        lines.append(f"Day {party.day} → {encounter.day} (a new day in the encounter, C1)")
    return lines


def joiners(party: Party, encounter: Encounter) -> list[str]:
    """The PCs this encounter adds to the party (JoinParty), still in it and not yet the
    party's: after a first write-back a joiner is a member like any other."""
    joining = set(encounter.party.joining) if encounter.party is not None else set()
    return [cid for cid in party_members(joining, encounter) if cid not in party.characters]


def carried(
    party: Party, encounter: Encounter, only: set[str] | None = None
) -> dict[str, Combatant]:
    """The party characters as the encounter leaves them (the party's sheet, the fight's
    lasting state), and the PCs joining it with their own sheets; `only`: just these ids
    (a joiner is always carried: the party never had it, so nothing there can conflict)."""
    found: dict[str, Combatant] = {}
    for cid in party_members(set(party.characters), encounter):
        if only is None or cid in only:
            sheet = party.characters[cid]
            found[cid] = for_party(encounter.combatants[cid], encounter.time, sheet)
    for cid in joiners(party, encounter):
        found[cid] = for_party(encounter.combatants[cid], encounter.time)
    return found


def write_back(party: Party, encounter: Encounter) -> WriteBack:
    """The party with this encounter's lasting state for its characters, one revision on.

    Refused with PartyConflict when the party changed since the encounter's revision
    (another write-back, a new day, care, an undo) in a way this write-back would
    overwrite: `rules.party.conflict` offers the merge by character or save aside.
    """
    link = link_of(party, encounter)
    base = own_revision(party, link.revision, link.token)
    if base > party.revision:
        raise PartyError(
            f"the encounter {encounter.name} knows revision {base} of {party.name}, but the"
            f" file holds revision {party.revision}: an older copy of the party file? nothing"
            " written"
        )
    if base < party.revision:
        refuse_conflict(party, encounter, base, link.token)
    return written(party, encounter, carried(party, encounter), "write-back", link.token)


def written(
    party: Party, encounter: Encounter, chars: dict[str, Combatant], kind: str, token: str
) -> WriteBack:
    lines = summary_lines(party, encounter, set(chars) if kind == "merge" else None)
    day = max(party.day, encounter.day)
    text = f"{kind.capitalize()} from the encounter {encounter.name}"
    new = commit(
        party, "merge" if kind == "merge" else "write-back", text, chars, lines, day, token
    )
    return WriteBack(party=new, lines=lines, touched=new.history[-1].touched)


def refuse_conflict(party: Party, encounter: Encounter, base: int, token: str) -> None:
    """The PartyConflict for a write-back built on `base` < the party's revision."""
    mine = set(party_members(set(party.characters), encounter))
    touched = touched_since(party, base, token)
    others = mine if touched is None else mine & touched
    kept = sorted(cid for cid in others if not _changed_here(party, encounter, base, cid))
    both = sorted(others - set(kept))
    free = sorted(mine - others)
    names = {cid: party.characters[cid].name for cid in mine}
    later = [e.text for e in party.history if e.revision > base][-3:]
    what = "; ".join(later) if later else "its history no longer reaches back that far"
    listed = ", ".join(names[cid] for cid in both) or "none this encounter changed too"
    if kept:
        listed += f" (a merge keeps the party's {', '.join(names[cid] for cid in kept)})"
    message = (
        f"the party {party.name} changed since the encounter {encounter.name} was made from it"
        f" (revision {base} → {party.revision}: {what}); characters changed there: {listed}."
        " Nothing was written: merge by character (pick for each one changed there) or save"
        " this encounter's party aside to a new file"
    )
    raise PartyConflict(message, base, party.revision, both, free, names, kept)


def _changed_here(party: Party, encounter: Encounter, base: int, cid: str) -> bool:
    """Whether the encounter changed this character's lasting state from revision `base`
    (True when that state is past the undo horizon: then nobody can say it did not)."""
    was = state_at(party, base, cid)
    if was is UNKNOWN or not isinstance(was, Combatant):
        return True
    return lasting_state(encounter.combatants[cid], encounter.time) != lasting_state(was)

"""From a party to an encounter and back: its characters join with their lasting state,
and what the fight did to them is written back (after the GM reads a summary).

Pure: these build new values and never touch a file (rules.saves.party_store does).
The encounter remembers its party (`Encounter.party`: uid, file, revision, token),
so a write-back knows where it goes and on which revision it builds.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.engine.farad_in_play import chance_state
from rules.mechanics import farad
from rules.model.party import ChangeKind, Party
from rules.model.party_link import PartyLink
from rules.model.plain_text import NAME_MAX
from rules.model.state import Combatant, Encounter
from rules.party.errors import PartyConflict, PartyError
from rules.party.history import UNKNOWN, commit, own_revision, state_at, touched_since
from rules.party.lasting import (
    for_party,
    into_encounter,
    lasting_state,
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
    fresh = f"; fresh chance dice for day {encounter.day} (C1)" if encounter.day > party.day else ""
    members = party_ids(party, encounter)
    for eid, pid in members.items():
        c = encounter.combatants[eid]
        if pid not in party.characters:
            lines.append(f"{summary(c)} (joins the party)")
        elif only is None or pid in only:
            lines.append(summary(c, party.characters[pid]))
        else:
            lines.append(f"{party.characters[pid].name}: keeps the party's state (merge){fresh}")
    present = set(members.values())
    for cid, c in party.characters.items():
        if cid not in present:
            lines.append(f"{c.name}: not in this encounter, keeps the party's state{fresh}")
    if encounter.day > party.day:
        lines.append(f"Day {party.day} → {encounter.day} (a new day in the encounter, C1)")
    return lines


def party_ids(party: Party, encounter: Encounter) -> dict[str, str]:
    """Each encounter combatant that is, or joins as, a party character -> its id in the
    party, in the encounter's order.

    Usually the same id. But two encounters made from one revision number their new
    PCs alike (both `c1`): once one has joined, the other's joiner is not the party's
    `c1` (it was mixed into it: one sheet with the other's wounds and luck, the other
    PC lost). A joiner whose id the party gave to a PC of another encounter joins as
    `<id>-<this encounter's token>`, the same id at every later write-back.
    """
    link = encounter.party
    joining = set(link.joining) if link is not None else set()
    found: dict[str, str] = {}
    for eid in encounter.combatants:
        if eid in joining and link is not None:
            theirs = eid in party.characters and not _joined_here(party, link, eid)
            found[eid] = f"{eid}-{link.token[:6]}" if theirs else eid
        elif eid in party.characters:
            found[eid] = eid
    return found


def _joined_here(party: Party, link: PartyLink, cid: str) -> bool:
    """Whether the party's `cid` came from this encounter (its own write-back was the
    first change to touch it since the encounter's revision), not from another one.
    Past the history's reach nothing can be told: it is taken to be this one's."""
    for entry in party.history:
        if entry.revision > link.revision and cid in entry.touched:
            return entry.token == link.token and entry.kind in ("write-back", "merge")
    return True


def joiners(party: Party, encounter: Encounter) -> list[str]:
    """The PCs this encounter adds to the party (JoinParty), still in it and not yet the
    party's: after a first write-back a joiner is a member like any other. Encounter
    ids (`party_ids` gives each its id in the party)."""
    return [eid for eid, pid in party_ids(party, encounter).items() if pid not in party.characters]


def carried(
    party: Party, encounter: Encounter, only: set[str] | None = None
) -> dict[str, Combatant]:
    """The party characters as the encounter leaves them (the party's sheet, the fight's
    lasting state), and the PCs joining it with their own sheets, by party id; `only`:
    just these (a joiner is always carried: the party never had it, so nothing there
    can conflict)."""
    found: dict[str, Combatant] = {}
    for eid, pid in party_ids(party, encounter).items():
        c = encounter.combatants[eid]
        if pid not in party.characters:
            found[pid] = for_party(c, encounter.time).model_copy(update={"id": pid})
        elif only is None or pid in only:
            found[pid] = for_party(c, encounter.time, party.characters[pid])
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
    renewed = on_the_day(party, encounter, chars)
    change: ChangeKind = "merge" if kind == "merge" else "write-back"
    new = commit(
        party, change, text, {**chars, **renewed}, lines, day, token, renewed=tuple(renewed)
    )
    return WriteBack(party=new, lines=lines, touched=new.history[-1].touched)


def on_the_day(
    party: Party, encounter: Encounter, taken: Mapping[str, Combatant]
) -> dict[str, Combatant]:
    """The party characters not `taken` from the encounter, with fresh chance dice when
    the encounter began a new day (C1), as the party's own new day gives everyone: the
    party's day moved on, and those not at the fight kept the last day's used dice."""
    if encounter.day <= party.day:
        return {}
    dice = chance_state(farad.new_day())
    return {
        cid: c.model_copy(update={"chance": dice})
        for cid, c in party.characters.items()
        if cid not in taken
    }


def refuse_conflict(party: Party, encounter: Encounter, base: int, token: str) -> None:
    """The PartyConflict for a write-back built on `base` < the party's revision."""
    ids = party_ids(party, encounter)
    here = {pid: eid for eid, pid in ids.items() if pid in party.characters}
    mine = set(here)
    touched = touched_since(party, base, token)
    others = mine if touched is None else mine & touched
    kept = sorted(cid for cid in others if not _changed_here(party, encounter, base, cid, here))
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


def _changed_here(
    party: Party, encounter: Encounter, base: int, cid: str, here: dict[str, str]
) -> bool:
    """Whether the encounter changed this character's lasting state from revision `base`
    (True when that state is past the undo horizon: then nobody can say it did not).
    `here`: party id -> the encounter's id for it."""
    was = state_at(party, base, cid)
    if was is UNKNOWN or not isinstance(was, Combatant):
        return True
    return lasting_state(encounter.combatants[here[cid]], encounter.time) != lasting_state(was)

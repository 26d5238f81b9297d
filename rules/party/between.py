"""Between fights: make a party, new day (C1), rest (A5), care (A14-A16, R13, R20), luck (C2).

Care is the encounter's own: each command runs through the engine's handler
(`rules.engine.apply`) on a scratch encounter holding the party's characters,
so a heal, a staunch or a rest between fights follows exactly the rules it
follows in a fight (no copy of a rule here). Each change is one revision
(`rules.party.history.commit`), logged with the handler's own words.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.engine.apply import apply
from rules.engine.context import CommandError
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Command, Heal, Luck, NewDay, Rest, Staunch, TreatCondition
from rules.model.party import MAX_CHARACTERS, Party, PartyChange
from rules.model.state import Combatant, Encounter
from rules.party.encounters import new_token
from rules.party.errors import PartyError
from rules.party.history import commit
from rules.party.lasting import changed, for_party

CareCommand = Heal | Staunch | TreatCondition | Rest | Luck


def new_party(
    name: str, characters: Iterable[Combatant] = (), uid: str | None = None, day: int = 1
) -> Party:
    """A party of these characters (their lasting state kept, fight-only fields fresh)."""
    chars: dict[str, Combatant] = {}
    for c in characters:
        if c.id in chars:
            raise PartyError(f"two characters share the id {c.id!r}")
        chars[c.id] = for_party(c, 0)
    if len(chars) > MAX_CHARACTERS:
        raise PartyError(f"a party holds at most {MAX_CHARACTERS} characters")
    names = ", ".join(c.name for c in chars.values()) or "no one yet"
    entry = PartyChange(revision=1, kind="created", day=day, text=f"Party {name} formed: {names}")
    return Party(
        uid=uid or new_token(), name=name, day=day, revision=1, characters=chars, history=[entry]
    )


def from_encounter(encounter: Encounter, name: str, uid: str | None = None) -> Party:
    """A party of an encounter's PCs as they stand now (their lasting state at its time)."""
    pcs = [c for c in encounter.combatants.values() if c.side == "PC"]
    if not pcs:
        raise PartyError(f"the encounter {encounter.name} has no PCs to form a party")
    return new_party(name, (for_party(c, encounter.time) for c in pcs), uid, encounter.day)


def add_character(party: Party, c: Combatant) -> Party:
    """A character joins the party (from the roster or a template), with its state."""
    if c.id in party.characters:
        raise PartyError(f"{party.name} already has a character with the id {c.id!r}")
    if len(party.characters) >= MAX_CHARACTERS:
        raise PartyError(f"a party holds at most {MAX_CHARACTERS} characters")
    joined = for_party(c, 0)
    return commit(party, "added", f"{c.name} joins {party.name}", {c.id: joined})


def remove_character(party: Party, cid: str) -> Party:
    c = _character(party, cid)
    return commit(party, "removed", f"{c.name} leaves {party.name}", {cid: None})


def new_day(party: Party) -> Party:
    """C1: a new day: fresh chance dice for every character (the dead too), lockouts cleared,
    the dice left unused logged; wounds, luck and the rest stay."""
    return _through_engine(party, NewDay(), "new day")


def care(party: Party, command: CareCommand) -> Party:
    """Heal, staunch (R13), treat, rest (A5) or award luck (C2) between fights: the
    encounter's own handler on the party's characters. A refusal is a PartyError."""
    if not isinstance(command, Heal | Staunch | TreatCondition | Rest | Luck):
        raise PartyError(f"{command.type} is no care between fights")
    _character(party, command.target)
    return _through_engine(party, command, "care")


def rest(party: Party) -> Party:
    """A5: the whole party rests: every living character's exhaustion is cleared."""
    tired = [c.id for c in party.characters.values() if c.exhaustion and not c.dead]
    if not tired:
        raise PartyError(f"no one in {party.name} has exhaustion to rest off (A5)")
    for cid in tired:
        party = care(party, Rest(target=cid))
    return party


def _character(party: Party, cid: str) -> Combatant:
    try:
        return party.get(cid)
    except ValueError as error:
        raise PartyError(str(error)) from None


def scratch_encounter(party: Party) -> Encounter:
    """The party's characters as an encounter out of combat, its track at 0 (the time the
    party's anchors and effects are measured from, rules.party.lasting), so the engine's
    own handlers can run on them between fights (care here, pass time in rules.party.clock)."""
    combatants = {cid: c.model_copy(deep=True) for cid, c in party.characters.items()}
    used = [e.id for c in combatants.values() for e in c.effects]
    return Encounter(
        name=party.name[:60], day=party.day, combatants=combatants, next_id=max(used, default=0) + 1
    )


def moved_by(party: Party, scratch: Encounter) -> dict[str, Combatant]:
    """The characters whose lasting state the engine changed on `scratch` (at its track
    time: anchors and effects measured back from a track at 0), the party's sheets kept."""
    after = {
        cid: for_party(c, scratch.time, party.characters[cid])
        for cid, c in scratch.combatants.items()
    }
    return {cid: c for cid, c in after.items() if changed(party.characters[cid], c)}


def _through_engine(party: Party, command: Command, kind: str) -> Party:
    scratch = scratch_encounter(party)
    try:
        applied = apply(scratch, command, ScriptedDice())
    except CommandError as error:
        raise PartyError(str(error)) from None
    text = "; ".join(event.text for event in applied.events) or kind
    moved = moved_by(party, scratch)
    if kind == "new day":
        living = tuple(cid for cid, c in party.characters.items() if not c.dead)
        return commit(party, "new day", text, moved, day=scratch.day, renewed=living)
    return commit(party, "care", text, moved)

"""The party between fights: its characters with what lasts from one encounter to the next.

A party is a campaign's file (`rules.saves.party_store`): its name, the current
day, and its characters, each a whole Combatant sheet *with its lasting state*
(`LASTING_FIELDS`: wounds, bleeding, limbs, ribs, vital organ, exhaustion A5,
drains R20, luck R17, the day's chance dice C1, worn armour and shield hits A13/R10).
What only a fight has (a place on the track, a held action, the turn's special die:
`FIGHT_FIELDS`) is fresh in a party. Every change is a numbered revision with an
entry in `history`, which keeps what it replaced for the last `UNDO_KEPT` changes,
so they can be undone.
The rules that change a party are `rules.party`; this module only says its shape.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import Field, model_validator

from rules.model.base import Model
from rules.model.party_link import Uid
from rules.model.plain_text import Name, Note
from rules.model.state import Combatant

PARTY_FORMAT: Final = "fading-suns-party"
PARTY_SCHEMA_VERSION: Final = 1  # the party file's own version (rules.saves.party_store)
UNDO_KEPT: Final = 10  # changes whose replaced characters are kept, so they can be undone
HISTORY_KEPT: Final = 200  # history entries kept in all (older ones drop off the file)
MAX_CHARACTERS: Final = 60

# The one list of what a character carries from fight to fight (issue 17). A write-back
# copies exactly these from the encounter; a new encounter starts with them. Issue 15's
# effects that outlast a fight are here too (`rules.party.lasting` moves their track times).
LASTING_FIELDS: Final[tuple[str, ...]] = (
    "wounds",  # A11, A14: with their locations
    "bleed_wp",  # A14: WP taken from bleeding ticks
    "tick_wp",  # issue 23: WP from effects' ticks (not one wound), a count a source
    "bleed_rate",  # A14: BLR
    "bleed_anchor",  # A14/R13: "bleeding, since when" (see `rules.party.lasting`)
    "limbs",  # A15: broken, shattered, severed
    "broken_ribs",  # A15
    "vital_organ",  # A15
    "half_endurance_checked",  # A16: "the first time" is once, not once a fight
    "zero_endurance_checked",
    "dead",  # A16: the dead stay dead until revived
    "exhaustion",  # A5: until rest
    "drains",  # R20: until restored
    "luck",  # C2/R17: the whole campaign's signed pool
    "chance",  # C1: the day's dice and their lockouts
    "effects",  # issue 15: those that outlast the fight (`rules.party.lasting.outlasting`)
    "armour",  # A13/R11: worn in a fight (hard turns soft, soft wears), worn after it
    "shield",  # R10: the hits it has left, spent in a fight, left spent after it
)
# Sheet fields that are lasting too: the gear a fight wears (A13, R11, R10). No rule
# restores it (there is no repair or recharge in the rulebook), so the worn gear *is*
# the character's gear from then on: it goes back whole (a GM who mends or re-arms a
# character in an encounter sees that go back too), and a template from a party
# character has it as worn (tracker.files.template_file).
WORN_GEAR: Final[tuple[str, ...]] = ("armour", "shield")
# Lasting fields that hold a time on an encounter's track (shifted between tracks).
ANCHORED: Final[frozenset[str]] = frozenset({"bleed_anchor"})
# What only a fight has: fresh (the Combatant's defaults) in a party character.
FIGHT_FIELDS: Final[tuple[str, ...]] = (
    "ttu",
    "arrival",
    "awareness",
    "held_action",
    "held_penalty",
    "out_of_fight",
    "special_used",
    "turn_bonus",
    "extended",
    "complement_bonus",
    "hidden",  # the players' screen: the GM's for this encounter (issue 16)
    "reveal",
    "letter",  # its players' tag in this encounter (issue 25)
)

ChangeKind = Literal[
    "created", "added", "removed", "write-back", "merge", "new day", "care", "time", "undo"
]


def fight_default(field: str) -> Any:
    """The fresh value of a fight-only field (the Combatant's own default)."""
    return Combatant.model_fields[field].get_default(call_default_factory=True)


class PartyChange(Model):
    """One entry of the party's history: a write-back, a new day, care, an undo...

    `before` holds each touched character as it was (None: it was not in the
    party), kept for the last `UNDO_KEPT` changes; None once dropped (not undoable).
    """

    revision: Annotated[int, Field(ge=1)]  # the revision this change made
    kind: ChangeKind
    day: Annotated[int, Field(ge=1)]  # the party's day after the change
    text: Note
    lines: list[Note] = Field(default_factory=list)  # per character, for the GM
    touched: list[str] = Field(default_factory=list)  # character ids it changed
    token: Uid | None = None  # the encounter a write-back came from (PartyLink.token)
    before: dict[str, Combatant | None] | None = None
    day_before: Annotated[int, Field(ge=1)] | None = None
    undone: bool = False
    undoes: Annotated[int, Field(ge=1)] | None = None  # an undo: the revision it undid


class Party(Model):
    """A campaign's party: its characters' sheets and lasting state, day, revision, history."""

    uid: Uid
    name: Name
    day: Annotated[int, Field(ge=1)] = 1
    revision: Annotated[int, Field(ge=0)] = 0
    characters: dict[str, Combatant] = Field(default_factory=dict)
    history: list[PartyChange] = Field(default_factory=list)

    @model_validator(mode="after")
    def _between_fights(self) -> Party:
        if len(self.characters) > MAX_CHARACTERS:
            raise ValueError(f"a party holds at most {MAX_CHARACTERS} characters")
        for key, c in self.characters.items():
            if key != c.id:
                raise ValueError(f"character key {key!r} does not match its id {c.id!r}")
            for name in FIGHT_FIELDS:
                if getattr(c, name) != fight_default(name):
                    raise ValueError(
                        f"characters.{key}.{name}: a party character is between fights,"
                        f" so it has no {name} (only an encounter does)"
                    )
            if c.bleed_rate == 0 and c.bleed_anchor is not None:
                raise ValueError(f"characters.{key}.bleed_anchor: set with BLR 0 (R13 clears it)")
        revisions = [change.revision for change in self.history]
        if revisions != sorted(set(revisions)) or any(r > self.revision for r in revisions):
            raise ValueError("history: revisions must rise and not pass the party's revision")
        return self

    def get(self, cid: str) -> Combatant:
        try:
            return self.characters[cid]
        except KeyError:
            raise ValueError(f"the party {self.name} has no character {cid!r}") from None


class PartyFile(Model):
    """A whole party file, as written and read (`rules.saves.party_store`)."""

    format: Literal["fading-suns-party"]
    schema_version: Annotated[int, Field(ge=0)]
    saved_at: str | None = None  # ISO time, for the party screen; None: unknown
    # The encounter schema its characters (Combatants) were written in (rules.model.state).
    encounter_schema: Annotated[int, Field(ge=0)]
    party: Party

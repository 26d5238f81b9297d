"""The encounter as pydantic models: what a save holds and what the engine advances.

Only the engine changes these objects, and only through a `Journal` (so every
change can be undone exactly). Derived numbers (total WP, effective stats,
A9) are methods, never stored twice. Validation explains itself: the field
name is in every message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    Field,
    PrivateAttr,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rules.mechanics.numbers import MAX_DIGITS
from rules.mechanics.sheet_names import on_sheet, rating
from rules.mechanics.wounds import Location
from rules.model.base import Model
from rules.model.effects import Effect, Reminder
from rules.model.event import Event
from rules.model.gear import Action as Action
from rules.model.gear import ActionKind as ActionKind
from rules.model.gear import Armour as Armour
from rules.model.gear import Shield as Shield
from rules.model.gear import Weapon as Weapon
from rules.model.party_link import PartyLink
from rules.model.pending import Pending
from rules.model.plain_text import Name, Note

if TYPE_CHECKING:  # timetrack imports this module; the cache's shape is its business
    from rules.engine.track_index import TrackCache

# 2: the dice mode; 3: the party an encounter came from; 4: effects and reminders;
# 5: what the players' screen shows; 6: ticks as a running count (rules.saves.migrations)
SCHEMA_VERSION = 7

Side = Literal["PC", "ally", "enemy", "neutral"]
SIDES: tuple[str, ...] = ("PC", "ally", "enemy", "neutral")
Awareness = Literal["active", "ready", "standard", "surprised"]
LimbState = Literal["broken", "shattered", "severed"]
ChanceState = Literal["available", "used", "locked"]
SpecialKind = Literal["chance-combat", "chance-roleplay", "luck", "desperation"]
Outcome = Literal["victory", "defeat", "retreat", "truce"]
Reveal = Literal["unknown", "name", "numbers"]  # what the players know of a foe
Letter = Annotated[str, Field(pattern=r"^[A-Z]{1,4}$")]  # "A"… "Z", "AA"…: a foe's tag

# C2/R17: a pool as big as a sheet's field can type (9 digits). Unbounded, awards grew it
# past what the edit form reads back, and no edit of that sheet could then be saved.
LUCK_MAX = 10**MAX_DIGITS - 1


def letter_text(n: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: the n-th tag of a foe players do not know by name."""
    text = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        text = chr(65 + rest) + text
    return text


FoeTicks = Literal["always", "acting"]  # foes on the players' track: always, or when acting

DEFAULT_STATS: tuple[str, ...] = tuple("Strength Dexterity Endurance Wits Perception Tech".split())

StatValue = Annotated[int, Field(ge=0, le=30)]
SkillValue = Annotated[int, Field(ge=0, le=10)]
D100Value = Annotated[int, Field(ge=0, le=999)]
# Validation context key: check a new or edited sheet fully (`Combatant.missing_stats`).
NEW_SHEET = "new_sheet"


class Wound(Model):
    """One wound: where, how bad, when, from what (A11 step 6)."""

    location: Location = "unspecified"
    level: str = "Bruise"
    wp: Annotated[int, Field(ge=1, le=30)]
    time: int | None = None
    source: Note = ""
    bleeding: bool = False


class TickWP(Model):
    """An effect's ticks that are not one wound, as a running count (issue 23): a day of a
    1-TU poison is 86,400 ticks, and a Wound a tick made the save too big to read."""

    wp: Annotated[int, Field(ge=1)]
    ticks: Annotated[int, Field(ge=1)]


class ChanceDice(Model):
    """C1: one combat and one roleplay chance die a day, with their lockouts."""

    combat: ChanceState = "available"
    roleplay: ChanceState = "available"


class ExtendedAction(Model):
    """A3: an extended roll in progress: its running total and the rolls so far."""

    skill: str
    stat: str
    goal: int | None = None
    total: int = 0
    rolls: list[int] = Field(default_factory=list)
    dice: Annotated[int, Field(ge=0, le=20)] | None = None  # the GM's count, kept (A3)


class Stats(Model):
    """Numbers that the GM sets for a combatant (its sheet)."""

    stats: dict[Name, StatValue] = Field(default_factory=lambda: dict.fromkeys(DEFAULT_STATS, 5))
    skills: dict[Name, SkillValue] = Field(default_factory=dict)
    # A1: the stat each skill is usually rolled with (`s` opens on it); old saves: empty
    skill_stats: dict[Name, Name] = Field(default_factory=dict)
    abilities: dict[Name, D100Value] = Field(default_factory=dict)
    resistances: dict[Name, D100Value] = Field(default_factory=dict)


class Combatant(Stats):
    """A being in the encounter: its sheet plus everything combat did to it."""

    id: Annotated[str, Field(min_length=1, max_length=40)]
    name: Name
    side: Side = "enemy"
    actions: list[Action] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    armour: Armour = Field(default_factory=Armour)
    shield: Shield | None = None
    notes: Note = ""
    # On the time track (A7): None while not in combat or out of the fight.
    ttu: int | None = None
    arrival: int = 0  # R5: order of arrival at this TTU (lower first)
    awareness: Awareness = "standard"
    held_action: str | None = None  # A8: an Opportunity Action
    held_penalty: Annotated[int, Field(le=0)] = 0  # A8: its opportunity's penalty, kept for use
    wounds: list[Wound] = Field(default_factory=list)
    bleed_wp: Annotated[int, Field(ge=0)] = 0  # WP taken from bleeding ticks (A14)
    tick_wp: dict[Name, TickWP] = Field(default_factory=dict)  # by effect name (issue 23)
    bleed_rate: Annotated[int, Field(ge=0)] = 0  # BLR
    bleed_anchor: int | None = None  # R13: cleared when BLR reaches 0
    exhaustion: Annotated[int, Field(ge=0)] = 0  # A5
    limbs: dict[Location, LimbState] = Field(default_factory=dict)  # A15
    broken_ribs: bool = False
    vital_organ: bool = False
    half_endurance_checked: bool = False  # A16: "the first time"
    zero_endurance_checked: bool = False
    dead: bool = False
    out_of_fight: bool = False
    chance: ChanceDice = Field(default_factory=ChanceDice)
    luck: Annotated[int, Field(ge=-LUCK_MAX, le=LUCK_MAX)] = 0  # R17: signed pool
    drains: dict[Name, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)  # R20
    special_used: SpecialKind | None = None  # C: one kind per turn
    turn_bonus: int = 0  # R26: a desperation result for the rest of the turn
    extended: ExtendedAction | None = None  # A3
    complement_bonus: int = 0  # A4: waiting for the supported roll
    effects: list[Effect] = Field(default_factory=list)  # the GM's conditions (issue 15)
    hidden: bool = False  # the players' screen: not on their track at all (an ambush)
    reveal: Reveal = "unknown"  # the players' screen: a foe's name, then its numbers
    letter: Letter | None = None  # its "Unknown A" tag, given once when players first see it

    @field_validator("stats")
    @classmethod
    def _needs_stats(cls, value: dict[str, int]) -> dict[str, int]:
        if not value:
            raise ValueError("a combatant needs at least one stat")
        return value

    @model_validator(mode="after")
    def _references_exist(self, info: ValidationInfo) -> Combatant:
        weapons = {w.name for w in self.weapons}
        for action in self.actions:
            if action.weapon is not None and action.weapon not in weapons:
                raise ValueError(f"action {action.name!r} names unknown weapon {action.weapon!r}")
        for stat in self.drains:
            if stat not in self.stats:
                raise ValueError(f"drain names unknown stat {stat!r}")
        if info.context and info.context.get(NEW_SHEET):
            problems = self.missing_stats()
            if problems:
                raise ValueError("; ".join(self.missing_stat_text(w, s) for _, w, s in problems))
        return self

    def missing_stats(self) -> list[tuple[str, str, str]]:
        """(path, what, stat) for each stat a weapon or action rolls on that the sheet lacks.

        A1: a roll reads its die faces against a stat, so a missing one fails at roll
        time. Checked for new and edited sheets (the form, templates, the engine's
        add and edit), not on load: saves from before this check must still open.
        A skill the sheet lacks is legitimate (A1: it rolls 0 dice).
        """
        found: list[tuple[str, str, str]] = []
        rollers: list[tuple[str, Sequence[Weapon | Action]]]
        rollers = [("weapon", self.weapons), ("action", self.actions)]
        for kind, items in rollers:
            for index, item in enumerate(items):
                if item.stat is not None and on_sheet(self.stats, item.stat) is None:
                    found.append((f"{kind}s.{index}.stat", f"{kind} {item.name!r}", item.stat))
        for skill, stat in self.skill_stats.items():
            if on_sheet(self.stats, stat) is None:
                found.append((f"skill_stats.{skill}", f"skill {skill!r}", stat))
        return found

    def usual_stat(self, skill: str) -> str | None:
        """The sheet's spelling of the stat `skill` is usually rolled with, if it has one."""
        found = on_sheet(self.skill_stats, skill)
        return None if found is None else on_sheet(self.stats, self.skill_stats[found])

    def missing_stat_text(self, what: str, stat: str) -> str:
        """One `missing_stats` entry in words: what names which stat, and what the sheet has."""
        have = ", ".join(self.stats)
        return f"{what} rolls on {stat!r}, a stat {self.name} does not have (has {have})"

    def skill_rating(self, name: str) -> int:
        """A1: the skill's rating (its dice), whatever the case it is typed in; 0 if untrained."""
        return rating(self.skills, name)

    # --- derived numbers (A9) -------------------------------------------------
    def total_wp(self) -> int:
        total = self.bleed_wp
        for wound in self.wounds:  # a plain loop: the track step calls this for R5 keys
            total += wound.wp
        for ticked in self.tick_wp.values():
            total += ticked.wp
        return total

    def stat_penalty(self) -> int:
        """A9: every 3 total WP lower every stat by 1."""
        return self.total_wp() // 3

    def specific_penalty(self, stat: str) -> int:
        """A9: broken ribs (Endurance -1) and desperation drains (R20)."""
        penalty = self.drains.get(stat, 0)
        if self.broken_ribs and stat == "Endurance":
            penalty += 1
        return penalty

    def penalty(self, stat: str, total_wp: int | None = None) -> int:
        """A9: how far below its base a stat stands: wounds, exhaustion (A5), drains (R20).

        `total_wp`: the total a caller keeps as it goes (a passage of time, issue 23),
        so a tick costs no walk of the whole wound list."""
        total = self.total_wp() if total_wp is None else total_wp
        return total // 3 + self.exhaustion + self.specific_penalty(stat)

    def effective(self, stat: str, total_wp: int | None = None) -> int:
        """A9: effective stat, unclamped (the chart clamps per R1); `total_wp` as `penalty`."""
        if stat not in self.stats:
            raise ValueError(f"{self.name} has no stat {stat!r}")
        return self.stats[stat] - self.penalty(stat, total_wp)

    def effective_stats(self) -> dict[str, int]:
        return {name: self.effective(name) for name in self.stats}

    def last_wound(self) -> Wound | None:
        return self.wounds[-1] if self.wounds else None

    @property
    def active(self) -> bool:
        """On the time track: alive, in the fight, with a TTU."""
        return self.ttu is not None and not self.dead and not self.out_of_fight

    def action(self, name: str) -> Action:
        for action in self.actions:
            if action.name == name:
                return action
        raise ValueError(f"{self.name} has no action {name!r}")

    def weapon(self, name: str) -> Weapon:
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        raise ValueError(f"{self.name} has no weapon {name!r}")


class Turn(Model):
    """The Action Opportunity under way (A8): who, how many actions, what is left."""

    actor: str
    actions: list[str]
    done: int = 0
    penalty: int = 0
    cost: int = 0
    reaction: bool = False
    interrupted: Turn | None = None  # A10: the turn a reaction cut into


class Opposed(Model):
    """A6: an opposed action in progress, with the running margin (R4)."""

    a: str
    a_skill: str
    a_stat: str
    b: str
    b_skill: str
    b_stat: str
    margin: int = 0
    rounds: list[list[int]] = Field(default_factory=list)  # [ss_a, ss_b, margin after]
    winner: str | None = None


class Settings(Model):
    demise_goal: Annotated[int, Field(ge=0, le=60)] = 5  # R15
    open_rolls: bool = False  # the players' screen: foes' rolls in the public log
    foe_ticks: FoeTicks = "always"  # the players' screen: foes' places on the track


def _empty_cache() -> TrackCache:
    return {}


class Encounter(Model):
    """The whole fight: what a save file holds (besides the undo history)."""

    schema_version: int = SCHEMA_VERSION
    name: Name = "Encounter"
    day: Annotated[int, Field(ge=1)] = 1
    in_combat: bool = False
    time: Annotated[int, Field(ge=0)] = 0
    outcome: Outcome | None = None
    settings: Settings = Field(default_factory=Settings)
    combatants: dict[str, Combatant] = Field(default_factory=dict)
    due: list[str] = Field(default_factory=list)  # R5: who has an opportunity now, in order
    turn: Turn | None = None
    pending: list[Pending] = Field(default_factory=list)
    opposed: Opposed | None = None
    log: list[Event] = Field(default_factory=list)
    next_id: int = 1
    arrivals: int = 0
    party: PartyLink | None = None  # the party it was made from (rules.party, issue 17)
    reminders: list[Reminder] = Field(default_factory=list)  # ahead on the track (issue 15)
    letters: Annotated[int, Field(ge=0)] = 0  # the players' "Unknown" tags given so far

    _cache: TrackCache = PrivateAttr(default_factory=_empty_cache)

    @model_validator(mode="after")
    def _ids_match(self) -> Encounter:
        for key, combatant in self.combatants.items():
            if key != combatant.id:
                raise ValueError(f"combatant key {key!r} does not match its id {combatant.id!r}")
        for cid in self.due:
            if cid not in self.combatants:
                raise ValueError(f"due list names unknown combatant {cid!r}")
        return self

    @property
    def cache(self) -> TrackCache:
        """Derived, unsaved data (the track's heap); private attrs, read without pydantic's hook."""
        cache: TrackCache = self.__pydantic_private__["_cache"]  # type: ignore[index]  # pydantic: Optional
        return cache

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Encounter:
        """A copy starts with an empty cache: derived data (the heap's entries hold the
        combatants' own `__dict__`s) is rebuilt for the copy when it is first used."""
        copy = super().__deepcopy__(memo)
        copy.__pydantic_private__ = {"_cache": {}}
        return copy

    def __eq__(self, other: object) -> bool:
        """Equal fields: the cache is derived data, so it never makes two encounters differ."""
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def get(self, cid: str) -> Combatant:
        try:
            return self.combatants[cid]
        except KeyError:
            raise ValueError(f"no combatant with id {cid!r}") from None

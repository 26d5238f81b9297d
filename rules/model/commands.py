"""Every GM intent as a typed, validated command (a discriminated union on `type`).

A command says what the GM wants, never what the dice said: the engine rolls
through the dice source it is given, and the faces are recorded beside the
command, so replay and redo never re-roll.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, TypeAdapter, field_validator

from rules.mechanics.wounds import Location
from rules.model.command_base import CommandModel
from rules.model.effect_commands import (
    AddEffect,
    AddReminder,
    DismissReminder,
    PassTime,
    RemoveEffect,
)
from rules.model.effects import MAX_TRACK
from rules.model.gear import Cost
from rules.model.party_commands import JoinParty
from rules.model.plain_text import Name, Note, ShortText
from rules.model.state import (
    Awareness,
    Combatant,
    Outcome,
    SpecialKind,
)
from rules.model.visibility_commands import SetFoeTicks, SetHidden, SetOpenRolls, SetReveal

Goal = Annotated[int, Field(ge=0, le=99)]
RollMode = Literal["standard", "extend", "complementary"]  # A3, A4
MAX_COPIES = 20  # copies of one template added at once (AddCombatant.count)
MAX_BATCH = 200  # parts of one Batch: the marked roster rows
AnimaKind = Literal["ability", "resistance", "characteristic", "opposed-characteristic"]  # B4-B6


class AddCombatant(CommandModel):
    """Add a combatant (R8: while combat runs it makes a reaction roll and joins the track)."""

    type: Literal["add"] = "add"
    combatant: Combatant
    awareness: Awareness = "standard"
    # N copies at once ("Decados guard 1" to "4"): one command, so one undo; each copy
    # rolls its own reaction while combat runs (R8).
    count: Annotated[int, Field(ge=1, le=MAX_COPIES)] = 1


class EditCombatant(CommandModel):
    """Replace a combatant's sheet (stats, skills, gear); what combat did to it stays."""

    type: Literal["edit"] = "edit"
    combatant: Combatant


class DuplicateCombatant(CommandModel):
    type: Literal["duplicate"] = "duplicate"
    id: str
    name: Name | None = None


class RemoveCombatant(CommandModel):
    type: Literal["remove"] = "remove"
    id: str


class FightStatus(CommandModel):
    """Take a combatant out of the fight (fled, unconscious, surrendered) or bring it back.

    Out: it leaves the time track but stays in the encounter. Back while combat
    runs: it rolls its reaction like a late arrival (R8), with the awareness the
    GM gives it (A7; None keeps the one it had).
    """

    type: Literal["fight-status"] = "fight-status"
    target: str
    out: bool = True
    reason: Note = ""  # the log's why: fled, unconscious, surrendered, or the GM's words
    awareness: Awareness | None = None  # only for coming back


class StartCombat(CommandModel):
    """A7: initiators start at 0; everyone else rolls a reaction against Wits."""

    type: Literal["start"] = "start"
    initiators: list[str] = Field(min_length=1)
    awareness: dict[str, Awareness] = Field(default_factory=dict)


class EndCombat(CommandModel):
    type: Literal["end"] = "end"
    outcome: Outcome


class Advance(CommandModel):
    """A7: move the track to the next event (bleeding ticks first, then opportunities)."""

    type: Literal["advance"] = "advance"


class Reorder(CommandModel):
    """R5: the GM reorders combatants acting at the same time."""

    type: Literal["reorder"] = "reorder"
    order: list[str]


class TakeOpportunity(CommandModel):
    """A8: declare up to three actions (or hold one); R7: the cost is the largest."""

    type: Literal["opportunity"] = "opportunity"
    actor: str
    actions: list[Name] = Field(min_length=1, max_length=3)
    hold: Name | None = None
    cost: Cost | None = None  # R6: GM override


class FastForward(CommandModel):
    """A7/A8 on autopilot: the track runs, each listed combatant taking its standing
    orders (plain actions, in turn, one per opportunity), until `until` or until the
    GM is needed: someone without orders is due, or a decision is pending."""

    type: Literal["fast_forward"] = "fast_forward"
    until: Annotated[int, Field(ge=0, le=MAX_TRACK)]  # no further than MAX_TU from now
    orders: dict[str, list[Name]] = Field(min_length=1)

    @field_validator("orders")
    @classmethod
    def _orders_name_actions(cls, orders: dict[str, list[str]]) -> dict[str, list[str]]:
        for cid, names in orders.items():
            if not names:
                raise ValueError(f"the standing orders for {cid!r} name no action")
        return orders


class Dodge(CommandModel):
    """A10: declared before the attack roll; its VS raises the attacker's goal."""

    goal: Goal = 4
    situation: ShortText = "melee"
    action: Name | None = None  # the repertoire entry whose cost it pays
    use_held: bool = False  # A10: spend the held Opportunity Action on it (default: keep it)
    modifier: int = 0  # GM
    limb: Location | None = None  # A15: the limb the dodge uses (broken: -4, +1 WP)
    exert: bool = False  # A5: a dodge is a roll like any other
    special: SpecialKind | None = None  # C: "whatever attempt was made"


class Attack(CommandModel):
    """A11: an attack by the actor of the current turn (or a reacting combatant)."""

    type: Literal["attack"] = "attack"
    attacker: str
    target: str
    weapon: Name
    goal: Goal = 3
    location: Location = "unspecified"
    exert: bool = False
    special: SpecialKind | None = None
    dodge: Dodge | None = None
    modifier: int = 0
    limb: Location | None = None  # A15: the limb the attack uses (broken: -4, +1 WP)


class Parry(CommandModel):
    """A10: answer a pending parry; goal is the attacker's SS."""

    type: Literal["parry"] = "parry"
    pending: int
    weapon: Name | None = Field(None, title="Weapon")  # None: the defender does not parry
    action: Name | None = Field(None, title="Pays with")
    special: SpecialKind | None = None
    limb: Location | None = None  # A15: the limb the parry uses
    modifier: int = Field(0, title="Modifier")  # GM
    use_held: bool = False  # A10: spend the held Opportunity Action on it (default: keep it)


class ConfirmDamage(CommandModel):
    """A11-A13: apply a pending damage breakdown, each stage open to a GM override."""

    type: Literal["damage"] = "damage"
    pending: int
    after_shield: Annotated[int | None, Field(title="After the shield")] = None
    after_armour: Annotated[int | None, Field(title="After the armour")] = None
    wound_points: Annotated[int, Field(ge=1, le=30)] | None = Field(None, title="Wound points")


class ResolveCheck(CommandModel):
    """Roll a pending breakage or demise check (R15: the goal can be changed first)."""

    type: Literal["resolve"] = "resolve"
    pending: int
    goal: Goal | None = Field(None, title="Goal")
    special: SpecialKind | None = None  # C: a declared die modifies this roll too


class React(CommandModel):
    """A10: spend a held action (any action) or a defensive one, before the acting combatant."""

    type: Literal["react"] = "react"
    reactor: str
    action: Name
    skill: Name | None = None
    # A10: a dodge or parry may keep the held action (default) or spend it; any other
    # action can only be the held Opportunity Action, so it is spent whatever this says.
    use_held: bool = False


class ApplyWound(CommandModel):
    """A direct wound the GM applies by hand."""

    type: Literal["wound"] = "wound"
    target: str
    wound_points: Annotated[int, Field(ge=1, le=30)]
    location: Location = "unspecified"
    source: Note = "GM"


class Heal(CommandModel):
    """Heal WP: from one wound (by index) or, with no index, the newest first."""

    type: Literal["heal"] = "heal"
    target: str
    wound_points: Annotated[int, Field(ge=1, le=99)]
    wound: int | None = None


class Staunch(CommandModel):
    """R13: lower the Blood Loss Rate (None stops bleeding)."""

    type: Literal["staunch"] = "staunch"
    target: str
    amount: Annotated[int, Field(ge=1, le=99)] | None = None


class TreatCondition(CommandModel):
    """Mend a limb, ribs or a vital organ, or restore desperation drains (R20)."""

    type: Literal["treat"] = "treat"
    target: str
    condition: Literal["limb", "ribs", "vital organ", "drains", "revive"]
    location: Location | None = None


class Rest(CommandModel):
    """A5: rest clears all exhaustion."""

    type: Literal["rest"] = "rest"
    target: str


class NewDay(CommandModel):
    """C1: every being gets fresh chance dice."""

    type: Literal["new-day"] = "new-day"


class Luck(CommandModel):
    """C2: award (+) or take (-) luck points."""

    type: Literal["luck"] = "luck"
    target: str
    amount: int = Field(ge=-20, le=20)
    reason: Note = ""


class NoteUnusedDice(CommandModel):
    """C1: the GM notes that a being left its chance dice unused (for a reward)."""

    type: Literal["note-unused"] = "note-unused"
    target: str


class SkillRollCommand(CommandModel):
    """Any Fading Suns skill roll: standard, extended (A3) or complementary (A4)."""

    type: Literal["skill"] = "skill"
    actor: str
    skill: Name
    stat: Name
    goal: Goal | None = None
    dice: Annotated[int, Field(ge=0, le=20)] | None = None  # default: the skill rating
    modifier: int = 0
    exert: bool = False
    special: SpecialKind | None = None
    mode: RollMode = "standard"
    limb: Location | None = None  # A15: the limb the roll uses (broken: -4, +1 WP)


class OpposedStart(CommandModel):
    """A6: two actors roll in rounds until one's margin reaches the other's skill."""

    type: Literal["opposed-start"] = "opposed-start"
    # titles: the dialog's labels, so a refusal names the field the GM sees (errors.explain)
    a: Annotated[str, Field(title="Actor")]
    a_skill: Annotated[Name, Field(title="Skill")]
    a_stat: Annotated[Name, Field(title="Stat")]
    b: Annotated[str, Field(title="Opponent")]
    b_skill: Annotated[Name, Field(title="Their skill")]
    b_stat: Annotated[Name, Field(title="Their stat")]


class OpposedRound(CommandModel):
    type: Literal["opposed-round"] = "opposed-round"


class AnimaCheck(CommandModel):
    """B4-B6: ability, resistance, characteristic and opposed characteristic checks."""

    type: Literal["anima"] = "anima"
    actor: str
    kind: Annotated[AnimaKind, Field(title="Check")]
    name: Annotated[Name, Field(title="Name")]  # the ability, resistance or stat
    value: Annotated[int | None, Field(title="Value")] = None  # None: from the combatant
    difficulty: Annotated[int | None, Field(title="Difficulty")] = None
    opponent: Annotated[str | None, Field(title="Opponent")] = None
    opponent_name: Annotated[Name | None, Field(title="Their name")] = None
    opponent_value: Annotated[int | None, Field(title="Their value")] = None
    special: SpecialKind | None = None


class SetDemiseGoal(CommandModel):
    type: Literal["settings"] = "settings"
    demise_goal: Goal


class RenameEncounter(CommandModel):
    """The GM names the encounter (the saves browser lists fights by it)."""

    type: Literal["rename-encounter"] = "rename-encounter"
    name: Name


BatchPart = Annotated[
    ApplyWound | Heal | Luck | FightStatus | RemoveCombatant | RemoveEffect,
    Field(discriminator="type"),
]


class Batch(CommandModel):
    """The GM's hand on several marked combatants at once: a wound, a heal, a luck award,
    out of the fight, removal, or an effect taken off (issue 15) for each. One command,
    so one undo; each part logs its own line; refused whole when any part is refused
    (the refusal names which)."""

    type: Literal["batch"] = "batch"
    commands: list[BatchPart] = Field(min_length=1, max_length=MAX_BATCH)


Command = Annotated[
    AddCombatant
    | EditCombatant
    | DuplicateCombatant
    | RemoveCombatant
    | FightStatus
    | StartCombat
    | EndCombat
    | Advance
    | Reorder
    | TakeOpportunity
    | FastForward
    | Attack
    | Parry
    | ConfirmDamage
    | ResolveCheck
    | React
    | ApplyWound
    | Heal
    | Staunch
    | TreatCondition
    | Rest
    | NewDay
    | Luck
    | NoteUnusedDice
    | SkillRollCommand
    | OpposedStart
    | OpposedRound
    | AnimaCheck
    | SetDemiseGoal
    | RenameEncounter
    | Batch
    | AddEffect
    | RemoveEffect
    | AddReminder
    | DismissReminder
    | PassTime
    | SetHidden
    | SetReveal
    | SetOpenRolls
    | SetFoeTicks
    | JoinParty,
    Field(discriminator="type"),
]

COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command, config=ConfigDict(defer_build=True))

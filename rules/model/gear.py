"""A combatant's gear and repertoire: its actions (R6), weapons, armour (A13) and
energy shield (A12, R10). Kept apart from the encounter's models (`rules.model.state`,
which re-exports them) so each file holds one idea."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.model.base import Model
from rules.model.plain_text import Name, ShortText

Cost = Annotated[int, Field(ge=1, le=100)]
ActionKind = Literal["attack", "skill", "dodge", "parry", "other"]


class Action(Model):
    """A named entry of a combatant's repertoire with its time cost (R6)."""

    name: Name
    cost: Cost = 3
    kind: ActionKind = "other"
    weapon: ShortText | None = None
    skill: ShortText | None = None
    stat: ShortText | None = None


class Weapon(Model):
    name: Name
    skill: Name = "Melee"
    stat: Name = "Dexterity"
    damage: Annotated[int, Field(ge=0, le=30)] = 3
    kind: Literal["melee", "ranged"] = "melee"


class Armour(Model):
    """A13: Armour Rating, hard and soft armour."""

    rating: Annotated[int, Field(ge=0, le=20)] = 0
    hard: Annotated[int, Field(ge=0, le=30)] = 0
    soft: Annotated[int, Field(ge=0, le=30)] = 0


class Shield(Model):
    """A12 energy shield `low/high`; R10 optional hits left (None = unlimited)."""

    low: Annotated[int, Field(ge=0, le=40)]
    high: Annotated[int, Field(ge=0, le=40)]
    hits_left: Annotated[int, Field(ge=0, le=999)] | None = None

    @model_validator(mode="after")
    def _low_not_above_high(self) -> Shield:
        if self.low > self.high:
            raise ValueError(f"shield low {self.low} is above high {self.high}")
        return self

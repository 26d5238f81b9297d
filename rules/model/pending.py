"""A pending decision (`Pending`) and what each kind carries (`Pending.data`): frozen models.

One variant per kind (a parry, a hit's damage, a breakage roll, a demise check),
told apart by the decision's own `kind`: the engine and the dialogs read fields
by name, checked once when the decision is made or a save is read, instead of
decoding a loose dict the same way in two places.

A save keeps the kind beside the data (`{"kind": "damage", "data": {...}}`), as
the previous build wrote it: `Pending` copies it into the data before validating
and the variants never write it back, so old saves load and new ones look the same.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Discriminator, Field, Tag, model_validator

from rules.mechanics.wounds import Location
from rules.model.base import Model

__all__ = [
    "BreakageData",
    "Pending",
    "PendingKind",
    "DamageData",
    "DemiseData",
    "ParryData",
    "PendingData",
    "ReminderData",
    "pending_kind",
]


class _Data(Model):
    # defer_build: each variant's own validator is compiled when first used (the engine
    # makes one), not at import: the first frame needs only Pending's, inside Encounter's.
    model_config = ConfigDict(frozen=True, defer_build=True)

    def combatants(self) -> tuple[str, ...]:
        """The ids of the other combatants this decision names (a removal drops it)."""
        return ()


class ParryData(_Data):
    """A10: a hit the target may parry; the blow goes on to damage unless it does."""

    kind: Literal["parry"] = Field("parry", exclude=True)
    attacker: str
    weapon: str
    weapon_damage: int
    attack_vs: int
    location: Location
    parry_weapon: str  # the engine's suggestion: the best melee weapon it may parry with

    def combatants(self) -> tuple[str, ...]:
        return (self.attacker,)


class DamageData(_Data):
    """A11-A13: a hit worked out in full, with the gear as it stood, for the GM to confirm.

    Keeping the shield and armour (and the soft dice already rolled) lets the
    confirmation recompute exactly the same breakdown, overrides included.
    """

    kind: Literal["damage"] = Field("damage", exclude=True)
    attacker: str
    weapon: str
    weapon_damage: int
    attack_vs: int
    location: Location
    shield_low: int | None
    shield_high: int | None
    shield_hits: int | None
    hard: int
    soft: int
    rating: int
    soft_faces: tuple[int, ...]
    damage_vs: int
    after_shield: int | None  # None: the shield stopped the hit
    after_armour: int | None
    wound_points: int
    level: str | None
    explanation: str

    def combatants(self) -> tuple[str, ...]:
        return (self.attacker,)

    @property
    def shield(self) -> tuple[int, int] | None:
        """The shield's (low, high) band as it stood (A12), None without one."""
        if self.shield_low is None or self.shield_high is None:
            return None
        return (self.shield_low, self.shield_high)


class BreakageData(_Data):
    """A15: a blow of `wp` WP to a limb or the chest calls for a breakage roll."""

    kind: Literal["breakage"] = Field("breakage", exclude=True)
    location: Location
    wp: int


class DemiseData(_Data):
    """A16: which line the Endurance crossed (or the massive wound) calls the check."""

    kind: Literal["demise"] = Field("demise", exclude=True)
    trigger: str


class ReminderData(_Data):
    """A GM's reminder the track reached (issue 15): shown, logged, answered with one key."""

    kind: Literal["reminder"] = Field("reminder", exclude=True)
    reminder: int  # the reminder's own id (rules.model.effects.Reminder)


def pending_kind(value: object) -> str | None:
    """The variant's tag: a model's kind, or the kind `Pending` copied into the dict."""
    if isinstance(value, dict):
        kind = value.get("kind")
        return kind if isinstance(kind, str) else None
    return getattr(value, "kind", None)


PendingData = Annotated[
    Annotated[ParryData, Tag("parry")]
    | Annotated[DamageData, Tag("damage")]
    | Annotated[BreakageData, Tag("breakage")]
    | Annotated[DemiseData, Tag("demise")]
    | Annotated[ReminderData, Tag("reminder")],
    Discriminator(pending_kind),
]


PendingKind = Literal["breakage", "demise", "parry", "damage", "reminder"]


class Pending(Model):
    """A decision the GM must answer before the fight goes on (breakage, demise, parry,
    damage, or a reminder the track reached)."""

    # Frozen: the forms and the engine read it; the one change, a demise check's text
    # refreshed (rules.engine.wounding), goes through the journal, which writes `__dict__`.
    model_config = ConfigDict(frozen=True)

    id: int
    kind: PendingKind
    combatant: str
    goal: int | None = None
    text: str
    data: PendingData  # one typed variant per kind (above)

    @model_validator(mode="before")
    @classmethod
    def _tag_data(cls, value: Any) -> Any:
        """The kind stands beside the data in a save: it picks the data's variant."""
        if isinstance(value, dict) and isinstance(value.get("data"), dict):
            return {**value, "data": {**value["data"], "kind": value.get("kind")}}
        return value

    @model_validator(mode="after")
    def _same_kind(self) -> Pending:
        if self.data.kind != self.kind:
            raise ValueError(f"a {self.kind} decision cannot carry {self.data.kind} data")
        return self

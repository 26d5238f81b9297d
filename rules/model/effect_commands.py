"""The GM's commands for effects, reminders and passing time (issue 15); frozen, as every command.

They join the `Command` union in rules.model.commands. The handlers are
rules.engine.handlers.effects; what the track does with them, rules.engine.effect_track.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.model.command_base import CommandModel
from rules.model.effects import MAX_TRACK, MAX_TU, Duration, EffectModifier, Tick
from rules.model.plain_text import Name, Note

__all__ = [
    "AddEffect",
    "AddReminder",
    "DismissReminder",
    "MAX_PASS_TU",
    "MAX_TARGETS",
    "PassTime",
    "RemoveEffect",
    "SECONDS_PER_TU",
    "TU_IS_A_SECOND",
    "TimeUnit",
    "tu_of",
]

MAX_TARGETS = 200  # the marked roster rows one AddEffect may name (as a Batch's parts)

SECONDS_PER_TU = 1
# R30, said where the GM types an amount of time (both pass-time dialogs).
TU_IS_A_SECOND = (
    f"1 TU is {SECONDS_PER_TU} second (R30): a minute is {60 // SECONDS_PER_TU} TU,"
    f" an hour {3600 // SECONDS_PER_TU:,} TU"
)
"""How many seconds one TU lasts, for passing minutes and hours outside combat.

The rulebook gives TU no length in seconds (A7, R6 speak only of TU). One
second per TU reads its numbers naturally: a default action of 3 TU (R6) is a
few seconds of a fight, reaction times of 3-9 TU (A7) are a few seconds' start,
and bleeding strikes every 10 s (A14). One named constant, so a table that
reads TU otherwise changes this one line.
"""

MAX_PASS_TU = 86_400 // SECONDS_PER_TU
"""The most one PassTime runs: a day; a GM passes a day, looks, and passes the next. The
log says what changed (a line a bleeder, rules.engine.passage), but each tick of an
effect is a wound in the state: a week of a 1-TU tick would be 604,800 of them."""

TimeUnit = Literal["TU", "minutes", "hours"]
_SECONDS = {"TU": None, "minutes": 60, "hours": 3600}


def tu_of(amount: int, unit: TimeUnit) -> int:
    """The TU in `amount` of `unit` (minutes and hours by `SECONDS_PER_TU`, at least 1)."""
    seconds = _SECONDS[unit]
    if seconds is None:
        return amount
    return max(1, amount * seconds // SECONDS_PER_TU)


class AddEffect(CommandModel):
    """Put one effect on each of `targets` (the selected or marked rows): one command, one
    undo; each bearer gets its own copy with its own id (so each can be removed alone)."""

    type: Literal["add-effect"] = "add-effect"
    targets: list[str] = Field(min_length=1, max_length=MAX_TARGETS)
    name: Name
    modifier: EffectModifier | None = None
    duration: Duration = Field(default_factory=Duration)
    tick: Tick | None = None

    @model_validator(mode="after")
    def _targets_once(self) -> AddEffect:
        if len(set(self.targets)) != len(self.targets):
            raise ValueError("targets: a combatant is named twice")
        return self


class RemoveEffect(CommandModel):
    """The GM takes an effect off its bearer (any duration); logged as its end."""

    type: Literal["remove-effect"] = "remove-effect"
    target: str
    effect: int


class AddReminder(CommandModel):
    """A line the track stops for: at track time `at`, in `in_tu` TU, or at the next
    Action Opportunity of `whose` (exactly one of the three)."""

    type: Literal["add-reminder"] = "add-reminder"
    text: Annotated[Note, Field(min_length=1)]
    at: Annotated[int, Field(ge=0, le=MAX_TRACK)] | None = None
    in_tu: Annotated[int, Field(ge=1, le=MAX_TU)] | None = None
    whose: str | None = None

    @model_validator(mode="after")
    def _one_moment(self) -> AddReminder:
        given = [name for name in ("at", "in_tu", "whose") if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError("reminder: give exactly one of at, in_tu or whose")
        return self


class DismissReminder(CommandModel):
    """Answer a reminder that stopped the track (its pending decision's id, or the
    reminder's own), or cancel one still ahead (the reminder's id)."""

    type: Literal["dismiss-reminder"] = "dismiss-reminder"
    id: int


class PassTime(CommandModel):
    """Run the clock outside combat (A14 bleeding, effect ticks and ends, reminders).

    Stops early when a decision comes due (a demise check, a reminder), as the track does.
    """

    type: Literal["pass-time"] = "pass-time"
    amount: Annotated[int, Field(ge=1, le=MAX_TU)]
    unit: TimeUnit = "TU"

    @model_validator(mode="after")
    def _at_most_a_day(self) -> PassTime:
        if self.tu > MAX_PASS_TU:
            raise ValueError(
                f"amount: {self.amount} {self.unit} is more than a day;"
                f" pass at most {MAX_PASS_TU} TU (24 hours) at a time"
            )
        return self

    @property
    def tu(self) -> int:
        return tu_of(self.amount, self.unit)

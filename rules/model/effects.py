"""Effects a GM puts on a combatant, and reminders, both living on the Time Track (issue 15).

An effect is a condition the rules do not derive (Stunned, Prone, On fire ...):
an optional modifier, a duration, and an optional tick (a wound every N TU).
A reminder is a line of text the track stops for. Both are frozen: the engine
changes them only through its journal (rules.engine.journal), so undo is exact.
Times are track times (A7); `rules.engine.effect_track` schedules and lands them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from rules.mechanics.numbers import NumberError, parse_int, shown
from rules.mechanics.wounds import Location
from rules.model.base import Model
from rules.model.plain_text import Name, Note

__all__ = [
    "Duration",
    "DurationKind",
    "Effect",
    "EffectModifier",
    "MAX_TRACK",
    "MAX_TU",
    "ModifierTarget",
    "Reminder",
    "Tick",
    "parse_duration",
]

MAX_TU = 10_000_000  # the longest span the track is asked to plan (FastForward's `until`)
# The furthest track time a GM may name (`t40`, a reminder's `at`). Not MAX_TU: the clock
# keeps running past it (10,000,000 TU is some 116 days of passing time), after which no
# time "at track T" could be set any more.
MAX_TRACK = 10**12
ModifierTarget = Literal["all", "stat", "skill", "attacked"]
# tu: N TU from its start; until: until track time T; next: until someone's next Action
# Opportunity opens (A8); end: until the combat ends; removed: until the GM removes it.
DurationKind = Literal["tu", "until", "next", "end", "removed"]
Span = Annotated[int, Field(ge=1, le=MAX_TU)]


class _Frozen(Model):
    model_config = ConfigDict(frozen=True)


class EffectModifier(_Frozen):
    """A signed amount added to every roll, to rolls on one stat or one skill (their SS,
    through rules.engine.roll_plan), or to the goal of attacks against the bearer (A8)."""

    target: ModifierTarget = "all"
    name: Name | None = None  # the stat or skill (stat/skill targets only)
    amount: Annotated[int, Field(ge=-20, le=20)]

    @model_validator(mode="after")
    def _name_fits_target(self) -> EffectModifier:
        if self.amount == 0:
            raise ValueError("modifier amount: a modifier of 0 changes nothing")
        if self.target in ("stat", "skill") and self.name is None:
            raise ValueError(f"modifier name: a {self.target} modifier names its {self.target}")
        if self.target not in ("stat", "skill") and self.name is not None:
            raise ValueError(f"modifier name: a modifier to {self.target} names no stat or skill")
        return self

    def text(self) -> str:
        """`−2 to every roll`, `+1 to Dexterity rolls`, `+3 to the goal of attacks against`."""
        amount = f"{self.amount:+d}".replace("-", "−")
        if self.target == "all":
            return f"{amount} to every roll"
        if self.target == "attacked":
            return f"{amount} to the goal of attacks against it"
        return f"{amount} to {self.name} rolls"


class Duration(_Frozen):
    """How long an effect lasts: `amount` is N TU (tu) or the track time T (until);
    `whose` is the combatant whose next opportunity ends it (next; None: the bearer's)."""

    kind: DurationKind = "removed"
    amount: Annotated[int, Field(ge=1, le=MAX_TRACK)] | None = None  # TU: at most MAX_TU
    whose: str | None = None

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Duration:
        if self.kind in ("tu", "until") and self.amount is None:
            word = "N TU" if self.kind == "tu" else "the track time T"
            raise ValueError(f"duration amount: a {self.kind!r} duration needs {word}")
        if self.kind == "tu" and self.amount is not None and self.amount > MAX_TU:
            raise ValueError(f"duration amount: at most {MAX_TU} TU")
        if self.kind not in ("tu", "until") and self.amount is not None:
            raise ValueError(f"duration amount: a {self.kind!r} duration takes no amount")
        if self.kind != "next" and self.whose is not None:
            raise ValueError("duration whose: only a 'next' duration names a combatant")
        return self

    def text(self) -> str:
        if self.kind == "tu":
            return f"for {self.amount} TU"
        if self.kind == "until":
            return f"until track {self.amount}"
        if self.kind == "next":
            return "until the next Action Opportunity"
        if self.kind == "end":
            return "until the end of combat"
        return "until removed"


def parse_duration(text: str, whose: str | None = None) -> Duration:
    """The GM's typed duration: `10` (TU), `t40` (until track 40), `next`, `end`, `` (until
    removed). A clear ValueError saying what was typed and what is accepted, otherwise.
    Numbers are read by the one digit rule (rules.mechanics.numbers): '²' or 5,000 digits
    passed `isdigit` and then crashed `int` here."""
    typed = text.strip().lower()
    try:
        if typed in ("", "removed", "-"):
            return Duration(kind="removed")
        if typed == "next":
            return Duration(kind="next", whose=whose)
        if typed == "end":
            return Duration(kind="end")
        if typed.startswith("t") and typed[1:].isdigit():
            return Duration(kind="until", amount=parse_int(typed[1:], signed=False))
        if typed.isdigit():
            return Duration(kind="tu", amount=parse_int(typed, signed=False))
    except NumberError as error:
        raise ValueError(f"duration: {error}") from None  # (it quotes what was typed)
    except ValueError as error:
        raise ValueError(f"duration {shown(text.strip())}: {error}") from None
    raise ValueError(
        f"duration {shown(text.strip())}: type N TU (10), until a track time (t40), next, end,"
        " or nothing (until removed)"
    )


class Tick(_Frozen):
    """Every `every` TU from the effect's start, a wound of `wp` WP (fire, poison).

    Like bleeding (A14) it is not one wound: no R12 bleeding, no A15 breakage, no A16
    massive wound, only the Endurance lines; `one_wound=True` (the GM's) makes it one.
    """

    every: Span
    wp: Annotated[int, Field(ge=1, le=30)]
    one_wound: bool = False
    location: Location = "unspecified"


class Effect(_Frozen):
    """One effect on a combatant, as it stands: when it began, and when it ends (if known).

    `ends` is the track time of a tu/until duration's end; None for the others (they
    end at an opportunity, at EndCombat, or by the GM's hand).
    """

    id: int
    name: Name
    modifier: EffectModifier | None = None
    duration: Duration = Field(default_factory=Duration)
    tick: Tick | None = None
    start: int = 0  # may fall below 0: StartCombat counts it from the new track's 0
    ends: int | None = None

    def next_tick(self, now: int) -> int | None:
        """The first tick strictly after `now` (on start + k·every, k ≥ 1), None past its end."""
        tick = self.tick
        if tick is None:
            return None
        if now < self.start:
            at = self.start + tick.every
        else:
            at = self.start + ((now - self.start) // tick.every + 1) * tick.every
        return at if self.ends is None or at <= self.ends else None

    def ticks_at(self, time: int) -> bool:
        """A tick of this effect lands at `time` (the end time included: it lasts to it)."""
        tick = self.tick
        return (
            tick is not None
            and time > self.start
            and (time - self.start) % tick.every == 0
            and (self.ends is None or time <= self.ends)
        )

    def text(self) -> str:
        """`Stunned (−2 to every roll) for 10 TU` for the log and the listings."""
        parts = [self.name]
        if self.modifier is not None:
            parts.append(f"({self.modifier.text()})")
        if self.tick is not None:
            parts.append(f"({self.tick.wp} WP every {self.tick.every} TU)")
        parts.append(self.duration.text())
        return " ".join(parts)


class Reminder(_Frozen):
    """A line of text the track stops for: at track time `at`, or when `whose`'s next
    Action Opportunity opens (exactly one of the two)."""

    id: int
    text: Annotated[Note, Field(min_length=1)]
    at: Annotated[int, Field(ge=0)] | None = None
    whose: str | None = None

    @model_validator(mode="after")
    def _one_moment(self) -> Reminder:
        if (self.at is None) == (self.whose is None):
            raise ValueError("reminder: give either a track time (at) or a combatant (whose)")
        return self

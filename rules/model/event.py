"""One line of the encounter's log: what happened, the faces it used, the arithmetic.

Its own module because it is no pydantic model (a slotted dataclass, for the
track's speed) and needs nothing else of the encounter; `rules.model.state` holds
the log (`Encounter.log`), every handler writes to it through `Context.emit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field

from pydantic import ConfigDict


# Not frozen=True: a frozen slotted dataclass sets each field through object.__setattr__,
# and the track logs an Event on every step; measured (engine_step_us_c1000, 4 runs each)
# 2.36-2.46 µs unfrozen against 2.94-3.01 frozen. Nothing writes to one once logged.
@dataclass(slots=True)
class Event:
    """One line of the log: what happened, the faces it used, the arithmetic.

    A plain slotted dataclass, not a model: the engine logs one on every step
    of the track, and building it costs a fifth of a model's (see bench). Pydantic
    still validates it on load, refuses unknown fields, and writes the same JSON.
    Never changed once logged (undo removes it whole), which is what lets saves
    reuse its serialised JSON (rules/saves/cache.py); the save cache's byte-identity
    tests would catch an event changed after it was logged.
    """

    __pydantic_config__ = ConfigDict(extra="forbid")

    seq: int
    time: int | None
    kind: str
    text: str
    faces: list[int] = dataclass_field(default_factory=list)
    actor: str | None = None

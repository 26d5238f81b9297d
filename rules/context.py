"""What a command handler works with: the encounter, the journal, the dice, the log.

Handlers register themselves with `@handles(CommandType)`; `rules.engine.apply`
dispatches to them. A handler checks everything it can before it changes
anything, and raises `CommandError` (a ValueError) with a clear reason; any
exception rolls back whatever it had already changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

from rules.dice import RecordingDice
from rules.journal import Journal
from rules.state import Combatant, Encounter, Event, Pending


class CommandError(ValueError):
    """A command that cannot be applied now; nothing was changed."""


class Context:
    """One command's working set."""

    __slots__ = ("enc", "j", "dice", "events")

    def __init__(self, enc: Encounter, dice: RecordingDice) -> None:
        self.enc = enc
        self.j = Journal()
        self.dice = dice
        self.events: list[Event] = []

    def emit(
        self, kind: str, text: str, faces: Sequence[int] = (), actor: str | None = None
    ) -> Event:
        """Log one event (with the faces it used) at the current track time."""
        enc = self.enc
        log = enc.log
        time = enc.time if enc.in_combat else None
        event = Event(len(log) + 1, time, kind, text, [*faces], actor)  # positional: fastest
        self.j.append(log, event)
        self.events.append(event)
        return event

    def fail(self, reason: str) -> NoReturn:
        raise CommandError(reason)

    def combatant(self, cid: str) -> Combatant:
        try:
            return self.enc.combatants[cid]
        except KeyError:
            raise CommandError(f"no combatant with id {cid!r}") from None

    def living(self, cid: str) -> Combatant:
        combatant = self.combatant(cid)
        if combatant.dead:
            self.fail(f"{combatant.name} is dead")
        return combatant

    def new_pending(
        self, kind: str, combatant: str, text: str, goal: int | None = None, **data: Any
    ) -> Pending:
        pending = Pending(
            id=self.enc.next_id, kind=kind, combatant=combatant, goal=goal, text=text, data=data
        )
        self.j.add(self.enc, "next_id", 1)
        self.j.append(self.enc.pending, pending)
        return pending

    def pending(self, pid: int, kind: str | tuple[str, ...] | None = None) -> Pending:
        for pending in self.enc.pending:
            if pending.id == pid:
                kinds = (kind,) if isinstance(kind, str) else kind
                if kinds and pending.kind not in kinds:
                    self.fail(f"decision {pid} is a {pending.kind}, not a {' or '.join(kinds)}")
                return pending
        self.fail(f"no pending decision {pid}")

    def close_pending(self, pending: Pending) -> None:
        self.j.remove(self.enc.pending, pending)

    def new_id(self, prefix: str = "c") -> str:
        while True:
            cid = f"{prefix}{self.enc.next_id}"
            self.j.add(self.enc, "next_id", 1)
            if cid not in self.enc.combatants:
                return cid


C = TypeVar("C")
Handler = Callable[[Context, Any], None]
HANDLERS: dict[type, Handler] = {}


def handles(command_type: type[C]) -> Callable[[Callable[[Context, C], None]], Handler]:
    def register(fn: Callable[[Context, C], None]) -> Handler:
        if command_type in HANDLERS:
            raise RuntimeError(f"two handlers for {command_type.__name__}")
        HANDLERS[command_type] = fn
        return fn

    return register

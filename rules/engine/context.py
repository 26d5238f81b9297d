"""What a command handler works with: the encounter, the journal, the dice, the log.

The context *is* the command's journal, and afterwards its record (`Applied`,
and the session's undo step): one object per command, because a track step is a
few µs and each object made costs a tenth of one (issue 3's step figure).

Handlers register themselves with `@handles(CommandType)`; `rules.engine.apply.apply`
dispatches to them. A handler checks everything it can before it changes
anything, and raises `CommandError` (a ValueError) with a clear reason; any
exception rolls back whatever it had already changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NoReturn, Protocol, TypeVar

from rules.engine.journal import Journal, undo_append
from rules.mechanics.dice import DiceSource, RecordingDice
from rules.model.commands import Command
from rules.model.event import Event, new_event
from rules.model.pending import Pending, PendingData
from rules.model.state import Combatant, Encounter


class CommandError(ValueError):
    """A command that cannot be applied now; nothing was changed."""


class Tallies(Protocol):
    """A passage of time's tallied ticks (rules.engine.passage): logged before any other line."""

    tallies: dict[Any, Any]

    def flush(self, ctx: Context) -> None: ...


def living_refusal(c: Combatant) -> str | None:
    """Why `c` can be the subject of no command that needs it alive (A16), in the engine's
    words; the app's keys ask it too, so a key and its command give one answer."""
    return f"{c.name} is dead" if c.dead else None


class Context(Journal):
    """One command's working set: its journal (inherited), the dice, the events it logs.

    Afterwards it is what the command did: `command`, `faces` (what its dice
    showed, set by `rules.engine.apply.apply`), `events` and the journal to undo it.
    """

    __slots__ = (
        *("enc", "source", "recorder", "start", "events", "command", "faces", "clock"),
        "passage",
    )
    passage: Tallies  # set while PassTime runs the clock (rules.engine.effect_track)

    def __init__(self, enc: Encounter, dice: DiceSource, command: Command | None = None) -> None:
        self.ops = []
        self.enc = enc
        self.source = dice
        self.recorder: RecordingDice | None = None  # made on the first roll: most steps roll none
        self.events: list[Event] = []
        self.command = command
        self.faces: list[int] = []

    @property
    def j(self) -> Journal:
        """The journal: the context itself (handlers write `ctx.j.set(...)`)."""
        return self

    @property
    def dice(self) -> RecordingDice:
        """The command's dice; every face they show is recorded for redo and replay."""
        recorder = self.recorder
        if recorder is None:
            source = self.source
            recorder = source if isinstance(source, RecordingDice) else RecordingDice(source)
            self.recorder = recorder
            self.start = len(recorder.faces)
        return recorder

    # --- afterwards: what the command did (`rules.engine.apply.Applied`) ----------------------
    @property
    def encounter(self) -> Encounter:
        return self.enc

    @property
    def journal(self) -> Journal:
        return self

    def recorded(self) -> list[int]:
        """The faces this command's dice showed so far, in order."""
        recorder = self.recorder
        return [] if recorder is None else recorder.faces[self.start :]

    def on_the_clock(self) -> None:
        """Out of combat, what this command logs happens at the clock's time (issue 15):
        PassTime runs it, and the answer to a decision it stopped at is given at that time.
        The GM's setup between fights stays untimed (the log's gutter, its export)."""
        self.clock = True

    def now(self) -> int | None:
        """The time an event or a wound happening now gets: the track's in combat, the
        clock's while it runs outside (`on_the_clock`), else None."""
        d = self.enc.__dict__
        return d["time"] if d["in_combat"] or getattr(self, "clock", False) else None

    def emit(
        self, kind: str, text: str, faces: Sequence[int] = (), actor: str | None = None
    ) -> Event:
        """Log one event (with the faces it used) at the current track time (`now`)."""
        d = self.enc.__dict__  # plain reads: every track step logs
        log = d["log"]
        # inlined `now`; `clock` is never set in combat's quick steps (no store per step)
        time = d["time"] if d["in_combat"] or getattr(self, "clock", False) else None
        if time is not None and not d["in_combat"]:  # the clock: maybe a passage's tallies
            passage = getattr(self, "passage", None)
            if passage is not None and passage.tallies:
                passage.flush(self)  # what ticked so far comes first (issue 23)
        event = new_event(Event, (len(log) + 1, time, kind, text, [*faces], actor))  # fastest
        self.ops.append((undo_append, log))  # = self.append(log, event), inlined
        log.append(event)
        self.events.append(event)
        return event

    def fail(self, reason: str) -> NoReturn:
        raise CommandError(reason)

    def checked(self) -> None:
        """Every refusal of this command is behind it: a dry run (rules.engine.checks.
        why_not) may stop here, as at a first die. For a handler that changes much and
        rolls nothing (ending a fight of 200), so asking costs no more than its checks."""
        stop = getattr(self.source, "checked", None)  # only the dry run's source has it
        if stop is not None:
            stop()

    def combatant(self, cid: str) -> Combatant:
        try:
            return self.enc.combatants[cid]
        except KeyError:
            raise CommandError(f"no combatant with id {cid!r}") from None

    def living(self, cid: str) -> Combatant:
        combatant = self.combatant(cid)
        why = living_refusal(combatant)
        if why is not None:
            self.fail(why)
        return combatant

    def new_pending(
        self, combatant: str, text: str, data: PendingData, goal: int | None = None
    ) -> Pending:
        """A decision for the GM; its kind is its data's (rules.model.pending)."""
        pending = Pending(
            id=self.enc.next_id,
            kind=data.kind,
            combatant=combatant,
            goal=goal,
            text=text,
            data=data,
        )
        self.add(self.enc, "next_id", 1)
        self.append(self.enc.pending, pending)
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
        self.remove(self.enc.pending, pending)

    def new_id(self, prefix: str = "c") -> str:
        while True:
            cid = f"{prefix}{self.enc.next_id}"
            self.add(self.enc, "next_id", 1)
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

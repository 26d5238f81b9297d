"""A save's JSON, built from pieces kept between saves: most of a long fight never changes.

Serializing dominates a save (`make bench`: save_ms_c50_e5000), and most of the
file is pieces that never change once made: a log `Event` is created once by
the engine and never changed (the journal only appends and pops the same
objects), a history step's command and faces never change, and the history
base never changes. So each piece's JSON is made once, at the nesting depth
where it sits in the file (its indentation is fixed by its position there),
and every later save reuses it; only what does change (the encounter without
its log: combatants, pending, turn, settings...) is serialized afresh.

The bytes are exactly those of `SaveFile(...).model_dump_json(indent=...)`:
tests compare them after every step of random fights, after undo and redo,
and after a load. Pieces are keyed by object identity and each entry holds
its object, so an id cannot be reused while its entry lives; every save
rebuilds the table from the session's current lists, so nothing stale is
ever written and memory is bounded by what the session itself holds.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Sequence
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, TypeVar, cast

from pydantic import TypeAdapter
from typing_extensions import TypedDict

from rules.model.event import Event
from rules.model.state import Encounter

if TYPE_CHECKING:
    from rules.engine.session import Done, Session, Step

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
Maker = Callable[[list[V]], list[bytes]]
_COMMAND = attrgetter("command")
_FACES = attrgetter("faces")
_JSON = itemgetter(1)


# A step is written as this, not as a SavedStep, which would cost microseconds to
# build per step (a long fight has thousands); the JSON is the same.
class _StepOut(TypedDict):
    command: Any  # a Command model: serialized by its own class, faster than the union
    faces: list[int]


_Nest = dict[str, dict[str, list[T]]]  # puts a list's items at depth 3, as in the file
_EVENTS: TypeAdapter[_Nest[Event]] = TypeAdapter(_Nest[Event])
_STEPS: TypeAdapter[_Nest[_StepOut]] = TypeAdapter(_Nest[_StepOut])
_ENCOUNTER = Encounter.__pydantic_serializer__  # what model_dump_json uses, as bytes
_FIELDS = list(Encounter.model_fields)
_BEFORE_LOG = set(_FIELDS[: _FIELDS.index("log")])
_AFTER_LOG = set(_FIELDS[_FIELDS.index("log") + 1 :])
if not _BEFORE_LOG or not _AFTER_LOG:  # encounter_json splices the log between the two
    raise RuntimeError("rules.saves.cache expects Encounter.log between other fields")


class _Layout:
    """Where the line breaks and spaces go at each depth, as pydantic writes them."""

    __slots__ = ("indent", "colon")

    def __init__(self, indent: int | None) -> None:
        self.indent = indent
        self.colon = b":" if indent is None else b": "

    def newline(self, depth: int) -> bytes:
        """What precedes a value that sits at `depth` on its own line."""
        return b"" if self.indent is None else b"\n" + b" " * (self.indent * depth)

    def moved(self, raw: bytes, depth: int) -> bytes:
        """A value serialized on its own, indented to sit at `depth` (strings hold no raw \\n)."""
        return raw if self.indent is None or depth == 0 else raw.replace(b"\n", self.newline(depth))

    def key(self, name: str, depth: int) -> bytes:
        return self.newline(depth) + b'"' + name.encode() + b'"' + self.colon

    def array(self, out: list[bytes], items: list[bytes], depth: int) -> None:
        """A list of objects whose brackets sit at `depth`, from pieces made by `items`.

        Parts go to `out` for one final join: each join of a megabyte costs a copy.
        """
        if not items:
            out.append(b"[]")
            return
        opening = self.newline(depth + 1) + b"{"  # the pieces are kept without it
        parts = [b"," + opening] * (2 * len(items) - 1)
        parts[::2] = items
        out.append(b"[" + opening)
        out.extend(parts)
        out.append(self.newline(depth) + b"]")

    def members(self, raw: bytes, depth: int) -> bytes:
        """An object serialized on its own, moved to `depth`, without its braces."""
        raw = self.moved(raw, depth)
        return raw[1 : len(raw) - len(self.newline(depth)) - 1]

    def items(self, adapter: TypeAdapter[_Nest[T]], values: list[T]) -> list[bytes]:
        """Each object's JSON as a list item at depth 3, from one serialization of them all.

        The list is serialized inside two objects, so its items come out already
        indented for depth 3 (the log's and the history's), and is then cut apart.
        Each piece is kept without its opening `{`: the cut removes it, `array` writes it.
        """
        head = b"{" + self.key("", 1) + b"{" + self.key("", 2) + b"[" + self.newline(3) + b"{"
        tail = self.newline(2) + b"]" + self.newline(1) + b"}" + self.newline(0) + b"}"
        raw = adapter.dump_json({"": {"": values}}, indent=self.indent)
        # Every boundary between two items is `,` then `{` at depth 3. Indented, nothing
        # else matches (deeper lines have more spaces, strings no raw line breaks); compact,
        # a string or a list of objects inside an item may, and then there are too many parts.
        parts = raw[len(head) : -len(tail)].split(b"," + self.newline(3) + b"{")
        if len(parts) == len(values) and raw.startswith(head) and raw.endswith(tail):
            return parts
        return [
            adapter.dump_json({"": {"": [value]}}, indent=self.indent)[len(head) : -len(tail)]
            for value in values
        ]


class _Pieces:
    """One session's serialized pieces, for one indentation."""

    __slots__ = ("owner", "layout", "base", "log", "log_ids", "log_pieces", "steps")

    def __init__(self, session: Session, indent: int | None) -> None:
        self.owner = weakref.ref(session)
        self.layout = _Layout(indent)
        self.base: tuple[Encounter, bytes] | None = None
        # The log as last saved: its events (held, so their ids stay theirs), ids and JSON.
        self.log: list[Event] = []
        self.log_ids: list[int] = []
        self.log_pieces: list[bytes] = []
        self.steps: dict[Any, tuple[Any, bytes]] = {}  # ids -> ((command, faces), JSON)

    def base_json(self, base: Encounter) -> bytes:
        if self.base is None or self.base[0] is not base:
            raw = _ENCOUNTER.to_json(base, indent=self.layout.indent)
            self.base = (base, self.layout.moved(raw, 2))
        return self.base[1]

    def log_json(self, log: list[Event]) -> list[bytes]:
        """Every event's JSON, made only for events the previous save did not have.

        A command appends to the log and an undo takes from its end, so the log is
        nearly always the last one saved, longer or shorter: then the pieces are that
        one's, cut or followed by the new events', without a table of 5,000 entries
        built again (about 1.5 ms a save, issue 27). Otherwise, piece by piece."""
        ids = list(map(id, log))
        kept, pieces = self.log_ids, self.log_pieces
        n = len(kept)
        if len(ids) >= n and ids[:n] == kept:
            pieces = pieces + (self._events(log[n:]) if len(ids) > n else [])
        elif ids == kept[: len(ids)]:
            pieces = pieces[: len(ids)]
        else:
            old = dict(zip(kept, zip(self.log, pieces, strict=True), strict=True))
            pieces = _reuse(old, ids, log, self._events)[1]
        self.log, self.log_ids, self.log_pieces = list(log), ids, pieces
        return pieces

    def steps_json(self, done: list[Done], undone: list[Step]) -> tuple[list[bytes], list[bytes]]:
        """Both stacks' steps (undo and redo move a step between them, its JSON unchanged)."""
        steps = done + undone
        commands = list(map(_COMMAND, steps))
        faces = list(map(_FACES, steps))
        keys = list(zip(map(id, commands), map(id, faces), strict=True))
        values = list(zip(commands, faces, strict=True))
        self.steps, pieces = _reuse(self.steps, keys, values, self._steps)
        return pieces[: len(done)], pieces[len(done) :]

    def _events(self, events: list[Event]) -> list[bytes]:
        return self.layout.items(_EVENTS, events)

    def _steps(self, values: list[tuple[Any, list[int]]]) -> list[bytes]:
        rows: list[_StepOut] = [{"command": command, "faces": faces} for command, faces in values]
        return self.layout.items(_STEPS, rows)

    def encounter_json(self, out: list[bytes], encounter: Encounter) -> None:
        """The encounter at depth 1: its changing fields fresh, its log from the pieces."""
        layout = self.layout
        before, after = (
            layout.members(_ENCOUNTER.to_json(encounter, indent=layout.indent, include=fields), 1)
            for fields in (_BEFORE_LOG, _AFTER_LOG)
        )
        out += [b"{", before, b",", layout.key("log", 2)]
        layout.array(out, self.log_json(encounter.log), 2)
        out += [b",", after, layout.newline(1) + b"}"]


def _reuse(
    old: dict[K, tuple[V, bytes]], keys: list[K], values: Sequence[V], make: Maker[V]
) -> tuple[dict[K, tuple[V, bytes]], list[bytes]]:
    """The new table (only what is live now) and each value's JSON, made where missing.

    Each entry holds its value, so the ids in its key stay those of live objects.
    The lookups run in C (map, zip), not item by item in Python.
    """
    if not old:  # the first save of this session (or of this indentation)
        entries = list(zip(values, make(list(values)) if values else [], strict=True))
    else:
        found: list[tuple[V, bytes] | None] = list(map(old.get, keys))
        if None in found:
            missing = [index for index, entry in enumerate(found) if entry is None]
            made = make([values[index] for index in missing])
            for index, piece in zip(missing, made, strict=True):
                found[index] = (values[index], piece)
        entries = cast("list[tuple[V, bytes]]", found)  # every None filled just above
    table = dict(zip(keys, entries, strict=True))
    return table, list(map(_JSON, entries))


_PIECES: dict[int, _Pieces] = {}  # id(session) -> its pieces, dropped when it is collected


def session_json(session: Session, head: bytes, indent: int | None) -> bytes:
    """The whole save file (without the final newline).

    `head` is the JSON object of the fields before `encounter` (format, schema
    version, saved_at), serialized with the same `indent`.
    """
    collecting = gc.isenabled()
    gc.disable()  # the tables make thousands of tuples: the cyclic GC would rescan the fight
    try:
        return _session_json(session, head, indent)
    finally:
        if collecting:
            gc.enable()


def _session_json(session: Session, head: bytes, indent: int | None) -> bytes:
    assert session.base is not None
    pieces = _pieces(session, indent)
    layout = pieces.layout
    done, undone = pieces.steps_json(session.done, session.undone)
    out = [b"{", layout.members(head, 0), b",", layout.key("encounter", 1)]
    pieces.encounter_json(out, session.encounter)
    out += [b",", layout.key("history", 1), b"{", layout.key("base", 2)]
    out += [pieces.base_json(session.base), b",", layout.key("done", 2)]
    layout.array(out, done, 2)
    out += [b",", layout.key("undone", 2)]
    layout.array(out, undone, 2)
    out += [layout.newline(1) + b"}", layout.newline(0) + b"}"]
    return b"".join(out)


def _pieces(session: Session, indent: int | None) -> _Pieces:
    key = id(session)
    pieces = _PIECES.get(key)
    if pieces is None or pieces.owner() is not session:
        weakref.finalize(session, _PIECES.pop, key, None)
    elif pieces.layout.indent == indent:
        return pieces
    pieces = _PIECES[key] = _Pieces(session, indent)
    return pieces

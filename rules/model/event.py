"""One line of the encounter's log: what happened, the faces it used, the arithmetic.

Its own module because it is no pydantic model (an immutable tuple, for the
track's speed) and needs nothing else of the encounter; `rules.model.state` holds
the log (`Encounter.log`), every handler writes to it through `Context.emit`.
"""

from __future__ import annotations

from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

# The track logs an Event on every step, so its making is on the hot path
# (`make bench`: engine_step_us_c1000). Measured per Event: 136 ns this tuple
# made by `tuple.__new__`, 162 ns a slotted dataclass (mutable), 289 ns a frozen
# dataclass writing its __dict__, 753 ns a frozen slotted one. A tuple is immutable
# in C, so the record is frozen for free. The engine's two makers call `new_event`.
new_event = tuple.__new__
FIELDS = ("seq", "time", "kind", "text", "faces", "actor")


class Event(tuple[int, int | None, str, str, list[int], str | None]):
    """One line of the log: what happened, the faces it used, the arithmetic.

    Never changed once logged (undo removes it whole; an assignment raises),
    which is what lets saves reuse its serialised JSON (rules/saves/cache.py).
    In a save it is a JSON object with these six names, as it always was;
    pydantic validates it on load and refuses unknown fields.
    """

    __slots__ = ()

    def __new__(
        cls,
        seq: int,
        time: int | None,
        kind: str,
        text: str,
        faces: list[int] | None = None,
        actor: str | None = None,
    ) -> Event:
        return new_event(cls, (seq, time, kind, text, [] if faces is None else faces, actor))

    @property
    def seq(self) -> int:
        return self[0]

    @property
    def time(self) -> int | None:
        return self[1]

    @property
    def kind(self) -> str:
        return self[2]

    @property
    def text(self) -> str:
        return self[3]

    @property
    def faces(self) -> list[int]:
        return self[4]

    @property
    def actor(self) -> str | None:
        return self[5]

    def __getnewargs__(self) -> tuple[Any, ...]:  # copy and pickle call __new__ with these
        return tuple(self)

    def __repr__(self) -> str:
        return "Event(" + ", ".join(f"{n}={v!r}" for n, v in zip(FIELDS, self, strict=True)) + ")"

    def as_dict(self) -> dict[str, Any]:
        return dict(zip(FIELDS, self, strict=True))

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """In JSON an object of the six fields (extra ones refused), in Python an Event too."""
        field = core_schema.typed_dict_field
        fields = core_schema.typed_dict_schema(
            {
                "seq": field(core_schema.int_schema()),
                "time": field(core_schema.nullable_schema(core_schema.int_schema())),
                "kind": field(core_schema.str_schema()),
                "text": field(core_schema.str_schema()),
                "faces": field(core_schema.list_schema(core_schema.int_schema()), required=False),
                "actor": field(
                    core_schema.nullable_schema(core_schema.str_schema()), required=False
                ),
            },
            extra_behavior="forbid",
            ref="Event",  # the exported save schema names it, as it did the dataclass
            config=core_schema.CoreConfig(title="Event"),
        )
        from_fields = core_schema.no_info_after_validator_function(_from_fields, fields)
        return core_schema.json_or_python_schema(
            json_schema=from_fields,
            python_schema=core_schema.union_schema(
                [core_schema.is_instance_schema(cls), from_fields]
            ),
            serialization=core_schema.plain_serializer_function_ser_schema(
                Event.as_dict, return_schema=fields
            ),
        )


def _from_fields(d: dict[str, Any]) -> Event:
    return new_event(
        Event,
        (d["seq"], d["time"], d["kind"], d["text"], d.get("faces", []), d.get("actor")),
    )

"""Every command in the `Command` union has a handler, and every handler a command.

A command added to rules/model/commands.py without its `@handles` would validate,
save and load, then fail only when the GM tries it ("no rule handles ...").
`rules.engine.apply` imports the handler modules, which register into
`rules.engine.context.HANDLERS`; this checks that table against the union.
"""

from __future__ import annotations

from typing import get_args

import rules.engine.apply  # noqa: F401  (registers every handler)
from rules.engine.context import HANDLERS
from rules.model.commands import Command


def command_types() -> list[type]:
    union, _discriminator = get_args(Command)  # Annotated[A | B | ..., Field(...)]
    return list(get_args(union))


def test_the_union_is_read_as_classes() -> None:
    types = command_types()
    assert len(types) >= 30 and all(isinstance(t, type) for t in types)
    assert len(set(types)) == len(types)


def test_every_command_type_has_a_handler() -> None:
    missing = sorted(t.__name__ for t in command_types() if t not in HANDLERS)
    assert missing == [], f"commands with no @handles handler: {missing}"


def test_every_handler_handles_a_command_of_the_union() -> None:
    union = set(command_types())
    stray = sorted(t.__name__ for t in HANDLERS if t not in union)
    assert stray == [], f"handlers for types outside the Command union: {stray}"

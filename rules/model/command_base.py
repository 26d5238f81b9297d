"""The base of every command, on its own so command modules beside `commands` can share it.

`rules.model.commands` holds the `Command` union, which names every command; a
module of new commands (e.g. `visibility_commands`) must not import it back.
"""

from __future__ import annotations

from pydantic import ConfigDict

from rules.model.base import Model


class CommandModel(Model):
    """A command never changes once made: the history keeps it for undo, redo and replay,
    and saves reuse its JSON by identity (rules/saves/cache.py). Frozen is shallow: a
    command's combatant is copied by the handler before it joins the encounter."""

    model_config = ConfigDict(frozen=True, defer_build=True)

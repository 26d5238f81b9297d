"""The base of every command (`CommandModel`), apart so command modules beside
rules.model.commands (rules.model.effect_commands) share it without an import cycle."""

from __future__ import annotations

from pydantic import ConfigDict

from rules.model.base import Model


class CommandModel(Model):
    """A command never changes once made: the history keeps it for undo, redo and replay,
    and saves reuse its JSON by identity (rules/saves/cache.py). Frozen is shallow: a
    command's combatant is copied by the handler before it joins the encounter."""

    model_config = ConfigDict(frozen=True, defer_build=True)

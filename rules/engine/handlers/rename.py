"""Renaming the encounter: an ordinary undoable, logged command, so a name given
mid-fight comes back with undo and shows in the log like any other change."""

from __future__ import annotations

from rules.engine.context import Context, handles
from rules.model.commands import RenameEncounter


@handles(RenameEncounter)
def rename_encounter(ctx: Context, cmd: RenameEncounter) -> None:
    """A new name (1-60 characters, surrounding spaces dropped); the same name is refused."""
    name = cmd.name.strip()
    if not name:
        ctx.fail("name: the encounter needs a name (1-60 characters), not only spaces")
    old = ctx.enc.name
    if name == old:
        ctx.fail(f"name: the encounter is already called {old!r}")
    ctx.j.set(ctx.enc, "name", name)
    ctx.emit("settings", f"Encounter renamed: {old!r} → {name!r}")

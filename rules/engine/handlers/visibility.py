"""The GM's visibility settings for the players' screen: undoable, logged for the GM only.

Their log lines are kind "visibility", which the players' log never shows
(`rules.engine.public_view`): "GM hides X" would give the ambush away.
"""

from __future__ import annotations

from rules.engine.context import Context, handles
from rules.engine.letters import give_letter, tag_in_sight
from rules.model.visibility_commands import (
    HIDES_LINE,
    SHOWS_LINE,
    SetFoeTicks,
    SetHidden,
    SetOpenRolls,
    SetReveal,
)

KIND = "visibility"


@handles(SetHidden)
def set_hidden(ctx: Context, cmd: SetHidden) -> None:
    """Hidden: absent from the players' track and log; shown again as it was."""
    c = ctx.combatant(cmd.id)
    if c.hidden == cmd.hidden:
        ctx.fail(f"hidden: {c.name} is already {'hidden' if c.hidden else 'shown'}")
    tag_in_sight(ctx)  # issue 25: those in sight keep their letters, this one's hiding aside
    ctx.j.set(c, "hidden", cmd.hidden)
    said = HIDES_LINE if cmd.hidden else SHOWS_LINE
    ctx.emit(KIND, f"{said}{c.name} {'from' if cmd.hidden else 'to'} the players", actor=c.id)
    give_letter(ctx, c)


@handles(SetReveal)
def set_reveal(ctx: Context, cmd: SetReveal) -> None:
    """How much of a foe the players know; the party (PC, ally) always shows whole."""
    c = ctx.combatant(cmd.id)
    if c.reveal == cmd.reveal:
        ctx.fail(f"reveal: {c.name} is already at {cmd.reveal!r}")
    old = c.reveal
    tag_in_sight(ctx)  # issue 25: those in sight keep their letters, this one's naming aside
    ctx.j.set(c, "reveal", cmd.reveal)
    ctx.emit(KIND, f"GM reveals of {c.name}: {old} → {cmd.reveal}", actor=c.id)
    give_letter(ctx, c)


@handles(SetOpenRolls)
def set_open_rolls(ctx: Context, cmd: SetOpenRolls) -> None:
    """Open rolls: the foes' dice and arithmetic show in the players' log."""
    settings = ctx.enc.settings
    if settings.open_rolls == cmd.open_rolls:
        ctx.fail(f"open_rolls is already {'on' if cmd.open_rolls else 'off'}")
    ctx.j.set(settings, "open_rolls", cmd.open_rolls)
    ctx.emit(
        KIND,
        f"Open rolls {'on' if cmd.open_rolls else 'off'}: foes' rolls "
        f"{'show' if cmd.open_rolls else 'stay hidden'} on the players' screen",
    )


@handles(SetFoeTicks)
def set_foe_ticks(ctx: Context, cmd: SetFoeTicks) -> None:
    """Foes on the players' track: always at their tick, or only while they act."""
    settings = ctx.enc.settings
    if settings.foe_ticks == cmd.foe_ticks:
        ctx.fail(f"foe_ticks is already {cmd.foe_ticks!r}")
    ctx.j.set(settings, "foe_ticks", cmd.foe_ticks)
    ctx.emit(KIND, f"Foes on the players' track: {cmd.foe_ticks}")

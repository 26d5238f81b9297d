"""Several of the GM's hand commands as one (the marked roster rows): one undo step.

Each part runs through its own handler on the batch's one journal, so a part
is exactly the command it would be alone, logged with its own line. A part
refused refuses the whole batch (the journal rolls back what the parts before
it did) and the reason names whose part it was.

`why_not` stops a dry run at the first die, so every part's checks must come
before any part rolls: no part of a batch may roll. Of the kinds a batch holds
only bringing one back into a running fight rolls (its reaction, R8), so that
is refused here and done one combatant at a time.
"""

from __future__ import annotations

from rules.engine.context import HANDLERS, CommandError, Context, handles
from rules.model.commands import Batch, BatchPart, FightStatus, RemoveCombatant

__all__ = ["batch"]


def _whose(ctx: Context, part: BatchPart) -> str:
    cid = part.id if isinstance(part, RemoveCombatant) else part.target
    found = ctx.enc.combatants.get(cid)
    return cid if found is None else found.name


@handles(Batch)
def batch(ctx: Context, cmd: Batch) -> None:
    """Every part in order, or none of them (the refusal says whose part failed)."""
    if ctx.enc.in_combat:
        for part in cmd.commands:
            if isinstance(part, FightStatus) and not part.out:
                ctx.fail(
                    f"{_whose(ctx, part)}: bring combatants back into a running fight one "
                    "at a time, each rolls its own reaction (R8)"
                )
    for part in cmd.commands:
        who = _whose(ctx, part)
        try:
            HANDLERS[type(part)](ctx, part)
        except ValueError as error:  # a CommandError, or a sheet the rules cannot read
            done = f"so none of the {len(cmd.commands)} is done"
            raise CommandError(f"{who}: {error} ({done})") from error

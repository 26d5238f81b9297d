"""A PC added to a party's encounter joins the party at the write-back (JoinParty)."""

from __future__ import annotations

from rules.engine.context import Context, handles
from rules.model.party_commands import JoinParty


@handles(JoinParty)
def join_party(ctx: Context, cmd: JoinParty) -> None:
    """Only a PC, only in an encounter made from a party; saying it twice is refused."""
    link = ctx.enc.party
    if link is None:
        ctx.fail("this encounter was not made from a party: there is no party to join")
    c = ctx.combatant(cmd.id)
    if cmd.joins and c.side != "PC":
        ctx.fail(f"{c.name} is {c.side}: only a PC joins the party {link.name}")
    if cmd.joins == (c.id in link.joining):
        state = "already joins" if cmd.joins else "does not join"
        ctx.fail(f"{c.name} {state} the party {link.name}")
    joining = [*link.joining, c.id] if cmd.joins else [i for i in link.joining if i != c.id]
    ctx.j.set(link, "joining", joining)
    if cmd.joins:
        ctx.emit("party", f"{c.name} joins the party {link.name} at its write-back", actor=c.id)
    else:
        ctx.emit("party", f"{c.name} stays out of the party {link.name}", actor=c.id)

"""Asked once, as a PC is added to an encounter made from a party: does it join the party?

Issue 27: such a PC was never written back, and adding it on the party's screen instead
moved the party a revision on, so the encounter's write-back met a conflict. Yes runs
JoinParty (undoable; the write-back carries the PC into the party); no leaves it this
encounter's only, and says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.model.party_commands import JoinParty

if TYPE_CHECKING:
    from tracker.host.action_host import AppHost


def offer_to_join(app: AppHost, before: set[str]) -> None:
    """After an add: the new PCs (ids not in `before`) may join the encounter's party."""
    from tracker.modals.confirm import Confirm

    session = app.session
    link = session.encounter.party if session is not None else None
    if session is None or link is None:
        return
    new = [c for cid, c in session.encounter.combatants.items() if cid not in before]
    pcs = [c for c in new if c.side == "PC"]
    if not pcs:
        return
    names = " and ".join(c.name for c in pcs)
    joins = "join" if len(pcs) > 1 else "joins"

    def answered(yes: bool | None) -> None:
        if yes:
            for c in pcs:
                app.run_command(JoinParty(id=c.id))
        else:
            app.notify(f"{names}: this encounter's only, not written back to {link.name}")

    question = (
        f"{names} {joins} the party {link.name}? Yes: the write-back adds them to it."
        " No: this encounter's only."
    )
    app.push_screen(Confirm(question), answered)

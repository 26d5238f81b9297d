"""A PC added to a party's encounter joins the party, or stays this encounter's only.

Why a command (issue 27): a PC added to an encounter made from a party was never
written back, and adding it to the party on the party's screen moved the party on a
revision, so the encounter's own write-back then met a conflict. Joining is the
encounter's to say, once, as the PC is added: undoable, saved with the encounter,
carried by its write-back (`rules.party.encounters.carried`).
"""

from __future__ import annotations

from typing import Literal

from rules.model.command_base import CommandModel


class JoinParty(CommandModel):
    """`id` joins the encounter's party at its next write-back (or, `joins` False, not)."""

    type: Literal["join-party"] = "join-party"
    id: str
    joins: bool = True

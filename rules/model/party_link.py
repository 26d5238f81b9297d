"""Which party an encounter was made from: the link a write-back follows home.

Kept below `rules.model.state` (the Encounter holds one) and apart from the
party itself (`rules.model.party`), which holds whole Combatants.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from rules.model.base import Model
from rules.model.plain_text import Name

Uid = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


class PartyLink(Model):
    """The party an encounter came from (its uid, name and file) and the revision it had.

    `token` names this encounter among the party's write-backs: a second write-back
    from the same encounter builds on its own first one, not on another's
    (`rules.party.conflict`). The file is a name in the parties folder, never a path.
    """

    uid: Uid
    name: Name
    file: Annotated[str, Field(min_length=1, max_length=200, pattern=r"^[^/\\\x00]+\.json$")]
    revision: Annotated[int, Field(ge=0)]
    token: Uid
    # PCs added to this encounter who join the party at its write-back (JoinParty).
    joining: list[Uid] = Field(default_factory=list, max_length=500)

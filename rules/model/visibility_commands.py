"""The GM's hand on what the players' screen shows: ordinary commands (undoable, saved).

Who is hidden (an ambush: absent from the players' track), how much of a foe is
revealed (its name, then its numbers), whether foes' rolls are open and whether
foes' places on the track show always or only when they act. What each setting
hides is the rules' business: `rules.engine.public_view`.
"""

from __future__ import annotations

from typing import Literal

from rules.model.command_base import CommandModel
from rules.model.state import FoeTicks, Reveal

HIDES_LINE = "GM hides "  # how the log says it (`rules.engine.public_log` reads it back)
SHOWS_LINE = "GM shows "
HIDDEN_MARK = " (hidden from the players)"  # in a hidden combatant's removal line


class SetHidden(CommandModel):
    """Hide a combatant from the players (or show it again): it leaves their track and log."""

    type: Literal["set-hidden"] = "set-hidden"
    id: str
    hidden: bool


class SetReveal(CommandModel):
    """How much of a foe the players know: "unknown", its "name", or its "numbers" too."""

    type: Literal["set-reveal"] = "set-reveal"
    id: str
    reveal: Reveal


class SetOpenRolls(CommandModel):
    """Open rolls: the foes' dice and arithmetic show in the players' log."""

    type: Literal["set-open-rolls"] = "set-open-rolls"
    open_rolls: bool


class SetFoeTicks(CommandModel):
    """Foes' places on the players' track: "always", or only "acting" (when they act now)."""

    type: Literal["set-foe-ticks"] = "set-foe-ticks"
    foe_ticks: FoeTicks

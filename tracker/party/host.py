"""What the party screen reads of the app it runs in, as a protocol.

The party screen (tracker.party.screen) and its pass time (tracker.party.pass_time)
name the app's parts they use here, never `TrackerApp`: the app imports the
saves browser, which opens the party screen, so naming the app back would
close an import circle.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rules.engine.session import Session
    from rules.mechanics.dice import DiceMode
    from rules.model.effect_commands import TimeUnit
    from tracker.app.command_dice import CommandDice


class PartyApp(Protocol):
    """The app under the party screen: its folders, its open fight, its dice, and the
    time unit the GM last passed time in (either screen's P opens on it)."""

    saves_dir: Path
    pass_unit: TimeUnit
    dice_mode: DiceMode

    @property
    def session(self) -> Session | None: ...

    @property
    def dice(self) -> CommandDice: ...

    def push_screen(self, screen: Any, callback: Any = None) -> object: ...

"""The top line: which encounter, which day, where the track is, which dice, which file."""

from __future__ import annotations

from pathlib import Path

from textual.content import Content
from textual.widgets import Static

from rules.state import Encounter

DIM = "dim"
SEP = (" │ ", DIM)


def status_text(enc: Encounter, dice_mode: str, seed: int | None, path: Path | None) -> Content:
    """Everything the GM checks at a glance; the dice mode is always visible (C, A1)."""
    state = "in combat" if enc.in_combat else (f"ended: {enc.outcome}" if enc.outcome else "calm")
    if dice_mode == "physical":
        dice = ("dice: PHYSICAL (type faces)", "bold $text on $warning")  # theme colours
    else:
        label = "dice: virtual" + (f" (seed {seed})" if seed is not None else "")
        dice = (label, "$text-success")
    return Content.assemble(
        (f" {enc.name}", "bold"),
        SEP,
        f"day {enc.day}",
        SEP,
        f"track {enc.time}",
        SEP,
        (state, "$text-error" if enc.in_combat else "$text-success"),
        SEP,
        dice,
        SEP,
        (path.name if path is not None else "not saved", DIM),
    )


class StatusBar(Static):
    DEFAULT_CSS = """
    StatusBar { height: 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._key: tuple[object, ...] | None = None

    def show(self, enc: Encounter, dice_mode: str, seed: int | None, path: Path | None) -> None:
        key = (enc.name, enc.day, enc.time, enc.in_combat, enc.outcome, dice_mode, seed, path)
        if key != self._key:
            self._key = key
            self.update(status_text(enc, dice_mode, seed, path), layout=False)

"""The top line: which encounter, which day, where the track is, which dice, which file,
and whether the fight on screen is unsaved (a failed autosave)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from textual.content import Content
from textual.widgets import Static

from rules.model.state import Encounter
from tracker.host.dialog_host import ReportsUnsaved

DIM = "$foreground-muted"  # quiet, never faint: dim fell under 4.5:1 (issue 27)
SEP = (" │ ", DIM)


def status_text(enc: Encounter, dice_mode: str, seed: int | None, path: Path | None) -> Content:
    """Everything the GM checks at a glance; the dice mode is always visible (C, A1)."""
    state = "in combat" if enc.in_combat else (f"ended: {enc.outcome}" if enc.outcome else "calm")
    if dice_mode == "physical":
        dice = ("dice: PHYSICAL (type faces)", "bold $text on $warning")  # theme colours
    else:
        label = "dice: virtual" + (f" (seed {seed})" if seed is not None else "")
        dice = (label, "$text-success")
    party = f" ⚑ {enc.party.name}" if enc.party is not None else ""  # writes back (issue 17)
    return Content.assemble(
        (f" {enc.name}", "bold"),
        (party, "$text-success"),
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


def unsaved_notice(since: datetime) -> str:
    """What a failed autosave leaves on screen until a save works (the toast goes)."""
    return f"unsaved since {since.strftime('%H:%M')} — ctrl+s to save elsewhere"


class StatusBar(Static):
    """The top line; also says, until a save succeeds, that the fight is not on disk."""

    DEFAULT_CSS = """
    StatusBar { height: 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._key: tuple[object, ...] | None = None
        self._shown: tuple[Encounter, str, int | None, Path | None] | None = None
        self._unsaved: datetime | None = None
        self._busy: str | None = None  # "⏳ Passing time: …" while a worker runs (issue 23)

    def on_mount(self) -> None:
        if isinstance(self.app, ReportsUnsaved):  # the tracker app, not a bare test host
            self.watch(self.app, "unsaved_since", self._unsaved_since, init=True)

    def _unsaved_since(self, since: datetime | None) -> None:
        self._unsaved = since
        if self._shown is not None:
            self.show(*self._shown)

    def busy(self, text: str | None) -> None:
        """Say first what runs in the background (None: nothing does)."""
        self._busy = text
        if self._shown is not None:
            self.show(*self._shown)

    def show(self, enc: Encounter, dice_mode: str, seed: int | None, path: Path | None) -> None:
        self._shown = (enc, dice_mode, seed, path)
        fight = (enc.name, enc.party, enc.day, enc.time, enc.in_combat, enc.outcome)
        key = (*fight, dice_mode, seed, path, self._unsaved, self._busy)
        if key != self._key:
            self._key = key
            text = status_text(enc, dice_mode, seed, path)
            if self._unsaved is not None:  # first: a narrow terminal cuts the end off
                notice = (f" {unsaved_notice(self._unsaved)}", "bold $text-error")
                text = Content.assemble(notice, (" │", DIM)) + text
            if self._busy is not None:
                text = Content.assemble((f" {self._busy}", "bold $text-warning"), SEP) + text
            self.update(text, layout=False)

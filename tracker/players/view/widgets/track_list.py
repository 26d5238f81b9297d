"""The players' Time Track: the next opportunities by time, those acting now marked ▶.

A list, not the GM's ruler: it reads the same at 80 columns and on a phone, and
it shows only what the rules let players see (`rules.engine.questions.public_view`).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from rules.engine.questions import PublicView


def track_text(view: PublicView) -> Text:
    text = Text()  # a long name ends in … (the CSS), never wraps
    text.append("Time Track\n", Style(bold=True, underline=True))
    if not view.in_combat:
        text.append("(no fight under way)")
        return text
    if not view.track:
        text.append("(nobody on the track)")
    for mark in view.track:
        glyph = "▶" if mark.now else ("♦" if mark.kind == "bleed" else " ")
        what = " bleeds" if mark.kind == "bleed" else ""
        style = Style(bold=True, reverse=True) if mark.now else Style(bold=mark.party)
        text.append(f"{glyph}{mark.time:>4}  {mark.who}{what}\n", style)
    return text


class TrackList(Static):
    DEFAULT_CSS = (
        "TrackList { padding: 0 1; height: auto; text-wrap: nowrap; text-overflow: ellipsis; }"
    )

    def show(self, view: PublicView) -> None:
        self.update(track_text(view))

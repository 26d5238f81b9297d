"""A dialog line that wraps only between its words, never inside a name or a formula.

Textual (like Rich) breaks lines at any whitespace, the non-breaking space
included, so "Scraver thug 2" could end a line at "thug" and start the next
with "2". Callers join the words of a unit with `NBSP` (`keep`); `pack` wraps
at ordinary spaces only and shows each kept space as a plain one.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import RenderResult
from textual.geometry import Size
from textual.widgets import Static

NBSP = "\u00a0"


def keep(text: str) -> str:
    """One unit the line must not break: its spaces become non-breaking."""
    return text.replace(" ", NBSP)


def pack(text: str, width: int) -> list[str]:
    """Greedy wrap at ordinary spaces; a unit wider than the line stands alone on it."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and cell_len(line) + 1 + cell_len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return [x.replace(NBSP, " ") for x in lines]


class KeptLine(Static):
    """A Static whose text wraps by `pack`, so names and formulas stay whole."""

    _width_hint = 0  # the width layout last asked about, before the widget is sized

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._width_hint = width
        text = str(self.content)
        return len(pack(text, width)) if text and width else 0

    def render(self) -> RenderResult:
        text = str(self.content)
        width = self.content_size.width or self._width_hint
        return "\n".join(pack(text, width)) if width else text.replace(NBSP, " ")

"""Rich Text as a widget's lines: one strip per line, cut with an ellipsis where too long.

Why: a widget whose `render` returns Text is drawn by Textual through its Content
(the Text converted, wrapped, styled span by span, then cut). Drawn here, the odds
view's twelve lines cost ~0.6 ms less a draw (4.2 -> 3.6 ms with its border, at
200 combatants; issue 27: dialog_open_ms): Rich renders each line's segments once
and the line is cut as Textual's `text-wrap: nowrap; text-overflow: ellipsis` cuts it
(`Content.truncate`: the line's first width - 1 cells, then "…" in the style of
the character that follows them). For text without tabs or control characters,
which Content expands or drops: a test compares the two cell by cell.
"""

from __future__ import annotations

from rich.cells import set_cell_size
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

ELLIPSIS = "…"


def text_lines(text: Text, width: int, base: Style, console: Console) -> list[Strip]:
    """Each line of `text` over `base`, at most `width` cells: cut with an ellipsis when
    longer (Textual's styles cache pads a shorter one, as it pads Textual's own)."""
    return [_line(line, width, base, console) for line in text.split("\n", allow_blank=True)]


def _line(line: Text, width: int, base: Style, console: Console) -> Strip:
    # Rich leaves the Text's own style off a line with no spans: laid under each segment
    under = base + console.get_style(line.style) if line.style else base
    strip = Strip(line.render(console, end="")).apply_style(under)
    if strip.cell_length > width > 0:
        kept = set_cell_size(line.plain, width - 1)  # what Content.truncate keeps
        ellipsis = Segment(ELLIPSIS, _style_at(strip, len(kept)) or base)
        strip = Strip([*strip.crop(0, width - 1), ellipsis])
    return strip


def _style_at(strip: Strip, index: int) -> Style | None:
    """The style of the character at `index` of the line (Content trims its spans by
    character, so the ellipsis takes that character's, whatever its width)."""
    start = 0
    for segment in strip:
        start += len(segment.text)
        if index < start:
            return segment.style
    return None

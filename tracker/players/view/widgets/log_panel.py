"""The public log: the last lines players may read, newest FIRST (what fits on a small screen
is what just happened), with the dice they may see.

Each line's tone (`PublicLine.tone`, the rules' word for what kind of line it is) gives
it a mark and a style, so the log reads at a glance: a turn bold, an attack plain, harm
in the theme's error colour, care in its success colour, a roll quieter, the scene in
italics. The time stands in a gutter of its own, and a line that wraps starts again
under its text, not under the time: the gutter stays a column of times.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from rules.engine.questions import PublicLine, PublicView, Tone
from tracker.players.view.widgets.headings import heading

SHOWN = 40  # the last lines: the table reads the latest, the GM's screen keeps the rest
TIME_STYLE = "$pv-muted"
FACES_STYLE = "bold"

# tone -> (its mark, the mark's style, the text's style); every colour a theme variable.
TONE_MARKS: dict[Tone, tuple[str, str, str]] = {
    "turn": ("▶", "bold $pv-turn", "bold $foreground"),
    "attack": ("»", "bold $pv-attack", "$foreground"),
    "harm": ("✖", "bold $pv-harm", "$pv-harm"),
    "care": ("✚", "bold $pv-care", "$pv-care"),
    "roll": ("◇", "$pv-muted", "$pv-muted"),
    "scene": ("·", "$foreground", "italic $foreground"),
}
GUTTER = 7  # `  12 ▶ `: four digits of time, the mark, a space either side


def line_rows(line: PublicLine, width: int) -> list[Content]:
    """One log line as the rows it takes at `width`: the time and mark, then its text
    (and dice) wrapped, each further row indented under the text."""
    mark, mark_style, text_style = TONE_MARKS.get(line.tone, TONE_MARKS["scene"])
    when = "" if line.time is None else str(line.time)
    body = Content.styled(line.text, text_style)
    if line.faces:
        faces = Content.styled(f"[{' '.join(map(str, line.faces))}]", FACES_STYLE)
        body = Content.assemble(body, "  ", faces)
    rows = body.wrap(max(8, width - GUTTER)) or [Content("")]
    first = Content.assemble((f"{when:>4} ", TIME_STYLE), (mark, mark_style), " ", rows[0])
    return [first, *(Content.assemble(" " * GUTTER, row) for row in rows[1:])]


def log_content(view: PublicView, width: int = 80) -> Content:
    rows = [heading("Log (newest first)")]
    for line in reversed(view.log[-SHOWN:]):
        rows.extend(line_rows(line, width))
    return Content("\n").join(rows)


class LogPanel(Widget):
    DEFAULT_CSS = "LogPanel { padding: 0 1; height: auto; }"

    view: PublicView | None = None

    def show(self, view: PublicView) -> None:
        self.view = view
        self.refresh(layout=True)

    def _content(self, width: int) -> Content:
        return Content("") if self.view is None else log_content(self.view, width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._content(width).wrap(width)) if width else 0

    def render(self) -> Content:
        return self._content(self.content_size.width or 80)

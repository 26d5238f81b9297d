"""The public log: the last lines players may read, newest FIRST (what fits on a small screen
is what just happened), with the dice they may see."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from rules.engine.public_view import PublicView
from tracker.players_view.widgets.figures import heading

SHOWN = 40  # the last lines: the table reads the latest, the GM's screen keeps the rest


def log_text(view: PublicView) -> Text:
    text = heading("Log (newest first)")
    for line in reversed(view.log[-SHOWN:]):
        when = "" if line.time is None else f"{line.time:>4} "
        text.append(when, Style(dim=True))
        text.append(line.text)
        if line.faces:
            text.append(f"  [{' '.join(map(str, line.faces))}]", Style(bold=True))
        text.append("\n")
    return text


class LogPanel(Static):
    DEFAULT_CSS = "LogPanel { padding: 0 1; height: auto; }"

    def show(self, view: PublicView) -> None:
        self.update(log_text(view))

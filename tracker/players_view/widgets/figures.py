"""The party's own figures, whole, and the foes as players know them (a name, a word).

Both draw `rules.engine.public_view`'s figures as they come: what a foe hides is
the rules' decision, never this widget's.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from rules.engine.public_view import PartyFigure, PublicView

HEADING = Style(bold=True, underline=True)


GAUGE = 12  # cells: an Endurance bar readable across a room, short enough for a phone
FULL, EMPTY = "█", "░"


def gauge(endurance: tuple[int, int]) -> str:
    """`████████░░░░ End 4/6`: effective Endurance (A9) as a bar of its base; at 0 or
    below the bar is empty (from there each damage calls a demise check, R31)."""
    now, base = endurance
    filled = 0 if base <= 0 else max(0, min(GAUGE, round(GAUGE * now / base)))
    return f"{FULL * filled}{EMPTY * (GAUGE - filled)} End {now}/{base}"


def figure_lines(p: PartyFigure, text: Text) -> None:
    text.append(f"{p.name}", Style(bold=True))
    text.append(f"  {p.level}\n")
    parts = [] if p.endurance is None else [gauge(p.endurance)]  # on the WP line: no line more
    parts.append(f"WP {p.wp}")
    if p.stat_penalty:
        parts.append(f"stats -{p.stat_penalty}")
    if p.bleeding:
        parts.append(f"bleeding {p.bleeding}/10 TU")
    if p.luck is not None:
        parts.append(f"luck {p.luck:+d}")
    text.append("  " + " · ".join(parts) + "\n")
    if p.chance:
        text.append(f"  chance: {p.chance}\n")
    if p.conditions:
        text.append("  " + ", ".join(p.conditions) + "\n")


def heading(words: str) -> Text:
    """A Text that starts with `words` as a heading: the style is the heading's span's,
    never the Text's own, or every line after it is drawn bold and underlined too."""
    text = Text()
    text.append(words + "\n", HEADING)
    return text


def party_text(view: PublicView) -> Text:
    text = heading("The party")
    if not view.party:
        text.append("(nobody)\n")
    for p in view.party:
        figure_lines(p, text)
    return text


def foes_text(view: PublicView) -> Text:
    text = heading("Others")
    if not view.foes:
        text.append("(none in sight)\n")
    for foe in view.foes:
        if foe.figures is not None:
            figure_lines(foe.figures, text)
        else:
            text.append(foe.name, Style(bold=True))
            text.append(f"  {foe.level}\n")
    return text


class PartyList(Static):
    DEFAULT_CSS = "PartyList { padding: 0 1; height: auto; }"

    def show(self, view: PublicView) -> None:
        self.update(party_text(view))


class FoeList(Static):
    DEFAULT_CSS = "FoeList { padding: 0 1; height: auto; }"

    def show(self, view: PublicView) -> None:
        self.update(foes_text(view))

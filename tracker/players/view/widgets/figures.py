"""What a card says of one figure (a party member, or a foe whose numbers the GM revealed),
line by line, fitted to the card's width: its wound level in words, the Endurance bar and
the WP taken, bleeding (loud), stat penalty, luck, chance dice and conditions.

It draws `rules.engine.questions.public_view`'s figures as they come: what a foe hides is the
rules' decision, never this module's. Every colour is a theme variable, and every state
is said in words or a glyph as well (a bar's length, `♦ bleeding`, `✓`).
"""

from __future__ import annotations

from textual.content import Content

from rules.engine.questions import PartyFigure

GAUGE = 12  # cells: the bar's length where the card has no room to spare
MIN_BAR = 6  # the shortest bar a card draws
FULL, EMPTY = "█", "░"

# The wound word's style, worst loudest (the word is there either way).
LEVEL_STYLE: dict[str, str] = {
    "unhurt": "$pv-care",
    "bruised": "$foreground",
    "bleeding": "bold $pv-warn",
    "badly hurt": "bold $pv-harm",
    "out of the fight": "italic $foreground",
    "down": "bold $pv-harm",
}
BLEEDING = "bold reverse $pv-harm"  # a band: seen across the room
CHANCE_WORD = {"available": "✓", "used": "used", "locked": "locked"}


def filled_cells(endurance: tuple[int, int], cells: int = GAUGE) -> int:
    """How many of `cells` the bar fills: effective Endurance (A9) of its base; at 0 or
    below none (from there each damage calls a demise check, R31)."""
    now, base = endurance
    return 0 if base <= 0 else max(0, min(cells, round(cells * now / base)))


def gauge(endurance: tuple[int, int], cells: int = GAUGE) -> str:
    """`████████░░░░`: the bar alone, `cells` long."""
    filled = filled_cells(endurance, cells)
    return FULL * filled + EMPTY * (cells - filled)


def bar_style(endurance: tuple[int, int]) -> str:
    """Green while above half, amber at half or less (A16: badly hurt), red at 0."""
    now, base = endurance
    if now <= 0:
        return "$pv-harm"
    return "$pv-warn" if now * 2 <= base else "$pv-care"


def chance_text(chance: str, width: int) -> str:
    """The rules' "combat available, roleplay used" as `chance: combat ✓ roleplay used`,
    or `chance C✓ Rused` where the card is narrow; anything else as it came."""
    parts = [p.split() for p in chance.split(", ")]
    if not all(len(p) == 2 and p[1] in CHANCE_WORD for p in parts):
        return f"chance: {chance}"
    long = "chance: " + " ".join(f"{die} {CHANCE_WORD[state]}" for die, state in parts)
    if len(long) <= width:
        return long
    return "chance " + " ".join(f"{die[0].upper()}{CHANCE_WORD[state]}" for die, state in parts)


def _spread(left: Content, right: str, width: int) -> Content:
    """`left` and `right` on one line, `right` against the card's right edge if it fits."""
    room = width - left.cell_length - len(right)
    if room < 1:
        return Content.assemble(left, " ", right)
    return Content.assemble(left, " " * room, right)


def figure_lines(p: PartyFigure, width: int) -> list[Content]:
    """The card's lines for `p` at `width` columns (they wrap no further)."""
    width = max(width, 12)
    word = Content.styled(p.level, LEVEL_STYLE.get(p.level, "$foreground"))
    lines: list[Content] = []
    if p.endurance is not None:
        now, base = p.endurance
        lines.append(_spread(word, f"End {now}/{base}", width))
        number = f" WP taken {p.wp}"
        cells = max(MIN_BAR, width - len(number))
        filled = filled_cells(p.endurance, cells)
        lines.append(
            Content.assemble(
                (FULL * filled, bar_style(p.endurance)),
                (EMPTY * (cells - filled), "$pv-muted"),
                (number, "bold"),
            )
        )
    else:  # a foe's revealed numbers: no stats, so no Endurance and no bar
        lines.append(_spread(word, f"WP taken {p.wp}", width))
    if p.bleeding:
        lines.append(Content.styled(f" ♦ bleeding {p.bleeding}/10 TU ", BLEEDING))
    small = [f"stats -{p.stat_penalty}"] if p.stat_penalty else []
    if p.luck is not None:
        small.append(f"luck {p.luck:+d}")
    if small:
        lines.append(Content(" · ".join(small)))
    if p.chance:
        lines.append(Content(chance_text(p.chance, width)))
    if p.conditions:
        lines.append(Content.styled(", ".join(p.conditions), "italic"))
    return lines


def figure_content(p: PartyFigure, width: int) -> Content:
    return Content("\n").join(figure_lines(p, width))

"""A name in letters three rows tall, drawn with heavy box lines (as Textual's `Digits`
draws numbers), so who acts now reads from across a room.

Only what the font has: A-Z (a name's case and accents dropped: "Zoë" is ZOE), 0-9,
space, hyphen, apostrophe, full stop and comma. A name with anything else, or one
wider than the room it has, is not drawn big (`big` says None) and the caller writes
it in plain bold type instead: a name is never cut or guessed at.
"""

from __future__ import annotations

import unicodedata

ROWS = 3
GAP = " "  # between two letters

# Each glyph: its three rows, all the same width.
FONT: dict[str, tuple[str, str, str]] = {
    "A": ("┏━┓", "┣━┫", "╹ ╹"),
    "B": ("┳━┓", "┣━┫", "┻━┛"),
    "C": ("┏━╸", "┃  ", "┗━╸"),
    "D": ("┳━┓", "┃ ┃", "┻━┛"),
    "E": ("┏━╸", "┣━╸", "┗━╸"),
    "F": ("┏━╸", "┣━╸", "╹  "),
    "G": ("┏━╸", "┃╺┓", "┗━┛"),
    "H": ("╻ ╻", "┣━┫", "╹ ╹"),
    "I": ("╺┳╸", " ┃ ", "╺┻╸"),
    "J": ("  ╻", "  ┃", "┗━┛"),
    "K": ("╻┏╸", "┣┫ ", "╹┗╸"),
    "L": ("╻  ", "┃  ", "┗━╸"),
    "M": ("┏┳┓", "┃┃┃", "╹╹╹"),
    "N": ("┏┓╻", "┃┃┃", "╹┗┛"),
    "O": ("┏━┓", "┃ ┃", "┗━┛"),
    "P": ("┏━┓", "┣━┛", "╹  "),
    "Q": ("┏━┓", "┃ ┃", "┗━╋"),
    "R": ("┏━┓", "┣┳┛", "╹┗╸"),
    "S": ("┏━╸", "┗━┓", "╺━┛"),
    "T": ("╺┳╸", " ┃ ", " ╹ "),
    "U": ("╻ ╻", "┃ ┃", "┗━┛"),
    "V": ("╻  ╻", "┗┓┏┛", " ┗┛ "),
    "W": ("╻ ╻ ╻", "┃ ┃ ┃", "┗━┻━┛"),
    "X": ("┓ ┏", " ╋ ", "┛ ┗"),
    "Y": ("╻ ╻", "┗┳┛", " ╹ "),
    "Z": ("╺━┓", " ╱ ", "┗━╸"),  # a diagonal: not the 2
    "0": ("┏━┓", "┃ ┃", "┗━┛"),
    "1": ("╺┓ ", " ┃ ", "╺┻╸"),
    "2": ("╺━┓", "┏━┛", "┗━╸"),
    "3": ("╺━┓", " ━┫", "╺━┛"),
    "4": ("╻ ╻", "┗━┫", "  ╹"),
    "5": ("┏━╸", "┗━┓", "╺━┛"),
    "6": ("┏━╸", "┣━┓", "┗━┛"),
    "7": ("╺━┓", "  ┃", "  ╹"),
    "8": ("┏━┓", "┣━┫", "┗━┛"),
    "9": ("┏━┓", "┗━┫", "╺━┛"),
    " ": ("  ", "  ", "  "),
    "-": ("   ", "╺━╸", "   "),
    "'": ("╻", " ", " "),
    ".": (" ", " ", "╻"),
    ",": (" ", " ", "┛"),
}


def _plain(text: str) -> str:
    """Upper case, accents dropped (NFKD without its combining marks)."""
    decomposed = unicodedata.normalize("NFKD", text.upper())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def big(text: str, width: int | None = None) -> tuple[str, str, str] | None:
    """`text` as three rows of big letters, or None when the font lacks one of its
    characters or the rows would be wider than `width`."""
    letters = _plain(text.strip())
    if not letters or any(ch not in FONT for ch in letters):
        return None
    glyphs = [FONT[ch] for ch in letters]
    rows = tuple(GAP.join(g[row] for g in glyphs) for row in range(ROWS))
    if width is not None and len(rows[0]) > width:
        return None
    return rows[0], rows[1], rows[2]


def big_width(text: str) -> int | None:
    """How many columns `big(text)` takes, or None when it cannot be drawn big."""
    rows = big(text)
    return None if rows is None else len(rows[0])

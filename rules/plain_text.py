"""Text a GM types that the screen will draw: names and notes hold no control characters.

A name is drawn on the track, the roster and the log; an escape sequence in it
(`\x1b[2J`, pasted or from a hostile save) would be written to the terminal and
garble the screen, and a bidi override (U+202E) would draw the log line
backwards. So such characters are refused, with the character named, wherever
a name or note enters: a form, a command, a save file.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, Field

# Unicode's "Other, control" (C0, DEL, C1) and the bidirectional formatting marks.
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str) -> str:
    """`text` unchanged, or a ValueError naming the first character the screen cannot draw."""
    for index, char in enumerate(text):
        if unicodedata.category(char) == "Cc" or char in _BIDI:
            raise ValueError(
                f"has a control character (U+{ord(char):04X}) at position {index + 1}:"
                " type letters, digits, spaces and punctuation"
            )
    return text


NAME_MAX = 60

Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX), AfterValidator(printable)]
ShortText = Annotated[str, Field(max_length=NAME_MAX), AfterValidator(printable)]  # may be ""
Note = Annotated[str, Field(max_length=2000), AfterValidator(printable)]

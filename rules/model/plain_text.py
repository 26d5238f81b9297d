"""Text a GM types that the screen will draw: names and notes hold no control characters.

A name is drawn on the track, the roster and the log; an escape sequence in it
(`\x1b[2J`, pasted or from a hostile save) would be written to the terminal and
garble the screen, and a bidi override (U+202E) would draw the log line
backwards. So such characters are refused, with the character named, wherever
a name or note enters: a form, a command, a save file.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field

# Unicode's "Other, control" (C0, DEL, C1) and the bidirectional formatting marks: the
# pattern pydantic-core checks in Rust (no Python call per name: a saves folder of
# thousands is validated name by name), and the same set for the message.
PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f\u{61c}\u{200e}\u{200f}\u{202a}-\u{202e}\u{2066}-\u{2069}]*$"
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def problem(text: str) -> str:
    """Why the screen cannot draw `text` ('' when it can): the first such character."""
    found = _UNPRINTABLE.search(text)
    if found is None:
        return ""
    return (
        f"has a control character (U+{ord(found.group()):04X}) at position {found.start() + 1}:"
        " type letters, digits, spaces and punctuation"
    )


def printable(text: str) -> str:
    """`text` unchanged, or a ValueError naming the first character the screen cannot draw."""
    why = problem(text)
    if why:
        raise ValueError(why)
    return text


NAME_MAX = 60

Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX, pattern=PRINTABLE)]
ShortText = Annotated[str, Field(max_length=NAME_MAX, pattern=PRINTABLE)]  # may be ""
Note = Annotated[str, Field(max_length=2000, pattern=PRINTABLE)]

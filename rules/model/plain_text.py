"""The one rule for text a GM types: names, reasons, notes, effect names, reminder lines.

A name is drawn on the track, the roster and the log; an escape sequence in it
(`\x1b[2J`, pasted or from a hostile save) would be written to the terminal and
garble the screen, and a bidi override (U+202E) would draw the log line
backwards. A lone surrogate (`\udcff`, what a stray byte of a bad paste decodes
to) is no text at all: no save can hold it, so once in the log every autosave
failed. So such characters are refused, with the character named, wherever
text enters: a form, a command, a save file. Every text field of a command is
one of the types below (a test walks the union), so no command carries them.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field

# Unicode's "Other, control" (C0, DEL, C1) and the bidirectional formatting marks: the
# pattern pydantic-core checks in Rust (no Python call per name: a saves folder of
# thousands is validated name by name), and the same set for the message.
PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f\u{61c}\u{200e}\u{200f}\u{202a}-\u{202e}\u{2066}-\u{2069}]*$"
# A lone surrogate never reaches the pattern: pydantic-core refuses it first (string_unicode).
_UNPRINTABLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def problem(text: str) -> str:
    """Why the screen cannot draw `text` ('' when it can): the first such character."""
    found = _UNPRINTABLE.search(text)
    if found is None:
        return ""
    code, where = ord(found.group()), found.start() + 1
    if 0xD800 <= code <= 0xDFFF:
        return (
            f"has a broken character (U+{code:04X}, half of a pair) at position {where}:"
            " no file can hold it; type that part again"
        )
    return (
        f"has a control character (U+{code:04X}) at position {where}:"
        " type letters, digits, spaces and punctuation"
    )


def printable(text: str) -> str:
    """`text` unchanged, or a ValueError naming the first character the screen cannot draw."""
    why = problem(text)
    if why:
        raise ValueError(why)
    return text


NAME_MAX = 60
NOTE_MAX = 2000

Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX, pattern=PRINTABLE)]
ShortText = Annotated[str, Field(max_length=NAME_MAX, pattern=PRINTABLE)]  # may be ""
Note = Annotated[str, Field(max_length=NOTE_MAX, pattern=PRINTABLE)]  # a reason, a log note

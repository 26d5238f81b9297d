"""A heading over one part of the players' screen: bold and underlined, it alone.

A `Content` whose style is the heading's own span, never the whole text's, so no line
after it is drawn bold and underlined too (a heading's style spilt onto every party,
foe and log line once: hard to read on a TV or a phone, issue 25).
"""

from __future__ import annotations

from textual.content import Content

HEADING = "bold underline $foreground"


def heading(words: str) -> Content:
    return Content.styled(words, HEADING)

"""The players' screen draws its headings bold and underlined, and nothing after them:
a heading given as the Text's own style spilled onto every party, foe and log line
(hard to read on a TV or a phone, issue 25)."""

from __future__ import annotations

from rich.text import Text

from rules.engine.public_view import public_view
from tests.support.players_view import secret_fight
from tracker.players_view.widgets.figures import foes_text, party_text
from tracker.players_view.widgets.log_panel import log_text


def underlined(text: Text) -> str:
    """The characters of `text` drawn underlined (its own style or a span's)."""
    base = getattr(text.style, "underline", False) or "underline" in str(text.style)
    marks = [bool(base)] * len(text.plain)
    for span in text.spans:
        if "underline" in str(span.style):
            for i in range(span.start, span.end):
                marks[i] = True
    return "".join(ch for ch, on in zip(text.plain, marks, strict=True) if on)


def test_only_the_headings_are_underlined() -> None:
    view = public_view(secret_fight().encounter)
    assert underlined(party_text(view)) == "The party\n"
    assert underlined(foes_text(view)) == "Others\n"
    assert underlined(log_text(view)) == "Log (newest first)\n"

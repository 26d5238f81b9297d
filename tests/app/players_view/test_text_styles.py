"""The players' screen draws its headings bold and underlined, and nothing after them:
a heading given as the whole text's style spilt onto every party, foe and log line
(hard to read on a TV or a phone, issue 25). Read from the drawn content's own spans."""

from __future__ import annotations

from textual.content import Content

from rules.engine.public_view import public_view
from tests.support.players_view import secret_fight
from tests.support.table_fight import table_fight
from tracker.players.view.widgets.figures import figure_content
from tracker.players.view.widgets.foe_list import foes_content
from tracker.players.view.widgets.log_panel import log_content


def underlined(content: Content) -> str:
    """The characters of `content` drawn underlined (by any of its spans)."""
    marks = [False] * len(content.plain)
    for span in content.spans:
        if "underline" in str(span.style).split():
            for i in range(span.start, span.end):
                marks[i] = True
    return "".join(ch for ch, on in zip(content.plain, marks, strict=True) if on)


def test_only_the_headings_are_underlined() -> None:
    for session in (secret_fight(), table_fight()):
        view = public_view(session.encounter)
        assert underlined(foes_content(view)) == "Others"
        assert underlined(log_content(view, 60)) == "Log (newest first)"
        for figure in view.party:
            assert underlined(figure_content(figure, 30)) == ""


def test_no_style_covers_a_whole_log_line_after_the_heading() -> None:
    """Each span ends within its line: no style runs on from one line into the next."""
    content = log_content(public_view(table_fight().encounter), 60)
    ends = [i for i, ch in enumerate(content.plain) if ch == "\n"]
    for span in content.spans:
        assert not any(span.start < end < span.end for end in ends), span

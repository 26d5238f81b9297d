"""The players' log has a visible hierarchy (issue 25): each tone the rules give a line
(`PublicLine.tone`) has its own mark and its own style, read from the drawn content and,
on screen, from the colours and weights the theme gives them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from rules.engine.public_log import PublicLine, Tone
from tests.support.contrast import Run, runs
from tests.support.players_screen import screenshot
from tests.support.table_fight import saved_table_fight
from tracker.players.view.widgets.log_panel import GUTTER, TONE_MARKS, line_rows

TONES: tuple[Tone, ...] = get_args(Tone)


def drawn(tone: Tone) -> tuple[str, str, str]:
    """A line of `tone` as drawn: its mark, the mark's style and its text's style."""
    line = PublicLine(seq=1, time=12, text="Kans the Scraver does a thing", tone=tone)
    row = line_rows(line, 60)[0]
    mark = row.plain[GUTTER - 2]
    styles = {str(s.style) for s in row.spans if s.start <= GUTTER - 2 < s.end}
    text = {str(s.style) for s in row.spans if s.start <= GUTTER < s.end}
    return mark, "+".join(sorted(styles)), "+".join(sorted(text))


def test_every_tone_the_rules_give_has_a_mark() -> None:
    assert set(TONE_MARKS) == set(TONES)


@pytest.mark.parametrize("tone", TONES)
def test_each_tone_is_drawn_unlike_every_other(tone: Tone) -> None:
    mark, mark_style, text_style = drawn(tone)
    assert mark == TONE_MARKS[tone][0] and mark.strip()
    for other in TONES:
        if other != tone:
            assert drawn(other)[0] != mark  # a mark of its own, seen without colour
            assert drawn(other)[1:] != (mark_style, text_style)


def test_the_time_stands_in_its_gutter_and_a_wrapped_line_under_its_text() -> None:
    line = PublicLine(seq=1, time=7, text="word " * 30, faces=(3, 10), tone="harm")
    rows = [r.plain for r in line_rows(line, 40)]
    assert rows[0].startswith("   7 ✖ word") and len(rows) > 2
    assert all(r.startswith(" " * GUTTER) and r[GUTTER] != " " for r in rows[1:])
    assert rows[-1].endswith("[3 10]")  # the dice after the words
    assert all(len(r) <= 40 for r in rows)


async def test_on_screen_harm_care_rolls_and_turns_look_different(tmp_path: Path) -> None:
    """In the dark theme and the light: harm, care and roll text each in a colour of its
    own, a turn bold (its class differs from an attack's)."""
    path = saved_table_fight(tmp_path)
    for theme in ("textual-dark", "textual-light"):
        svg = await screenshot(path, (120, 40), theme)
        found = {r.text: r for r in runs(svg)}

        def colour(start: str, found: dict[str, Run] = found) -> str:
            return next(r.fg for text, r in found.items() if text.startswith(start))

        harm = colour("Ana bleeds")
        care = colour("Kans the Scraver&#x27;s bleeding slows")
        roll = colour("Baron Molin rolls Melee")
        attack = colour("Kans the Scraver does not parry")
        assert len({harm, care, roll, attack}) == 4, theme
        assert "bold" in rule(svg, "Track 7: Action")  # a turn
        assert "bold" not in rule(svg, "Kans the Scraver does not parry")  # an attack


def rule(svg: str, start: str) -> str:
    """The CSS the export gives the class of the run that starts with `start`."""
    raw = re.escape(start.replace(" ", "&#160;"))
    cls = re.search(rf'<text class="([\w-]+)"[^>]*>{raw}', svg)
    assert cls is not None, start
    found = re.search(rf"\.{cls.group(1)} {{([^}}]*)}}", svg)
    assert found is not None, cls.group(1)
    return found.group(1)

"""`text_lines` draws a Rich Text cell for cell as Textual draws it with `text-wrap: nowrap;
text-overflow: ellipsis` (issue 27: the odds view's lines, ~3 ms a dialog cheaper)."""

from __future__ import annotations

import random

import pytest
from rich.color import ColorSystem
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from tracker.widgets.odds import OddsView
from tracker.widgets.text_lines import text_lines

WORDS = ("Success", "97.60%", "SS 1..4", "▒▒▒", "███▍", "goal 5", "·", "−4", "E[VS]", "界", " ")
STYLES = (
    Style(bold=True),
    Style(color="red"),
    Style(color="#8ad4a1", bold=True),
    Style(italic=True, bgcolor="blue"),
    None,
)


class Probe(Widget):
    DEFAULT_CSS = "Probe { text-wrap: nowrap; text-overflow: ellipsis; }"


class ProbeApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Probe()


def _cells(strip: Strip) -> list[str]:
    """Each cell as a terminal gets it: its character in its style's escape codes (Rich
    names the colour `red`, Textual `color(1)`: the same code; meta is not drawn)."""
    return [
        (seg.style or Style()).render(char, color_system=ColorSystem.TRUECOLOR)
        for seg in strip
        for char in seg.text
    ]


def _text(rng: random.Random) -> Text:
    text = Text(style=rng.choice(("", "bold", "italic")))
    for _ in range(rng.randrange(1, 6)):  # lines
        for _ in range(rng.randrange(0, 7)):
            text.append(rng.choice(WORDS) + " " * rng.randrange(2), style=rng.choice(STYLES))
        text.append("\n")
    return text


async def test_text_lines_match_textuals_own_drawing() -> None:
    """300 random texts (styled spans, a base style, wide characters, blank lines) at
    random widths: every cell, cut or not, is the one Textual's Content route draws."""
    rng = random.Random(27)
    async with ProbeApp().run_test(size=(80, 10)) as pilot:
        probe = pilot.app.query_one(Probe)
        base = probe.visual_style
        compared = cut = 0
        for _ in range(300):
            text, width = _text(rng), rng.randrange(1, 40)
            theirs = Visual.to_strips(probe, visualize(probe, text), width, None, base)
            mine = text_lines(text, width, base.rich_style, pilot.app.console)
            assert [_cells(s) for s in mine] == [_cells(s) for s in theirs[: len(mine)]]
            compared += 1
            cut += any(line.cell_len > width for line in text.split("\n"))
        assert compared == 300 and cut > 50  # many lines were cut with the ellipsis


class OddsApp(App[None]):
    def compose(self) -> ComposeResult:
        view = OddsView(id="odds")
        view.stat_name, view.stat, view.dice, view.goal = "Dexterity", 8, 6, 5
        view.modifier, view.special, view.note = -4, "chance-combat", "−4 (actions, A8)"
        yield view


async def test_the_odds_view_draws_its_lines_as_textual_would_without_its_content_route(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every width from too narrow to wide: the odds view's own lines are Textual's, cell
    for cell; and drawing them never goes through Textual's Content route."""
    routed: list[object] = []
    to_strips = Visual.to_strips.__func__  # type: ignore[attr-defined]

    def recorded(cls: type[Visual], /, widget: Widget, *args: object, **kwargs: object) -> object:
        routed.append(widget)
        return to_strips(cls, widget, *args, **kwargs)

    cut: list[int] = []
    async with OddsApp().run_test(size=(80, 16)) as pilot:
        view = pilot.app.query_one(OddsView)
        monkeypatch.setattr(Visual, "to_strips", classmethod(recorded))
        for width in (20, 31, 40, 58, 78):
            view.styles.width = width
            await pilot.pause()
            mine = [view.render_line(y) for y in range(view.size.height)]
            assert view not in routed
            width_now, style = view.size.width, view.visual_style
            theirs = to_strips(Visual, view, visualize(view, view.render()), width_now, None, style)
            assert [_cells(s) for s in mine] == [_cells(s) for s in theirs]
            if any("…" in s.text for s in mine):
                cut.append(width)
        assert 20 in cut and 78 not in cut  # lines were cut when narrow, and only then

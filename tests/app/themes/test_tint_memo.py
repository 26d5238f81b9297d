"""The backdrop behind a dialog (tracker.textual_compat.tint) is drawn exactly as
Textual draws it, in every theme, from the screen's strips with each style tinted
once (issue 27: dialog_open_ms).

With a dialog open over the demo fight, Textual's own backdrop (its
`BackgroundScreen` through Rich) and the `Backdrop` are both turned into the
strips the dialog screen shows, and must be the same strips.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.visual import RichVisual, Visual

from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import until
from tracker.modals.form import Dialog
from tracker.screens.main import MainScreen
from tracker.textual_compat import tint
from tracker.textual_compat.tint import Backdrop

THEMES = ["textual-dark", "textual-light", "catppuccin-latte", "ansi-dark", "tracker-high-contrast"]


@pytest.mark.parametrize("theme", THEMES)
async def test_the_backdrop_is_the_strips_textual_draws(tmp_path: Path, theme: str) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        app.theme = theme
        await pilot.press("b")  # the begin-combat form, over the main screen
        await until(pilot, lambda: isinstance(app.screen, Dialog))
        await pilot.pause()
        dialog = app.screen
        backdrop = dialog._render()
        assert isinstance(backdrop, Backdrop)
        assert backdrop.screen is app.screen_stack[-2]
        textuals = RichVisual(dialog, BackgroundScreen(backdrop.screen, backdrop.color))
        width, height = dialog.size
        style = dialog.visual_style
        own = Visual.to_strips(dialog, textuals, width, height, style)
        for _ in range(2):  # worked out, then remembered
            assert Visual.to_strips(dialog, backdrop, width, height, style) == own
        assert len(own) == height
        assert any(segment.text.strip() for strip in own for segment in strip)


def test_each_style_is_tinted_once_and_as_textual_tints_it() -> None:
    tint._TINTED.clear()
    under = RichStyle(bgcolor="#101010")
    styles = [None, RichStyle(color="#ff0000", bgcolor="#000000", bold=True, link="x")]
    for color in (Color(0, 0, 0, 0.6), Color(10, 20, 30, 0.4), Color(0, 0, 0, 0)):
        for style in styles:
            (own,) = BackgroundScreen.process_segments([Segment("x", style)], color)
            assert tint.tinted(style, color, under) == under + own.style
            assert tint.tinted(style, color, under) is tint.tinted(style, color, under)
    assert len(tint._TINTED) == 6


def test_the_memo_starts_over_past_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tint, "LIMIT", 3)
    tint._TINTED.clear()
    for shade in range(10):
        tint.tinted(RichStyle(color=f"#0000{shade:02x}"), Color(0, 0, 0, 0.5))
        assert len(tint._TINTED) <= 4


async def test_a_dialog_backdrop_is_drawn_by_the_backdrop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[Color] = []
    render_strips = Backdrop.render_strips

    def counted(self: Backdrop, *args: object) -> object:
        drawn.append(self.color)
        return render_strips(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Backdrop, "render_strips", counted)
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        app.theme = "textual-dark"
        await pilot.pause()
        assert drawn == []
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, Dialog) and bool(drawn))
        assert drawn[-1] == app.screen.styles.background

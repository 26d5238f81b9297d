"""The backdrop behind a dialog (tracker.textual_compat.tint) is tinted exactly as
Textual tints it, in every theme, while each style's tint is worked out once
(issue 27: dialog_open_ms).

The main screen of the demo fight is rendered as Textual renders the screen beneath
a modal, and every segment is tinted both ways; the dialog screens use the memo. (An
ANSI theme's modal is transparent, not tinted: Textual draws no backdrop there.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen

from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import until
from tracker.modals.form import Dialog
from tracker.screens.main import MainScreen
from tracker.textual_compat.tint import MemoBackgroundScreen


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "catppuccin-latte"])
async def test_each_segment_is_tinted_as_textual_tints_it(tmp_path: Path, theme: str) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = theme
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()
        console = app.console
        options = console.options.update_dimensions(*SIZE)
        segments = list(console.render(app.screen._compositor, options))
        styles = {segment.style for segment in segments}
        assert len(segments) > 2 * len(styles)  # the memo's point: styles repeat
        for tint in (Color(0, 0, 0, 0.6), Color(10, 20, 30, 0.4), Color(0, 0, 0, 0)):
            own = list(BackgroundScreen.process_segments(segments, tint))
            for _ in range(2):  # worked out, then remembered
                assert list(MemoBackgroundScreen.process_segments(segments, tint)) == own


async def test_a_dialog_backdrop_goes_through_the_memo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tinted: list[Color] = []
    process = MemoBackgroundScreen.process_segments

    def counted(cls: type, segments: object, color: Color) -> object:
        tinted.append(color)
        return process(segments, color)  # type: ignore[arg-type]

    monkeypatch.setattr(MemoBackgroundScreen, "process_segments", classmethod(counted))
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        app.theme = "textual-dark"  # a true-colour theme: an ANSI one draws no backdrop
        await pilot.pause()
        assert tinted == []
        await pilot.press("b")  # the begin-combat form, over the tinted main screen
        await until(pilot, lambda: isinstance(app.screen, Dialog) and bool(tinted))
        assert tinted[-1] == app.screen.styles.background

"""The lines kept for a dialog's backdrop (tracker.textual_compat.kept_lines) are the
lines Textual draws of the screen beneath, whatever changes beneath the dialog, and
only changed lines are drawn again (issue 27: dialog_open_ms)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.renderables.background_screen import BackgroundScreen
from textual.visual import RichVisual, Visual
from textual.widget import Widget
from textual.widgets import Static

from rules.model.commands import NewDay
from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp
from tracker.modals.form import Dialog
from tracker.screens.main import MainScreen
from tracker.textual_compat.kept_lines import Kept, kept_lines
from tracker.textual_compat.tint import Backdrop
from tracker.widgets.event_log import EventLog


def assert_as_textual_draws(app: TrackerApp) -> None:
    """The kept lines are the compositor's own, and the dialog's backdrop is Textual's."""
    main = main_of(app)
    kept = kept_lines(main._compositor)
    kept.update()
    assert kept.lines == main._compositor.render_strips()
    dialog = app.screen
    width, height = dialog.size
    style = dialog.visual_style
    backdrop = dialog._render()
    assert isinstance(backdrop, Backdrop)
    textuals = RichVisual(dialog, BackgroundScreen(backdrop.screen, backdrop.color))
    own = Visual.to_strips(dialog, textuals, width, height, style)
    assert Visual.to_strips(dialog, backdrop, width, height, style) == own


def main_of(app: TrackerApp) -> MainScreen:
    return next(s for s in app.screen_stack if isinstance(s, MainScreen))


async def settled(pilot: Any, app: TrackerApp) -> None:
    """Until no widget beneath waits for its repaint to reach the compositor (until then
    the backdrop may lag Textual's by that repaint: it is drawn again once it lands)."""
    await pilot.pause()
    await until(
        pilot, lambda: not any(w._repaint_required for w in main_of(app).walk_children(Widget))
    )
    await pilot.pause()


async def test_the_kept_backdrop_follows_every_change_beneath_the_dialog(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("b")  # the begin-combat form, over the main screen
        await until(pilot, lambda: isinstance(app.screen, Dialog))
        await settled(pilot, app)
        assert_as_textual_draws(app)
        for change in ("command", "theme", "scroll", "resize", "screen", "light"):
            if change == "command":  # the log, the roster and the status bar beneath
                assert app.run_command(NewDay())
                main_of(app).sync()
            elif change == "theme":
                app.theme = "catppuccin-latte"
            elif change == "scroll":
                main_of(app).query_one(EventLog).scroll_lines(2)
            elif change == "resize":
                await pilot.resize_terminal(100, 30)
            elif change == "screen":  # the screen's own look, under every widget
                main_of(app).styles.background = "darkred"
            else:
                app.theme = "textual-light"
            await settled(pilot, app)
            assert_as_textual_draws(app)


async def test_only_the_changed_lines_are_drawn_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second dialog over an unchanged screen draws none of its lines again; a change
    to the status bar draws its line again, not the screen."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, Dialog))
        await settled(pilot, app)
        main = main_of(app)
        kept = kept_lines(main._compositor)
        kept.update()
        redrawn: list[set[int] | None] = []
        update = Kept.update

        def recorded(self: Kept) -> set[int] | None:
            redrawn.append(update(self))
            return redrawn[-1]

        monkeypatch.setattr(Kept, "update", recorded)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, Dialog) and bool(redrawn))
        await settled(pilot, app)
        assert redrawn[0] is not None and len(redrawn[0]) < 3  # the banner's line at most
        assert_as_textual_draws(app)


class Gaps(App[None]):
    """A screen mostly bare: its own background shows around one small widget."""

    CSS = "Static { width: 12; height: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("a small one")


async def test_the_screens_own_look_is_followed_where_no_widget_covers_it() -> None:
    """A new background for the screen alone: the lines no widget covers change too."""
    async with Gaps().run_test(size=(40, 6)) as pilot:
        screen = pilot.app.screen
        kept = kept_lines(screen._compositor)
        kept.update()
        screen.styles.background = "darkred"
        await pilot.pause()
        kept.update()
        assert kept.lines == screen._compositor.render_strips()
        assert "139" in str(kept.lines[5])  # darkred (139, 0, 0) on a bare line

"""Help lists only keys that do something on the main screen, and the palette offers
"React to the declared action" only when an action is declared (A10)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from rules.model.commands import TakeOpportunity
from tests.support.demo import begin, demo_app
from tests.support.modal_host import until
from tracker.app.commands_palette import TrackerCommands
from tracker.screens.help import HelpScreen
from tracker.screens.main import MainScreen

SIZE = (120, 40)
REACT = "React to the declared action"


async def test_help_leaves_out_keys_that_do_nothing_here(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = str(app.screen.query_one("#keys", Static).render())
        for inert in ("Scroll Left", "Scroll Right", "Page Left", "Page Right", "selected text"):
            assert inert not in keys
        for key in ("ctrl+pageup", "ctrl+pagedown", "ctrl+c", "super+c"):
            assert key not in keys.split()
        assert "Advance" in keys and "New day" in keys  # the real keys stay


async def test_help_says_what_the_short_headers_and_the_log_marks_mean(tmp_path: Path) -> None:
    """Issue 27: "WP" read as hit points to a newcomer; help says "WP taken" and every
    header, side glyph and log mark in words."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        legend = str(app.screen.query_one("#legend", Static).render())
        assert "WP  WP taken: the wound points taken so far" in legend
        for title in ("TTU", "BLR", "AR/H/S", "Shield", "Pen", "CR", "LP"):
            assert f"{title}  " in legend
        assert "✕ enemy" in legend and "✖ harm" in legend and "? a decision" in legend


async def test_react_is_offered_only_with_a_declared_action_A10(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))

        def titles() -> list[str]:
            return [title for title, _, _ in TrackerCommands(app.screen).entries()]

        await begin(pilot)
        enc = app.session.encounter
        assert enc.turn is None  # nothing declared yet
        assert REACT not in titles()
        await pilot.press("r")  # the key says why, and opens nothing
        await pilot.pause(0.1)
        assert isinstance(app.screen, MainScreen)
        assert app.run_command(TakeOpportunity(actor="dinzis", actions=["Attack: knife"]))
        await until(pilot, lambda: REACT in titles())  # the knife attack is declared

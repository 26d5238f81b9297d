"""Snapshots of the act dialogs and the odds view at a fixed size (A8, A10, A2).

No dice are rolled: each picture is a dialog filled in, before it is
submitted. Regenerate with `pytest --snapshot-update` only after looking at
the new pictures.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.pilot import Pilot

from tests.support.act_fixtures import ActHost, a10
from tests.support.modal_host import until
from tests.support.scenes import attack_host, dodge
from tracker.modals.act import OpportunityDialog
from tracker.widgets.odds import OddsView
from tracker.widgets.tones import TonedScreen

SIZE = (120, 40)


def test_opportunity_dialog(snap_compare) -> None:
    """A8/R7: Shoot (3) and Aim (2) ticked: −4 to each roll, cost 3, next at 16."""
    app = ActHost(OpportunityDialog(a10().encounter, "lio"))

    async def tick_two(pilot: Pilot[None]) -> None:
        await pilot.press("space", "down", "space")
        summary = app.screen.query_one("#summary")
        await until(pilot, lambda: "next at 16" in str(summary.render()))

    assert snap_compare(app, terminal_size=SIZE, run_before=tick_two)


def test_attack_dialog_with_a_dodge(snap_compare) -> None:
    """A10: Markon (16 − Dodge 6 = 10 ≤ 13) hits the floor; the odds show both chances."""
    assert snap_compare(attack_host(), terminal_size=SIZE, run_before=dodge)


class OddsScreen(TonedScreen):
    """The odds view alone: Dexterity 8, 6d10, goal 5, −4, a combat chance die, on a
    screen with the theme's tones (as its dialogs are)."""

    def compose(self) -> ComposeResult:
        yield OddsView(id="odds")

    def on_mount(self) -> None:
        odds = self.query_one(OddsView)
        odds.stat_name = "Dexterity"
        odds.stat = 8
        odds.dice = 6
        odds.goal = 5
        odds.modifier = -4
        odds.special = "chance-combat"
        odds.note = "−4 (actions, A8)"


class OddsOnly(App[None]):
    def on_mount(self) -> None:
        self.push_screen(OddsScreen())


def test_odds_view(snap_compare) -> None:
    assert snap_compare(OddsOnly(), terminal_size=(64, 16))


def test_attack_dialog_80x24(snap_compare) -> None:
    """The compact layout (issue 14): at 80×24 the odds sit beside the form, whole and in
    view, the form scrolling on its own; the dodge's chance shows under the bars."""
    assert snap_compare(attack_host(), terminal_size=(80, 24), run_before=dodge)

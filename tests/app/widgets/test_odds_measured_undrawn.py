"""The odds view's height is known without drawing it (issue 27: dialog_open_ms).

Measured by drawing, its draw asked the screen for the widget's region before there
was one, so each act dialog was laid out twice, nested, before its first frame; every
dialog with odds (attack, parry, dodge, skill, check) paid it.
"""

from __future__ import annotations

from textual.app import App, ComposeResult

from tests.support.modal_host import until
from tracker.widgets.odds import LINES, OddsView


class OddsApp(App[None]):
    def compose(self) -> ComposeResult:
        view = OddsView(id="odds")
        view.stat, view.dice, view.goal = 7, 4, 9
        yield view


async def test_the_first_frame_draws_the_odds_once_and_lays_out_once() -> None:
    app = OddsApp()
    draws: list[str] = []
    arranged: list[int] = []
    render = OddsView.render

    def counted(view: OddsView) -> object:
        draws.append("draw")
        return render(view)

    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(OddsView)
        view.render = lambda: counted(view)  # type: ignore[method-assign]
        compositor = app.screen._compositor
        arrange = compositor._arrange_root

        def counted_arrange(*args: object, **kwargs: object) -> object:
            arranged.append(1)
            return arrange(*args, **kwargs)  # type: ignore[arg-type]

        compositor._arrange_root = counted_arrange  # type: ignore[method-assign]
        view.goal = 11  # a new input: measured and drawn again
        await until(pilot, lambda: draws)
        await pilot.pause()
        assert draws == ["draw"]
        assert len(arranged) <= 1
        assert view.outer_size.height == LINES + 2  # its rows and the round border

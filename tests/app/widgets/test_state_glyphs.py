"""Every state a GM must read shows as a glyph or word, not by colour alone.

Ticked / unticked and chosen / unchosen, a bar that succeeds or fails and the
goal line between them: a light theme, a monochrome terminal or a colour-blind
GM loses colour, so each is checked here in plain text. And the log's events
are painted at full strength (only the time stamp is dim).
"""

from __future__ import annotations

from textual.app import App, ComposeResult

from rules.model.event import Event
from rules.model.state import Encounter
from tracker.modals.act.common import ChoiceButton
from tracker.modals.marked_fields import MarkedCheckbox, MarkedRadioButton
from tracker.widgets.event_log import EventLog
from tracker.widgets.odds import OddsView
from tracker.widgets.tones import TonedScreen


class Toggles(App[None]):
    def compose(self) -> ComposeResult:
        yield MarkedCheckbox("on", value=True, id="ticked")
        yield MarkedCheckbox("off", id="unticked")
        yield MarkedRadioButton("chosen", value=True, id="chosen")
        yield ChoiceButton("other", id="other")


async def test_ticked_and_chosen_read_without_colour() -> None:
    app = Toggles()
    async with app.run_test() as pilot:
        glyph = {w.id: str(w.render())[1] for w in app.query("#ticked,#unticked,#chosen,#other")}
        assert glyph == {"ticked": "✔", "unticked": " ", "chosen": "●", "other": "○"}
        box = app.query_one("#unticked", MarkedCheckbox)
        box.toggle()
        await pilot.pause()
        assert str(box.render())[1] == "✔"


class Odds(App[None]):
    def compose(self) -> ComposeResult:
        yield OddsView(id="odds")

    def on_mount(self) -> None:
        odds = self.query_one(OddsView)
        odds.stat, odds.dice, odds.goal = 8, 6, 5


async def test_odds_bars_say_success_failure_and_the_goal() -> None:
    app = Odds()
    async with app.run_test(size=(64, 16)) as pilot:
        odds = app.query_one(OddsView)
        lines = odds.render().plain.splitlines()
        bars = [line for line in lines if "SS " in line]
        failing = [line for line in bars if line.startswith("✗")]
        passing = [line for line in bars if line.startswith("✓")]
        assert failing and passing and len(failing) + len(passing) == len(bars)
        assert all("▒" in line and "█" not in line for line in failing)
        assert all("▒" not in line for line in passing)
        goal = next(i for i, line in enumerate(lines) if "goal 5:" in line)
        assert lines.index(failing[-1]) < goal < lines.index(passing[0])
        with_goal = odds.render().plain.count("\n")
        odds.goal = None  # no goal: 8 bars, no line; the same height, so the dialog never moves
        await pilot.pause()
        assert odds.render().plain.count("\n") == with_goal
        assert "goal" not in odds.render().plain.split("\n", 1)[1]


class LogScreen(TonedScreen):
    """The log alone; its tones come from the screen, as on the main screen."""

    def compose(self) -> ComposeResult:
        yield EventLog(id="log")


class LogApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(LogScreen())


async def test_log_events_are_not_dimmed() -> None:
    """Only the stamp is dim; `Text(stamp, dim) + line` once faded every event."""

    app = LogApp()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        log.show(
            Encounter(
                log=[Event(seq=1, kind="combat", text="Combat begins: Dinzis starts", time=0)]
            )
        )
        await pilot.pause()
        segments = [s for s in log.lines[0] if "Combat begins" in s.text]
        assert segments and all(not s.style.dim for s in segments if s.style)


async def test_the_opportunity_checklist_reads_without_colour() -> None:
    """A8: the actions ticked (Shoot) and not (Aim) differ by glyph, not only colour."""
    from tests.support.act_fixtures import ActHost, a10
    from tests.support.modal_host import until
    from tracker.modals.act import OpportunityDialog
    from tracker.modals.act.opportunity import ActionList

    app = ActHost(OpportunityDialog(a10().encounter, "lio"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: bool(app.screen.query(ActionList)))
        actions = app.screen.query_one(ActionList)
        await pilot.press("space")  # ticks the first row (Shoot)
        await until(pilot, lambda: len(actions.selected) == 1)
        rows = [actions.render_line(y).text for y in range(actions.option_count)]
        assert rows[0].startswith("▐✔▌") and "Shoot" in rows[0]
        assert all(row.startswith("▐ ▌") for row in rows[1:]), rows


async def test_a_theme_change_repaints_the_kept_log_lines() -> None:
    """The log keeps painted lines; switching theme must repaint them in its colours."""

    app = LogApp()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        log.show(Encounter(log=[Event(seq=1, kind="wound", text="Kans takes a Graze", time=0)]))
        await pilot.pause()

        def colour() -> str:
            seg = next(s for s in log.lines[0] if "Graze" in s.text)
            assert seg.style is not None and seg.style.color is not None
            return seg.style.color.get_truecolor().hex

        dark = colour()
        app.theme = "textual-light"
        await pilot.pause()
        assert colour() != dark
        assert colour() == app.get_css_variables()["text-error"].lower()  # harm (issue 27)

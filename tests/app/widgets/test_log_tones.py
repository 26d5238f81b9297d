"""The GM's log says what kind of line each is, by a glyph and a tone (issue 27).

Before, a hit, the damage, a wound and the parry question were all the theme's warning
colour, and a turn, a roll and the GM's own edit were all plain: nothing told them apart.
"""

from __future__ import annotations

from rich.style import Style
from textual.app import App, ComposeResult

from rules.engine.questions import log_tone
from rules.model.event import Event
from tests.support.table_fight import table_fight
from tracker.widgets.event_log import LOG_MARKS, MARK_LEGEND, EventLog, event_text, stamp
from tracker.widgets.tones import TonedScreen


def test_each_kind_a_gm_must_tell_apart_has_its_own_tone() -> None:
    kinds = {
        "opportunity": "turn",
        "hit": "attack",
        "wound": "harm",
        "bleeding": "harm",
        "damage": "harm",
        "staunch": "care",
        "roll": "roll",
        "pending": "decision",
        "edit": "gm",
        "visibility": "gm",
        "reminder": "gm",
        "effect": "note",
        "a-kind-no-one-wrote": "note",
    }
    assert {kind: log_tone(kind) for kind in kinds} == kinds
    glyphs = [mark.glyph for mark in LOG_MARKS.values()]
    assert len(set(glyphs)) == len(glyphs)  # a glyph says the kind without colour
    assert all(
        mark.glyph in MARK_LEGEND and mark.words in MARK_LEGEND for mark in LOG_MARKS.values()
    )


def test_a_fights_log_is_no_longer_one_colour() -> None:
    """The table fight's hit, wound, parry question and turn each read differently."""
    log = table_fight().encounter.log
    first = {e.kind: e for e in reversed(log)}
    shown = {kind: stamp(first[kind])[5] for kind in ("hit", "wound", "pending", "opportunity")}
    assert shown == {"hit": "»", "wound": "✖", "pending": "?", "opportunity": "▶"}


class LogHost(App[None]):
    def get_default_screen(self) -> TonedScreen:
        return LogScreen()


class LogScreen(TonedScreen):
    def compose(self) -> ComposeResult:
        yield EventLog()


async def test_harm_care_and_a_decision_are_three_colours_of_the_theme() -> None:
    app = LogHost()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        palette = app.screen.query_one(EventLog).palette

        def colour(kind: str) -> str:
            style = event_text(Event(1, 0, kind, "x"), palette).style
            assert isinstance(style, Style) and style.color is not None
            return style.color.get_truecolor().hex

        css = app.get_css_variables()
        assert colour("wound") == css["text-error"].lower()
        assert colour("staunch") == css["text-success"].lower()
        assert colour("pending") == css["text-accent"].lower()
        assert colour("hit") == css["foreground"].lower()

"""The log's gutter and its Markdown export show when passing time did each thing (issue 15)."""

from __future__ import annotations

from rules.model.commands import EndCombat
from rules.model.effect_commands import PassTime
from tests.support.attack_fights import fight, fighter
from tests.support.engine_steps import do
from tracker.widgets.event_log import stamp
from tracker.widgets.log_markdown import log_markdown


def test_bleeding_between_fights_is_stamped_in_the_gutter_and_the_export() -> None:
    s = fight(7, fighter("lio", 9), fighter("bo", 8, bleed_rate=1, bleed_anchor=0))
    do(s, EndCombat(outcome="victory"))
    do(s, PassTime(amount=15))
    ended, bled, passed = s.encounter.log[-3:]  # bleeding at 10 and 20 (A14): one line
    assert [stamp(e) for e in (ended, bled, passed)] == ["   7 ▶ ", "  22 ✖ ", "  22 ▶ "]
    markdown = log_markdown(s.encounter)  # a passage's tally: logged as it ends, its span said
    assert (
        f"| {bled.seq} | 22 | Bo bled 2 WP in 2 ticks (track 10 → 20, BLR 1, A14) → total 2 WP |  |"
    ) in markdown

"""The ruler draws every tick of an effect in its window, not only the next (issue 15).

The first tick is a labelled mark (✶On fire); the later ones are the glyph alone, not
bold, under every other mark, never labelled and never in the headline: a tick every
2 TU over a 20-column ruler marks the ruler line and leaves the labels as they were.
"""

from __future__ import annotations

from textual.geometry import Size

from rules.engine.effects_ahead import ticks_between
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import on_fire
from tests.support.engine_steps import do
from tracker.widgets.time_track import TimeTrack


class _Sized(TimeTrack):
    """The track as laid out 20 columns wide with two label lanes, unmounted."""

    @property
    def size(self) -> Size:
        return Size(20, 5)


def _track(*effects: object) -> tuple[TimeTrack, list[str]]:
    s = fight(0, fighter("lio", 0), fighter("bo", 12))
    for effect in effects:
        do(s, effect)
    track = _Sized()
    track._enc = s.encounter
    return track, [line.plain for line in track.lines()]


def test_a_tick_every_2_tu_is_drawn_at_each_of_its_times_on_a_20_column_ruler() -> None:
    track, (headline, _numbers, ruler, *lanes) = _track(on_fire("bo", every=2))
    enc = track._enc
    assert enc is not None
    columns = [i for i, ch in enumerate(ruler) if ch == "✶"]
    scale = 1  # 20 columns, marks up to 12 TU ahead
    expected = [1 + a.time * scale for a in ticks_between(enc, 0, 17) if a.time is not None]
    assert columns == [c for c in expected if c < 19 and c != 13]  # 13: Bo's ▲ wins
    assert ruler[13] == "▲" and ruler[1] == "▼"
    labels = "".join(lanes)
    assert labels.count("✶") == 1 and "✶On fire" in labels  # one label, on the first tick
    assert "also at" not in headline  # the later ticks are not listed there


def test_without_ticking_effects_the_ruler_is_unchanged() -> None:
    _, plain = _track()
    _, stunned = _track(on_fire("bo", every=50))  # its first tick is beyond the ruler
    assert "✶" not in plain[2] and plain[2] == stunned[2]

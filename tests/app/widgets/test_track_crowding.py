"""The time track never hides who is where: crowded labels are counted where they stand.

A tie (R5) or neighbours on a narrow ruler may leave a label no free lane.
Those names are on the ruler, not later than it: the label counts them
("+2") and the headline names them ("also at 3: Kans, Guard"); only marks
beyond the ruler's end are "later than" it.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.demo import begin, demo_app
from tests.support.modal_host import until
from tests.support.soak import examples
from tracker.app.tracker_app import TrackerApp
from tracker.screens.main import MainScreen
from tracker.widgets.roster import Roster
from tracker.widgets.time_track import TimeTrack
from tracker.widgets.track_layout import (
    LEFT,
    Mark,
    TrackLayout,
    collect_marks,
    place,
    short_names,
)


def spelled(text: str) -> list[str]:
    """The names a placed label writes out in full: `Kans,Guard+1` → Kans, Guard."""
    body = re.sub(r"\+\d+$", "", text.lstrip("▶♦◇"))
    if not body or "…" in body:
        return []  # "+2", or a first name cut short: no name in full
    return body.split(",")


def accounted(layout: TrackLayout, marks: list[Mark], width: int) -> None:
    """Every name on the ruler is either written on a label or listed as unlabelled at its
    own time; only names past the ruler's end count as later."""
    on_ruler: Counter[tuple[int, str, str]] = Counter()
    later = 0
    for mark in marks:
        column = LEFT + (mark.time - layout.now) * layout.scale
        if mark.kind == "preview":
            continue
        if column >= width - 1:
            later += len(mark.names)
        else:
            on_ruler.update((mark.time, mark.kind, n) for n in mark.names)
    seen: Counter[tuple[int, str, str]] = Counter()
    for placed in layout.placed:
        if placed.kind == "preview":
            continue
        time = layout.now + (placed.column - LEFT) // layout.scale
        seen.update((time, placed.kind, n) for n in spelled(placed.text))
    for time, kind, names in layout.unlabelled:
        seen.update((time, kind, n) for n in names)
    assert seen == on_ruler
    assert layout.later == later


def crowded_marks() -> list[Mark]:
    """The tester's fight: a copy of Kans and two guards from the roster tie at 3 and 4."""
    return [
        Mark(0, "act", ["Dinzis"]),
        Mark(2, "act", ["Hazat"]),
        Mark(3, "act", ["Kans", "Decados"]),
        Mark(4, "act", ["Kans 2", "Decado 2"]),
        Mark(6, "act", ["Baron"]),
    ]


def test_a_crowded_tie_is_counted_where_it_stands_not_later_R5() -> None:
    marks = crowded_marks()
    layout = place(marks, 0, 78, lanes=1)  # 80 columns, one label lane (80x24)
    assert layout.later == 0  # all five marks are on the ruler (it reaches 12)
    assert layout.last_time == 12
    texts = [p.text for p in layout.placed]
    assert texts[:2] == ["Dinzis", "Hazat"]
    assert any(re.search(r"\+\d+$", t) for t in texts)  # a crowded label counts the rest
    assert len(layout.marks) == 5  # every mark is drawn on the ruler
    accounted(layout, marks, 78)
    by_time = dict(layout.unlabelled_by_time())
    assert set(by_time) <= {3, 4}  # crowded names keep their own time


def test_three_lanes_write_every_name_and_only_the_far_ones_are_later() -> None:
    more = [Mark(t, "act", [f"P{t}"]) for t in range(8, 15)]  # the ruler scales to 12 marks
    far = [Mark(100, "act", ["Far"]), Mark(101, "bleed", ["Baron"])]
    marks = [*crowded_marks(), *more, *far]
    layout = place(marks, 0, 118, lanes=3)  # 120x40: three lanes
    assert layout.last_time < 100
    assert layout.unlabelled == []
    assert layout.later == 2  # Far and Baron's bleeding tick: past the ruler's end
    accounted(layout, marks, 118)


def test_an_unlabelled_bleeding_tick_reads_as_one_A14() -> None:
    marks = [Mark(0, "act", ["Dinzis"]), Mark(0, "bleed", ["Baron"]), Mark(1, "act", ["X"])]
    layout = place(marks, 0, 30, lanes=1)
    accounted(layout, marks, 30)
    listed = [n for _t, names in layout.unlabelled_by_time() for n in names]
    assert all(n.startswith("♦") for n in listed if "Baron" in n)


name = st.from_regex(r"[A-Z][a-z]{0,9}( [2-9])?", fullmatch=True)
mark = st.builds(
    Mark,
    st.integers(0, 60),
    st.sampled_from(["act", "bleed", "now", "preview"]),
    st.lists(name, min_size=1, max_size=5),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(mark, max_size=14), st.integers(20, 200), st.integers(1, 4))
def test_every_name_is_on_a_label_listed_at_its_time_or_later(
    marks: list[Mark], width: int, lanes: int
) -> None:
    marks = sorted(marks, key=lambda m: (m.time, m.kind))
    layout = place(marks, 0, width, lanes)
    accounted(layout, marks, width)
    for lane in range(lanes):
        spans = sorted((p.column, p.column + len(p.text)) for p in layout.placed if p.lane == lane)
        for (_a, end), (start, _b) in zip(spans, spans[1:], strict=False):
            assert end < start  # a space between two labels in a lane
    assert all(p.column + len(p.text) <= width for p in layout.placed)


# --- the tester's fight, in the app -------------------------------------------------------


async def crowd(pilot: object) -> TrackerApp:
    """Select Kans, c (a copy), t enter, t enter, t down enter (roster templates), b."""
    app: TrackerApp = pilot.app  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, MainScreen))  # type: ignore[arg-type]
    app.screen.query_one(Roster).select("kans")
    await pilot.press("c")  # type: ignore[attr-defined]
    await until(pilot, lambda: len(app.session.encounter.combatants) == 4)  # type: ignore[arg-type]
    for keys, count in (("enter",), 5), (("enter",), 6), (("down", "enter"), 7):
        await pilot.press("t")  # type: ignore[attr-defined]
        await until(pilot, lambda: type(app.screen).__name__ == "TemplatePicker")  # type: ignore[arg-type]
        await pilot.press(*keys)  # type: ignore[attr-defined]
        await until(pilot, lambda c=count: len(app.session.encounter.combatants) == c)  # type: ignore[arg-type,misc]
    await begin(pilot)  # type: ignore[arg-type]
    return app


async def check_track(tmp_path: Path, size: tuple[int, int]) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await crowd(pilot)
        await pilot.pause()
        track = app.screen.query_one(TimeTrack)
        lines = [line.plain for line in track.lines()]
        headline, lanes = lines[0], lines[3:]
        width = track.size.width
        assert "later than" not in headline  # everyone is on the ruler
        assert len(headline) <= width  # the whole headline is on screen
        enc = app.session.encounter
        marks = collect_marks(enc, short_names(enc), None)
        layout = place(marks, enc.time, width, len(lanes))
        accounted(layout, marks, width)  # each name: on a label, or unlabelled at its time
        for placed in layout.placed:
            assert lanes[placed.lane][placed.column :].startswith(placed.text)
        for time, names in layout.unlabelled_by_time():
            left = [n for n in names if n not in headline.split(" · ")[0]]
            assert f"{time}: {', '.join(left)}" in headline or not left, (time, headline)


async def test_crowded_track_at_80x24_names_everyone(tmp_path: Path) -> None:
    await check_track(tmp_path, (80, 24))


async def test_crowded_track_at_120x40_names_everyone(tmp_path: Path) -> None:
    await check_track(tmp_path, (120, 40))


def test_a_numbered_name_cut_short_keeps_its_number() -> None:
    """Issue 27: at 80 columns four raiders side by side read "Deca… Deca…": which is
    which? A cut numbered name keeps its number ("Deca…2") and loses letters instead."""
    marks = [Mark(time=t, kind="act", names=[f"Decados {t - 2}"]) for t in (3, 4, 5)]
    marks.append(Mark(time=6, kind="act", names=["Baron"]))
    layout = place(marks, 0, 78, 1)
    texts = [p.text for p in layout.placed]
    assert [t[-1] for t in texts[:3]] != ["…"] * 3
    cut = [t for t in texts if "…" in t]
    assert cut and all(t.endswith(("1", "2", "3")) for t in cut), texts

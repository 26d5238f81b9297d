"""A passage of time is logged as what changed, not a line a tick (issue 23, item 1).

Before, every bleeding tick was a log line (A14): a day passed over two bleeders grew
the save ~2.8 MiB, and six bleeders' day was 51,840 lines. Now each bleeder's ticks
are one line ("C1 bled 17,280 WP in 8,640 ticks …"); the demise checks (A16) that stop
the clock are still their own lines, and undo, redo and replay stay exact.
"""

from __future__ import annotations

import json

from rules.engine.public_log import public_log
from rules.model.state import TickWP
from tests.support.passage import DAY, bleeders, pass_time, tickers


def test_a_day_over_six_bleeders_adds_a_handful_of_lines_and_undoes_exactly() -> None:
    """Sheets with no Endurance: since R31 a being at Endurance 0 is checked at every tick
    and a day of it is thousands of checks (answered by the GM); here nothing stops it."""
    s = bleeders(6, endurance=None)
    before = s.encounter.model_dump(mode="json")
    commands = pass_time(s, DAY)
    after = s.encounter.model_dump(mode="json")
    added = s.encounter.log
    assert all(c.bleed_wp > 0 for c in s.encounter.combatants.values())
    assert s.encounter.combatants["c1"].bleed_wp >= 2 * 8_600  # BLR 2 for about a day
    assert len(added) <= 8 * commands <= 200, f"{len(added)} lines for {commands} commands"
    assert sum(e.kind == "bleed" for e in added) <= 6 * commands  # before: 51,840
    assert len(json.dumps(after)) < 64_000  # the encounter's size, not the ticks'
    assert s.replay().model_dump(mode="json") == after  # commands and faces, never re-rolled
    for _ in range(commands):
        s.undo()
    assert s.encounter.model_dump(mode="json") == before
    for _ in range(commands):
        s.redo()
    assert s.encounter.model_dump(mode="json") == after


def test_a_bleeders_line_says_what_changed_over_which_span() -> None:
    s = bleeders(2, endurance=None)  # no Endurance, no demise check: nothing stops the clock
    assert pass_time(s, DAY) == 1
    assert [e.text for e in s.encounter.log] == [  # in the order each began (C1 at 9)
        "C1 bled 17,280 WP in 8,640 ticks (track 9 → 86399, BLR 2, A14)"
        " → total 17,283 WP, stats -5,761 (A9)",
        "C0 bled 8,640 WP in 8,640 ticks (track 10 → 86400, BLR 1, A14)"
        " → total 8,643 WP, stats -2,881 (A9)",
        "Time passes: 86400 TU, track 0 → 86400",
    ]


def test_a_ticking_effect_is_one_line_and_its_wp_are_all_counted() -> None:
    s = tickers(1, every=1, endurance=None)
    pass_time(s, 600)
    assert [e.text for e in s.encounter.log[-2:]] == [
        "C0: Poison dealt 600 WP in 600 ticks (track 1 → 600) → total 600 WP, stats -200 (A9)",
        "Time passes: 600 TU, track 0 → 600",
    ]
    c0 = s.encounter.combatants["c0"]
    assert c0.tick_wp == {"Poison": TickWP(wp=600, ticks=600)} and c0.wounds == []


def test_the_players_read_a_foes_passage_without_its_numbers() -> None:
    s = bleeders(2)
    s.encounter.combatants["c1"].side = "enemy"  # unknown to the players (the default)
    pass_time(s, 600)
    lines = [line.text for line in public_log(s.encounter)]
    assert "Unknown A bleeds" in lines
    assert any(line.startswith("C0 bled ") for line in lines)  # the party's own, whole
    assert not any("C1" in line for line in lines)


def test_a_demise_check_that_stops_the_clock_comes_after_what_ticked_before_it() -> None:
    """A16 (and R31's later checks): the tallies up to the check, then the check, then
    where the clock stopped; the check is answered and the rest of the day passes."""
    s = bleeders(1)  # C0: Endurance 6, 3 WP, BLR 1: at 9 WP Endurance is at half (A16)
    pass_time(s, 60)
    kinds = [(e.time, e.kind, e.text.split(" (")[0]) for e in s.encounter.log[:3]]
    assert kinds == [
        (60, "bleed", "C0 bled 6 WP in 6 ticks"),
        (60, "pending", "Demise check for C0"),
        (60, "time", "Time stops at track 60"),
    ]

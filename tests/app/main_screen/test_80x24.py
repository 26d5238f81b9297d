"""The main screen at 80×24 (issue 14): the roster keeps its Shield column, names
whole, and the track's headline fits the line instead of being cut by the edge.

The card game mid-fight (tests.support.scenes.mid_fight): the Baron's shield
is 5/10 with 10 hits (A12, R10). Before, at 80 columns the Shield column was the
first to go, and a declared roll in an R5 tie ran the headline 16 cells past it.
"""

from __future__ import annotations

from pathlib import Path

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Advance, StartCombat, TakeOpportunity
from tests.support.scenes import mid_fight
from tracker.app.tracker_app import make_app
from tracker.files.demo import build_demo
from tracker.widgets.roster import Roster
from tracker.widgets.time_track import TimeTrack
from tracker.widgets.track_layout import collect_marks, place, short_names


async def test_the_roster_keeps_the_shield_column_and_whole_names(tmp_path: Path) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await mid_fight(pilot)
        roster = app.screen.query_one(Roster)
        lines = [roster.render_line(y).text for y in range(4)]
        assert "Shield" in lines[0]
        baron = next(line for line in lines if "Baron" in line)
        assert "Baron Molin Decados" in baron and "5/10 ×10" in baron
        # issue 27: every figure a GM needs in a fight, the chance dice too (were dropped)
        for title in ("TTU", "WP", "BLR", "AR/H/S", "Shield", "Pen", "Conditions", "CR", "LP"):
            assert title in lines[0], title
        assert baron.rstrip().endswith("●●   0")


def test_a_declared_roll_in_a_tie_fits_the_80_column_headline_A8_R5() -> None:
    session = Session(build_demo())
    session.do(StartCombat(initiators=["dinzis", "kans", "molin"]), ScriptedDice())
    enc = session.encounter
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="kans", actions=["Attack: pistol"]), ScriptedDice())
    layout = place(collect_marks(enc, short_names(enc), None), enc.time, 80, 1)
    line = TimeTrack().headline(enc, layout, 80).plain
    assert len(line) <= 80
    assert line.endswith("Dinzis, Baron act now (R5 tie)")  # whole, not cut at the edge
    assert "Kans: Attack: pistol to roll" in line


async def test_at_80_columns_a_glyph_says_each_side(tmp_path: Path) -> None:
    """Issue 27: the Side column does not fit at 80 columns; a glyph beside the turn mark
    says who is friend or foe (the roster's tooltip is its legend). Wider, the column."""
    from tracker.widgets.roster import SIDE_GLYPHS, SIDE_LEGEND
    from tracker.widgets.roster_columns import SIDE_SHORT

    for size, glyphs in (((80, 24), True), ((120, 40), False)):
        app = make_app(demo=True, saves_dir=tmp_path / str(size[0]), seed=1)
        async with app.run_test(size=size) as pilot:
            await mid_fight(pilot)
            roster = app.screen.query_one(Roster)
            lines = [roster.render_line(y).text for y in range(4)]
            assert ("Side" in lines[0]) is not glyphs
            assert isinstance(roster.tooltip, str)
            assert (SIDE_LEGEND in roster.tooltip) is glyphs
            # every header shown is said in words; "WP" as what it is, not hit points
            assert "WP: WP taken" in roster.tooltip and "TTU: " in roster.tooltip
            for c in app.session.encounter.combatants.values():
                row = next(line for line in lines if c.name in line)
                glyph = SIDE_GLYPHS[SIDE_SHORT[c.side]]
                assert (row[1] == glyph) is glyphs, (size, row)


async def test_at_80_columns_conditions_take_their_short_forms(tmp_path: Path) -> None:
    """Issue 27: at 80 columns the conditions cell (10 cells) showed "LA broken +2" for
    three conditions; now two of them in short forms, the roster's tooltip their legend."""
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await mid_fight(pilot)
        kans = app.session.encounter.combatants["kans"]
        kans.limbs = {"left arm": "broken"}
        kans.broken_ribs = True
        kans.exhaustion = 2
        app.revision += 1
        await pilot.pause()
        roster = app.screen.query_one(Roster)
        rows = [roster.render_line(y).text for y in range(4)]
        row = next(line for line in rows if "Kans" in line)
        assert "LAb rib +1" in row, row
        assert isinstance(roster.tooltip, str) and "Conditions: in words" in roster.tooltip

"""What the roster and the time track say, read straight from their widgets' text.

No Pilot: each test builds the demo encounter, drives it through a `Session`,
and reads the roster's cells (A9, A12, A15), the track's marks (R5 ties, A14
bleeding) or the track's headline (R5, A8). The key-driven flows of the main
screen are tests/app/main_screen/test_main_screen.py. Last, a TTU moved on by a
reaction (A10, R5) in the roster and the detail.
"""

from __future__ import annotations

from rich.console import Console

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, TakeOpportunity
from rules.model.state import Combatant, Encounter
from tests.support.act_fixtures import lio, markon
from tracker.files.demo import build_demo
from tracker.widgets.detail import describe
from tracker.widgets.roster_columns import row_cells
from tracker.widgets.time_track import TimeTrack


def test_roster_cells_and_columns_that_fit_A9_A12_A15() -> None:
    from rules.model.state import Wound
    from tracker.widgets.roster_columns import layout, row_cells

    enc = build_demo()
    molin = enc.combatants["molin"]
    molin.wounds.append(Wound(location="left arm", level="Gore", wp=4, bleeding=True))
    molin.limbs["left arm"] = "broken"
    molin.bleed_rate = 1
    cells = row_cells(molin, enc)
    assert (cells["wp"], cells["blr"], cells["pen"]) == ("4 Gore", "1", "-1")  # A9: 4 WP → -1
    assert (cells["shield"], cells["armour"]) == ("5/10 ×10", "6/3/2")
    assert cells["cond"] == "LA broken"
    molin.dead = True
    assert row_cells(molin, enc)["cond"].startswith("DEAD")
    assert {c.key for c, _ in layout(118)} >= {"shield", "side", "cond"}
    at_80 = {c.key for c, _ in layout(80, {"name": 19})}  # 80×24: the shield stays (issue 14)
    assert {"shield", "armour", "pen", "cond", "chance"} <= at_80  # and the chance dice (27)
    assert "side" not in at_80  # a 19-letter name whole: the side is a glyph instead
    assert "side" in {c.key for c, _ in layout(80, {"name": 14})}  # short names: the column
    narrow = {c.key for c, _ in layout(60)}
    assert "shield" not in narrow and {"name", "ttu", "wp", "blr"} <= narrow
    assert sum(w for _, w in layout(78)) + len(layout(78)) - 1 == 78


def test_track_groups_ties_and_marks_bleeding_R5_A14() -> None:
    from rules.model.commands import StartCombat
    from tracker.widgets.track_layout import collect_marks, place, short_names

    session = Session(build_demo())
    session.do(StartCombat(initiators=["dinzis", "kans"]), ScriptedDice([10]))
    enc = session.encounter
    molin = enc.combatants["molin"]
    molin.bleed_rate, molin.bleed_anchor = 1, 0
    marks = collect_marks(enc, short_names(enc), None)
    assert [(m.time, m.kind, m.names) for m in marks] == [
        (0, "act", ["Kans", "Dinzis"]),  # R5: one label for a tie, Wits 7 before 6
        (6, "act", ["Baron"]),
        (10, "bleed", ["Baron"]),  # A14: from the anchor, every 10 TU
    ]
    laid = place(marks, enc.time, 60, lanes=2)
    assert [p.text for p in laid.placed] == ["Kans,Dinzis", "Baron", "♦Baron"]
    assert (laid.later, laid.unlabelled) == (0, [])  # every name spelt out


def test_the_headline_names_the_rest_of_a_tie_R5() -> None:
    """After the first of a tie has acted, the others still act now: a takes them, n opens."""
    from rules.model.commands import Advance, StartCombat

    session = Session(build_demo())
    session.do(StartCombat(initiators=["dinzis", "kans", "molin"]), ScriptedDice())
    enc = session.encounter
    session.do(Advance(), ScriptedDice())
    assert enc.due == ["kans"]  # Wits 7 before Dinzis and the Baron (Wits 5)
    line = TimeTrack().headline(enc).plain
    assert "NOW 0 ▶ Kans the Scraver acts" in line
    assert "then Dinzis the Ukar, Baron Molin Decados (R5 tie)" in line
    session.do(TakeOpportunity(actor="kans", actions=["Wait"]), ScriptedDice())
    line = TimeTrack().headline(enc).plain
    assert "Track 0 · Dinzis the Ukar, Baron Molin Decados act now (R5 tie)" in line
    assert "a acts · n opens the next" in line
    session.do(TakeOpportunity(actor="dinzis", actions=["Wait"]), ScriptedDice())
    line = TimeTrack().headline(enc).plain
    assert "Baron Molin Decados acts now · a acts · n opens it" in line


def test_the_headline_keeps_a_declared_roll_in_sight_A8() -> None:
    """Taken with an attack not yet rolled: the headline says so until it is rolled."""
    from rules.model.commands import Advance, StartCombat

    session = Session(build_demo())
    session.do(StartCombat(initiators=["dinzis"]), ScriptedDice([5, 5]))
    enc = session.encounter
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="dinzis", actions=["Attack: knife"]), ScriptedDice())
    line = TimeTrack().headline(enc).plain
    assert line.startswith(" Dinzis the Ukar: Attack: knife to roll  a rolls it · Track 0")
    assert "next: " in line  # what comes after still shows
    session.do(Advance(), ScriptedDice())  # n moves on: the roll is given up, and says no more
    assert "to roll" not in TimeTrack().headline(enc).plain


def test_the_headline_says_now_for_those_due_now_behind_a_decision() -> None:
    """R5 tie left waiting behind a pending check: 'next: … act now', never 'at' the time now."""
    from rules.model.commands import Advance, StartCombat

    session = Session(build_demo())
    session.do(StartCombat(initiators=["dinzis", "kans", "molin"]), ScriptedDice())
    enc = session.encounter
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="kans", actions=["Wait"]), ScriptedDice())
    session.do(ApplyWound(target="dinzis", wound_points=5), ScriptedDice())
    assert enc.pending  # A16: a massive wound's demise check
    line = TimeTrack().headline(enc).plain
    assert "next: Baron, Dinzis act now" in line and "act at 0" not in line  # R5: WP cost Wits


# --- An opened opportunity whose TTU has moved on shows the number, not `now` (A10, R5).
#
# Lio's opportunity is open at 13; a reaction paid from it (a parry or dodge,
# A10) moves his TTU to 16 while he stays due. Roster and detail both say 16,
# as the opportunity dialog does (`at 13 (TTU 16)`); `now` is kept for a TTU
# that is the current time.


def opened_at_13(ttu: int) -> Encounter:
    return Encounter(
        in_combat=True,
        time=13,
        due=["lio"],
        combatants={"lio": lio(ttu=ttu), "markon": markon(ttu=16)},
    )


def head(enc: Encounter) -> str:
    console = Console(width=120, record=True)
    console.print(describe(enc.combatants["lio"], enc))
    return console.export_text().splitlines()[0]


def test_moved_on_while_due_shows_the_ttu_in_roster_and_detail_A10() -> None:
    enc = opened_at_13(16)
    assert row_cells(enc.combatants["lio"], enc)["ttu"] == "16"
    assert "TTU 16 (opportunity open)" in head(enc)
    assert "now" not in head(enc)


def test_due_at_the_current_time_still_says_now() -> None:
    enc = opened_at_13(13)
    assert row_cells(enc.combatants["lio"], enc)["ttu"] == "now"
    assert "TTU now" in head(enc) and "opportunity open" not in head(enc)


def test_a_narrow_conditions_cell_shows_whole_conditions_then_a_count() -> None:
    """Issue 27: at 80 columns "Prone, On fire 3" was cut to "Prone, On"; now the whole
    ones that fit and "+n" for the rest (the detail pane names them all)."""
    from tracker.widgets.roster_columns import fit_list

    assert fit_list("Prone, On fire 3", 10) == "Prone +1"
    assert fit_list("Prone, On fire 3", 16) == "Prone, On fire 3"
    assert fit_list("LA broken, ribs, held", 16) == "LA broken +2"
    assert fit_list("exhausted 2, held", 8) == "exha… +1"  # even the first cut shows the count
    assert all(len(fit_list("LA broken, Stunned 10", n)) <= n for n in range(1, 30))


def test_conditions_too_long_for_their_cell_take_their_short_forms() -> None:
    """Issue 27: whole words while they fit, else the short forms the legend says, then
    "+n"; a cell never runs past its size."""
    from tracker.widgets.roster_columns import condition_parts, effect_code, fit_conditions

    kans = Combatant(id="k", name="Kans", side="PC", broken_ribs=True, exhaustion=2)
    kans.limbs = {"right leg": "severed", "head": "shattered"}
    parts = condition_parts(kans)
    assert parts == [
        ("RL severed", "RLx"),
        ("head shattered", "Hds"),
        ("ribs", "rib"),
        ("exhausted 2", "Ex2"),
    ]
    full = ", ".join(words for words, _ in parts)
    short = " ".join(code for _, code in parts)
    assert fit_conditions(full, short, 60) == full
    assert fit_conditions(full, short, 15) == "RLx Hds rib Ex2"
    assert fit_conditions(full, short, 10) == "RLx Hds +2"
    assert all(len(fit_conditions(full, short, n)) <= n for n in range(1, 60))
    assert effect_code("On fire") == "Onf" and effect_code("!!") == "eff"

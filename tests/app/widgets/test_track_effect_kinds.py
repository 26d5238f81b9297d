"""The ruler's new marks (issue 15) as plain layout data: an effect's end ✕, its tick ✶ and
a reminder ⚑ sit beside bleeding's ♦ at their own times, in the order the engine lands
them at one time (bleeding, ticks, ends, reminders, then opportunities: A7, A14)."""

from __future__ import annotations

from rules.model.state import Combatant, Encounter
from tracker.widgets.track_layout import Mark, collect_marks, place


def _enc() -> Encounter:
    kans = Combatant(id="kans", name="Kans", stats={"Wits": 7}, ttu=5)
    return Encounter(combatants={"kans": kans}, in_combat=True, time=0)


def test_timed_marks_sort_before_an_opportunity_at_the_same_time() -> None:
    timed = [
        Mark(5, "remind", ["shuttle"]),
        Mark(5, "ends", ["Stunned"]),
        Mark(5, "tick", ["On fire"]),
        Mark(3, "ends", ["Prone"]),
    ]
    marks = collect_marks(_enc(), {"kans": "Kans"}, None, timed=timed)
    assert [(m.time, m.kind) for m in marks] == [
        (3, "ends"),
        (5, "tick"),
        (5, "ends"),
        (5, "remind"),
        (5, "act"),
    ]
    assert [m.label() for m in marks[:4]] == ["✕Prone", "✶On fire", "✕Stunned", "⚑shuttle"]


def test_two_effects_ending_at_one_time_share_one_label() -> None:
    timed = [Mark(4, "ends", ["Stunned"]), Mark(4, "ends", ["Prone"])]
    marks = collect_marks(_enc(), {"kans": "Kans"}, None, timed=timed)
    assert marks[0].label() == "✕Stunned,Prone"


def test_the_marks_are_placed_and_a_crowded_one_keeps_its_glyph_in_the_headline_list() -> None:
    timed = [Mark(2, "ends", ["Stunned"]), Mark(2, "remind", ["the shuttle"])]
    marks = collect_marks(_enc(), {"kans": "Kans"}, None, timed=timed)
    layout = place(marks, 0, 60, 1)  # one lane: the second label at 2 has no room
    kinds = [kind for _column, kind in layout.marks]
    assert "ends" in kinds and "remind" in kinds
    shown = [p.text for p in layout.placed]
    assert "✕Stunned" in shown
    assert layout.unlabelled_by_time() == [(2, ["⚑the shuttle"])]


def test_no_timed_marks_leaves_the_track_as_it_was() -> None:
    before = collect_marks(_enc(), {"kans": "Kans"}, None)
    assert collect_marks(_enc(), {"kans": "Kans"}, None, timed=[]) == before

"""The detail pane shows Anima abilities and resistances (B4, B5), an extended roll under
way (A3), a complementary bonus waiting for the next roll (A4) and desperation drains
(R20) when the combatant has them, and stays as it was when it has none."""

from __future__ import annotations

from rich.console import Console

from rules.model.state import Combatant, Encounter, ExtendedAction, TickWP
from tracker.widgets.detail import describe


def text_of(c: Combatant) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(describe(c, Encounter(combatants={c.id: c})))
    return console.export_text()


def test_anima_extended_complement_and_drains_are_shown() -> None:
    c = Combatant(
        id="k",
        name="Kans",
        abilities={"Attack": 120, "Parry": 110},
        resistances={"Poison": 40},
        extended=ExtendedAction(
            skill="Search", stat="Perception", goal=17, total=23, rolls=[9, 16]
        ),
        complement_bonus=3,
        drains={"Strength": 1, "Endurance": 2},
    )
    lines = text_of(c).splitlines()
    assert "Abilities Attack 120 · Parry 110  Resistances Poison 40" in lines
    assert "Extended Search/Per: total 23 vs goal 17 after 2 rolls (A3)" in lines
    assert "Complementary +3 on the next roll of any kind (A4)" in lines
    assert "Drains Str -1 · End -2 (desperation, R20)" in lines


def test_only_what_is_there_is_shown() -> None:
    c = Combatant(
        id="k",
        name="Kans",
        resistances={"Magic": 35},
        extended=ExtendedAction(skill="Tech", stat="Tech", total=4, rolls=[4]),
    )
    text = text_of(c)
    assert "Resistances Magic 35" in text and "Abilities" not in text
    assert "Extended Tech/Tec: total 4 after 1 roll (A3)" in text
    plain = text_of(Combatant(id="k", name="Kans"))
    for word in ("Abilities", "Resistances", "Extended", "Complementary", "Drains"):
        assert word not in plain


def test_a_days_ticks_are_one_line_not_a_row_a_tick() -> None:
    """Issue 23: a day of a 1-TU poison was 86,400 wound rows; now one line a source."""
    c = Combatant(id="k", name="Kans", tick_wp={"Poison": TickWP(wp=86_400, ticks=86_400)})
    lines = text_of(c).splitlines()
    assert " Poison: 86,400 WP from 86,400 ticks" in lines
    assert len(lines) < 20

"""R26 on Anima checks: a desperation result rolled this turn adds to every check (C, B4-B6).

Part C: the result is "a flat bonus or penalty to ... the total of a d100
check, the margin of a characteristic check"; R26: it applies "to every
action the being takes that turn", checks included, just as skill rolls.
"""

from __future__ import annotations

from typing import Any

from rules.engine.session import Session
from rules.model.commands import Advance, AnimaCheck, SkillRollCommand, StartCombat, TakeOpportunity
from rules.model.state import Action, Combatant
from tests.support.engine_steps import do, session, undo_all


def kans(**fields: Any) -> Combatant:
    """Dexterity 7 drained to 1 (R19 line ceil(7/10) = 1): desperate. Strength 5."""
    sheet: dict[str, Any] = {
        "stats": {"Wits": 7, "Perception": 8, "Dexterity": 7, "Strength": 5},
        "skills": {"Search": 2},
        "abilities": {"Climb": 40},
        "resistances": {"Poison": 30},
        "actions": [Action(name="Search", cost=3, kind="skill", skill="Search")],
        "drains": {"Dexterity": 6},
    }
    sheet.update(fields)
    return Combatant(id="k", name="Kans", **sheet)


def bo() -> Combatant:
    return Combatant(id="b", name="Bo", stats={"Wits": 5, "Strength": 5}, awareness="surprised")


def desperate_turn(*others: Combatant) -> Session:
    """Kans's turn in combat, a desperation die rolled on a Search: 9 then 5 → +5 (C3)."""
    s = session(kans(), *others)
    do(s, StartCombat(initiators=["k"]), *([10] * len(others)))  # others' reaction rolls
    do(s, Advance())
    do(s, TakeOpportunity(actor="k", actions=["Search", "Search"]))
    search = SkillRollCommand(actor="k", skill="Search", stat="Perception", special="desperation")
    lines = do(s, search, 9, 5, 6, 8)
    assert "+5 to every action this turn (R26)" in lines[0]
    assert s.encounter.combatants["k"].turn_bonus == 5
    return s


def check(kind: str, name: str, **fields: Any) -> AnimaCheck:
    return AnimaCheck(actor="k", kind=kind, name=name, **fields)  # type: ignore[arg-type]


def test_the_testers_repro_strength_5_rolls_8_succeeds_by_2() -> None:
    """C/R26: margin 5 - 8 = -3, +5 this turn → success by 2 (was: fails by 3)."""
    s = desperate_turn()
    start = s.encounter.model_dump(mode="json")
    lines = do(s, check("characteristic", "Strength"), 8)
    assert lines == [
        "Kans: Strength 5 vs d10 8 → fails by 3; "
        "+5 (desperation this turn, R26) → success by 2 (R25)"
    ]
    s.undo()
    assert s.encounter.model_dump(mode="json") == start


def test_ability_and_resistance_totals_take_the_turns_result() -> None:
    """C/R26 on the d100 total: 40 + 38 = 78 → 83 vs 80; 30 + 37 = 67 → 72 vs 70."""
    s = desperate_turn()
    lines = do(s, check("ability", "Climb", difficulty=80), 38)
    assert lines[0].endswith(
        "= 78 vs 80 → fails by 2; +5 (desperation this turn, R26) → 83 vs 80 → success by 3"
    )
    lines = do(s, check("resistance", "Poison", difficulty=70), 37)
    assert lines[0].endswith(
        "= 67 vs 70 → fails by 3; +5 (desperation this turn, R26) → 72 vs 70 → success by 2"
    )


def test_a_fumble_still_fails_with_the_turns_result() -> None:
    """B2: a fumble fails whatever the total, a flat bonus included."""
    s = desperate_turn()
    lines = do(s, check("ability", "Climb", difficulty=10), 2, 50)
    assert "+5 (desperation this turn, R26) → 47, but a fumble fails (B2)" in lines[0]


def test_opposed_characteristic_adds_it_to_the_actors_margin() -> None:
    """B6: Strength 5 rolls 4 (+1) vs Bo's Strength 5 rolls 3 (+2): +5 → Kans wins by 4."""
    s = desperate_turn(bo())
    cmd = check("opposed-characteristic", "Strength", opponent="b")
    lines = do(s, cmd, 4, 3)
    assert lines == [
        "Kans Strength 5 vs Bo Strength 5: d10 4 → +1 +5 (desperation this turn, R26) = +6, "
        "d10 3 → +2 → Kans wins by 4 (B6)"
    ]


def test_the_opponents_own_turn_result_adds_to_its_side() -> None:
    """R26: Kans opposes Bo's check during Kans's turn: Kans's +5 counts on its side."""
    s = desperate_turn(bo())
    cmd = AnimaCheck(actor="b", kind="opposed-characteristic", name="Strength", opponent="k")
    lines = do(s, cmd, 3, 4)
    assert lines[0].endswith(
        "d10 3 → +2, d10 4 → +1 +5 (desperation this turn, R26) = +6 → Kans wins by 4 (B6)"
    )


def test_declaring_desperation_on_a_check_counts_once_then_carries() -> None:
    """R26: rolled once; the declaring check has it as its die, the next one as the turn's."""
    s = session(kans())
    start = s.encounter.model_dump(mode="json")
    do(s, StartCombat(initiators=["k"]))
    do(s, Advance())
    do(s, TakeOpportunity(actor="k", actions=["Search"]))
    lines = do(s, check("characteristic", "Strength", special="desperation"), 9, 5, 8)
    assert lines[1] == (
        "Kans: Strength 5 vs d10 8 → fails by 3; +5 (desperation die, C3) → success by 2 (R25)"
    )
    lines = do(s, check("characteristic", "Strength"), 8)
    assert lines[0].endswith("+5 (desperation this turn, R26) → success by 2 (R25)")
    undo_all(s, start)


def test_no_turn_no_bonus() -> None:
    """Out of combat there is no turn: a later check has no desperation result."""
    s = session(kans())
    do(s, check("characteristic", "Strength", special="desperation"), 9, 5, 8)
    lines = do(s, check("characteristic", "Strength"), 8)
    assert lines == ["Kans: Strength 5 vs d10 8 → fails by 3"]

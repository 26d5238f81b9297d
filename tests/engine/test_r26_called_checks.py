"""R26 as amended: the turn's desperation result enters the being's own rolls, never a
breakage (A15) or demise (A16) check the rules call on it.

Before, the log read `demise check: 6d10 vs Endurance -2 … +4 (desperation this turn,
R26) = 8 vs goal 5 → survives`: a check the being does not choose to make was helped
by the desperation it rolled for its attack.
"""

from __future__ import annotations

from rules.engine.roll_plan import Modifier, called_check_plan, plan_roll
from rules.model.commands import ApplyWound, ResolveCheck
from rules.model.state import Combatant
from tests.support.attack_fights import fight
from tests.support.engine_steps import do

TURN = Modifier("desperation this turn, R26", 4)


def desperate(**fields: object) -> Combatant:
    """Endurance 6, Dexterity 7, a +4 desperation result for the rest of its turn."""
    return Combatant(
        id="kans",
        name="Kans",
        stats={"Dexterity": 7, "Endurance": 6, "Wits": 5},
        skills={"Melee": 3},
        turn_bonus=4,
        ttu=0,
        **fields,  # type: ignore[arg-type]
    )


def test_the_beings_own_rolls_keep_the_turns_result() -> None:
    c = desperate()
    assert TURN in plan_roll(c, skill="Melee", stat="Dexterity").modifiers  # an attack
    assert TURN in plan_roll(c, held=-2, skill="Melee", stat="Dexterity").modifiers  # a parry


def test_a_called_check_leaves_the_turns_result_out() -> None:
    assert TURN not in called_check_plan(desperate()).modifiers
    assert called_check_plan(desperate()).total == 0


def test_a_demise_check_is_rolled_without_the_turns_result() -> None:
    s = fight(0, desperate())
    do(s, ApplyWound(target="kans", wound_points=5))  # 5 WP: the massive wound's check
    check = next(p for p in s.encounter.pending if p.kind == "demise")
    lines = do(s, ResolveCheck(pending=check.id), 5, 5, 5, 1, 1, 1)
    line = next(text for text in lines if "demise check" in text)
    assert "desperation" not in line, line
    assert line.endswith("(5 5 5 1 1 1: 1+1+1+0+0+0 = 3 VP) vs goal 5 → dies"), line
    assert s.encounter.combatants["kans"].dead  # 3 VP: with the +4 it would have lived


def test_a_breakage_check_is_rolled_without_the_turns_result() -> None:
    s = fight(0, desperate())
    do(s, ApplyWound(target="kans", wound_points=4, location="left arm"))  # goal 6 (A15)
    check = next(p for p in s.encounter.pending if p.kind == "breakage")
    lines = do(s, ResolveCheck(pending=check.id), 10, 1, 1, 1, 1, 1)
    line = next(text for text in lines if "breakage check" in text)
    assert "desperation" not in line and line.endswith("→ breaks"), line
    assert s.encounter.combatants["kans"].limbs == {"left arm": "broken"}

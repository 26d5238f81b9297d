"""Typed numbers of an Anima check keep the sheet's ranges (B4-B6): the engine refuses
what the `k` dialog marks, so a script cannot roll a characteristic of -50 either."""

from __future__ import annotations

from rules.model.check_limits import D100_RANGE, STAT_RANGE
from rules.model.commands import AnimaCheck
from rules.model.state import Combatant
from tests.support.engine_steps import do, refused, session


def aki() -> Combatant:
    return Combatant(id="a", name="Aki", stats={"Strength": 5}, abilities={"Attack": 50})


def bo() -> Combatant:
    return Combatant(id="b", name="Bo", stats={"Strength": 5})


def test_ranges_are_the_sheets_own() -> None:
    assert (STAT_RANGE, D100_RANGE) == ((0, 30), (0, 999))


def test_out_of_range_typed_values_and_difficulties_are_refused() -> None:
    s = session(aki(), bo())
    cases = [
        (
            AnimaCheck(actor="a", kind="characteristic", name="Strength", value=-50),
            "value must be 0–30",
        ),
        (
            AnimaCheck(actor="a", kind="characteristic", name="Strength", value=31),
            "value must be 0–30",
        ),
        (
            AnimaCheck(actor="a", kind="ability", name="Attack", difficulty=-10),
            "difficulty must be 0–999",
        ),
        (
            AnimaCheck(actor="a", kind="ability", name="Attack", value=-5, difficulty=10),
            "value must be 0–999",
        ),
        (
            AnimaCheck(actor="a", kind="resistance", name="Poison", value=40, difficulty=1000),
            "difficulty must be 0–999",
        ),
        (
            AnimaCheck(
                actor="a",
                kind="opposed-characteristic",
                name="Strength",
                opponent="b",
                opponent_value=-1,
            ),
            "opponent_value must be 0–30",
        ),
    ]
    for cmd, match in cases:
        refused(s, cmd, match)


def test_values_in_range_still_roll() -> None:
    s = session(aki())
    lines = do(s, AnimaCheck(actor="a", kind="characteristic", name="Strength", value=30), 10)
    assert lines == ["Aki: Strength 30 vs d10 10 (counts as 13) → success by 17"]
    lines = do(s, AnimaCheck(actor="a", kind="ability", name="Attack", difficulty=0), 50)
    assert lines[0].endswith("= 100 vs 0 → success by 100")

"""Characteristic checks (RULES Part B6, R25): the d10 margin, the rule of 10 and 1,
opposed characteristics and the over-4 rule; seed checks first."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.mechanics.characteristic import (
    characteristic_check,
    characteristic_margin,
    counted_face,
    opposed_characteristic,
    opposed_characteristics,
    roll_characteristic,
)
from rules.mechanics.dice import ScriptedDice

# --- B6 characteristic checks -----------------------------------------------------


def test_seed_characteristic_margins() -> None:
    assert characteristic_margin(7, 4) == 3
    assert characteristic_margin(9, 1) == 11
    assert characteristic_margin(9, 10) == -4


def test_rule_of_10_and_1() -> None:
    assert counted_face(10) == 13 and counted_face(1) == -2
    assert [counted_face(f) for f in range(2, 10)] == list(range(2, 10))


def test_r25_margin_0_is_a_success() -> None:
    check = characteristic_check(7, 7)
    assert check.margin == 0 and check.success
    assert check.explain() == "Characteristic 7 vs d10 7 → success by 0"


def test_characteristic_check_explains_counted_faces() -> None:
    assert characteristic_check(9, 1, "Dexterity").explain() == (
        "Dexterity 9 vs d10 1 (counts as -2) → success by 11"
    )
    assert characteristic_check(9, 10).explain() == (
        "Characteristic 9 vs d10 10 (counts as 13) → fails by 4"
    )


def test_roll_characteristic_uses_one_d10() -> None:
    dice = ScriptedDice([4, 9])
    check = roll_characteristic(dice, 7)
    assert (check.face, check.margin, check.success) == (4, 3, True)
    assert dice.remaining == [9]


def test_bad_characteristic_arguments_name_themselves() -> None:
    with pytest.raises(ValueError, match=r"face"):
        characteristic_margin(7, 11)
    with pytest.raises(ValueError, match=r"characteristic must be a whole number"):
        characteristic_margin("7", 4)  # type: ignore[arg-type]


def test_seed_opposed_agility() -> None:
    """B6 seed: Agility 9 rolls 4 (+5) vs Agility 10 rolls 8 (+2) → A by 3."""
    assert opposed_characteristic(9, 4, 10, 8) == 3
    assert opposed_characteristic(10, 8, 9, 4) == -3


def test_seed_over_four_rule_5_vs_11_counts_13() -> None:
    assert opposed_characteristics(5, 11) == (5, 13)
    assert opposed_characteristics(11, 5) == (13, 5)
    assert opposed_characteristics(5, 9) == (5, 9)  # a gap of 4 is not "more than 4"
    assert opposed_characteristic(5, 5, 11, 5) == -8


def test_opposed_failures_the_smaller_failure_wins() -> None:
    assert opposed_characteristic(3, 6, 3, 8) == 2
    assert opposed_characteristic(4, 7, 4, 7) == 0


def test_part_c_modifier_adds_to_the_margin() -> None:
    check = roll_characteristic(ScriptedDice([9]), 7, "Wits", modifier=3)
    assert (check.margin, check.success) == (1, True)
    assert check.explain() == "Wits 7 vs d10 9 + 3 → success by 1"
    assert opposed_characteristic(9, 4, 10, 8, modifier_a=-2, modifier_b=4) == -3


# --- properties ---------------------------------------------------------------------


@given(st.integers(-20, 30), st.integers(-20, 30), st.integers(1, 10))
def test_margin_is_monotone_in_the_characteristic(low: int, high: int, face: int) -> None:
    low, high = min(low, high), max(low, high)
    assert characteristic_margin(low, face) <= characteristic_margin(high, face)
    assert characteristic_margin(high, face) - characteristic_margin(low, face) == high - low


@given(st.integers(0, 30), st.integers(1, 10), st.integers(0, 30), st.integers(1, 10))
def test_opposed_characteristic_is_antisymmetric(a: int, fa: int, b: int, fb: int) -> None:
    assert opposed_characteristic(a, fa, b, fb) == -opposed_characteristic(b, fb, a, fa)

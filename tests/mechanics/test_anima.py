"""Anima-style d100 checks (RULES Part B1-B5), seed checks first.

The characteristic checks (B6) are tests/mechanics/test_characteristic.py.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.mechanics.anima import (
    Check,
    ability_check,
    fumble_level,
    is_fumble,
    is_master,
    open_chain_length,
    open_roll_total,
    open_threshold,
    opens_again,
    opposed_ability,
    resistance_check,
    roll_ability_check,
    roll_open,
    roll_resistance_check,
)
from rules.mechanics.dice import DiceError, DiceExhausted, RecordingDice, ScriptedDice, SeededDice

# --- B1 open rolls ------------------------------------------------------------


def test_seed_open_roll_95_then_90_is_185() -> None:
    """B1 seed: 95 opens; the second roll needs 91, so 90 stops the chain."""
    assert open_roll_total([95, 90]) == 185
    assert open_chain_length([95, 90]) == 2


def test_thresholds_climb_one_a_roll() -> None:
    assert [open_threshold(p) for p in range(4)] == [90, 91, 92, 93]
    assert opens_again(90, 0) and not opens_again(89, 0)
    assert opens_again(91, 1) and not opens_again(90, 1)
    assert opens_again(92, 2) and not opens_again(91, 2)
    assert open_roll_total([90, 91, 92, 50]) == 323


def test_a_hundred_always_opens() -> None:
    """B1: past the tenth roll the threshold is above 99, but 100 still opens."""
    assert opens_again(100, 10) and opens_again(100, 25)
    assert not opens_again(99, 10)
    chain = [90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 100, 4]
    assert open_roll_total(chain) == sum(chain)


def test_low_faces_later_in_a_chain_are_just_added() -> None:
    """B3 note: only the first die fumbles; a 1 after an opening 96 adds 1."""
    assert open_roll_total([96, 1]) == 97
    check = ability_check(50, 100, [96, 1])
    assert not check.fumble and check.total == 147 and check.success


def test_extra_faces_are_refused_naming_faces() -> None:
    with pytest.raises(ValueError, match=r"faces has 3 d100 but the open roll stops after 2"):
        open_roll_total([95, 90, 40])
    with pytest.raises(ValueError, match=r"faces has 2 d100 .* stops after 1 \(50\); extra: 7"):
        open_roll_total([50, 7])


def test_too_few_faces_are_refused() -> None:
    with pytest.raises(ValueError, match=r"faces 95 end mid-chain.*needed 90\+"):
        open_roll_total([95])
    with pytest.raises(ValueError, match=r"faces 95 91 end mid-chain.*needed 91\+"):
        open_roll_total([95, 91])
    with pytest.raises(ValueError, match=r"faces is empty"):
        open_roll_total([])


def test_faces_outside_a_d100_name_the_position() -> None:
    with pytest.raises(DiceError, match=r"faces\[1\] is 101, not a d100 face"):
        open_roll_total([95, 101])
    with pytest.raises(DiceError, match=r"faces\[0\] is 0"):
        open_roll_total([0])


def test_opens_again_guides_typed_dice() -> None:
    """A GM typing physical dice asks for another face while the last one opens."""
    typed = [95, 100, 93]
    assert all(opens_again(face, position) for position, face in enumerate(typed))
    assert not opens_again(92, 3) and open_roll_total([*typed, 92]) == 380
    assert open_chain_length([95, 90, 50], max_extra=None) == 2


def test_roll_open_rolls_until_the_chain_stops() -> None:
    dice = ScriptedDice([95, 100, 92, 30, 77])
    assert roll_open(dice) == [95, 100, 92, 30]
    assert dice.remaining == [77]


def test_roll_open_cap_stops_a_long_chain() -> None:
    dice = ScriptedDice([100, 100, 100, 100])
    faces = roll_open(dice, max_extra=2)
    assert faces == [100, 100, 100]
    assert open_roll_total(faces, max_extra=2) == 300
    with pytest.raises(ValueError, match=r"max_extra must be 0 or more"):
        roll_open(dice, max_extra=-1)


def test_running_out_of_scripted_dice_mid_chain_names_the_purpose() -> None:
    with pytest.raises(DiceExhausted, match=r"d100 for Acrobatics check"):
        roll_ability_check(ScriptedDice([96]), 80, 100, name="Acrobatics")


# --- B2, B3 fumbles and mastery -------------------------------------------------


def test_seed_fumble_1_then_90_is_level_105() -> None:
    assert fumble_level(1, 90) == 105


def test_fumble_modifiers_without_mastery() -> None:
    assert fumble_level(2, 50) == 50
    assert fumble_level(3, 50) == 35
    assert fumble_level(4, 50) is None
    assert fumble_level(100, 50) is None


def test_r22_fumble_level_is_raw_and_may_be_negative() -> None:
    assert fumble_level(3, 5) == -10


def test_mastery_shrinks_the_fumble_range() -> None:
    """B3: with mastery 1 → +0, 2 → -15, and 3 is no fumble."""
    assert fumble_level(1, 90, mastery=True) == 90
    assert fumble_level(2, 90, mastery=True) == 75
    assert fumble_level(3, 90, mastery=True) is None
    assert is_fumble(3) and not is_fumble(3, mastery=True)


def test_r21_mastery_starts_at_200() -> None:
    assert is_master(200) and not is_master(199)
    assert ability_check(200, 150, [3]).success
    assert ability_check(199, 150, [3, 40]).fumble


def test_bad_fumble_arguments_name_themselves() -> None:
    with pytest.raises(ValueError, match=r"level_roll"):
        fumble_level(1, 0)
    with pytest.raises(ValueError, match=r"natural"):
        fumble_level(101, 50)


# --- B4 ability checks ------------------------------------------------------------


def test_ability_check_with_open_roll_succeeds_and_explains() -> None:
    check = ability_check(120, 200, [95, 90])
    assert (check.total, check.success, check.fumble, check.fumble_level) == (
        305,
        True,
        False,
        None,
    )
    assert check.faces == (95, 90) and not check.automatic
    assert check.explain() == "Ability 120 + d100 95+90 = 305 vs 200 → success by 105"


def test_r24_reaching_the_difficulty_succeeds() -> None:
    assert ability_check(100, 150, [50]).success
    failed = ability_check(100, 150, [49])
    assert not failed.success and failed.margin == -1
    assert failed.explain() == "Ability 100 + d100 49 = 149 vs 150 → fails by 1"


def test_fumble_fails_whatever_the_total() -> None:
    check = ability_check(190, 100, [2, 2])  # total 192, still fails
    assert check.fumble and not check.success and check.fumble_level == 2
    assert check.faces == (2, 2) and check.roll_faces == (2,)
    assert check.explain().endswith("natural 2: fumble (level 2+0 = 2) → fails")


def test_seed_fumble_check_explains_level_105() -> None:
    check = ability_check(80, 100, [1, 90], name="Dodge")
    assert check.fumble_level == 105
    assert check.explain() == (
        "Dodge 80 + d100 1 = 81 vs 100 → natural 1: fumble (level 90+15 = 105) → fails"
    )


def test_mastered_fumble_explains_mastery() -> None:
    check = ability_check(210, 100, [2, 90])
    assert check.mastery and check.fumble_level == 75
    assert "Ability 210 (mastery)" in check.explain() and "level 90-15 = 75" in check.explain()


def test_a_fumble_takes_exactly_one_level_roll() -> None:
    with pytest.raises(ValueError, match=r"faces: natural 1 fumbles.*got 1 face"):
        ability_check(50, 100, [1])
    with pytest.raises(ValueError, match=r"got 3 face"):
        ability_check(50, 100, [1, 95, 95])


def test_bad_scores_name_the_argument() -> None:
    with pytest.raises(ValueError, match=r"ability must be a whole number"):
        ability_check(1.5, 100, [50])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"difficulty must be a whole number"):
        ability_check(50, True, [50])  # type: ignore[arg-type]


def test_roll_ability_check_rolls_the_level_only_on_a_fumble() -> None:
    dice = RecordingDice(ScriptedDice([3, 60, 99]))
    check = roll_ability_check(dice, 40, 100)
    assert check.faces == (3, 60) and check.fumble_level == 45
    assert dice.faces == [3, 60]
    assert roll_ability_check(ScriptedDice([95, 90]), 120, 200).total == 305


def test_opposed_roll_without_difficulty() -> None:
    check = ability_check(40, None, [50])
    assert check.success and check.margin is None
    assert check.explain() == "Ability 40 + d100 50 = 90 (opposed)"


def test_opposed_ability_higher_total_wins_by_the_difference() -> None:
    a = ability_check(100, None, [95, 90])  # 285
    b = ability_check(150, None, [60])  # 210
    assert opposed_ability(a, b) == 75
    assert opposed_ability(b, a) == -75
    assert opposed_ability(a, a) == 0


def test_opposed_ability_fumbler_loses_and_two_fumbles_tie() -> None:
    fumbler = ability_check(300, None, [1, 50])  # total 301
    other = ability_check(20, None, [40])  # total 60
    assert opposed_ability(fumbler, other) == -1
    assert opposed_ability(other, fumbler) == 1
    weak = ability_check(10, None, [2, 50])  # total 12
    assert opposed_ability(other, weak) == 48
    assert opposed_ability(fumbler, weak) == 0


def test_opposed_ability_refuses_an_automatic_check() -> None:
    auto = resistance_check(120, 70, [])
    with pytest.raises(ValueError, match=r"b_check made no roll"):
        opposed_ability(ability_check(50, None, [50]), auto)


def test_part_c_modifier_adds_to_the_d100_total() -> None:
    """Part C: a special die's result is a flat bonus or penalty to the total."""
    check = ability_check(120, 200, [95, 90], modifier=7)
    assert check.total == 312 and check.modifier == 7
    assert check.explain() == "Ability 120 + d100 95+90 + 7 = 312 vs 200 → success by 112"
    lowered = roll_ability_check(ScriptedDice([80]), 120, 200, modifier=-3)
    assert not lowered.success
    assert lowered.explain() == "Ability 120 + d100 80 - 3 = 197 vs 200 → fails by 3"


def test_part_c_modifier_cannot_save_a_fumble() -> None:
    check = ability_check(100, 100, [1, 40], modifier=20)
    assert check.fumble and not check.success and check.total == 121


# --- B5 resistance checks ---------------------------------------------------------


def test_r23_fifty_point_rule_needs_no_roll() -> None:
    check = resistance_check(120, 70, [])
    assert check.automatic and check.success and check.faces == ()
    assert "success without a roll" in check.explain()
    dice = RecordingDice(ScriptedDice([1, 1]))
    assert roll_resistance_check(dice, 120, 70).automatic and dice.faces == []


def test_r23_fifty_point_rule_refuses_faces() -> None:
    with pytest.raises(ValueError, match=r"faces must be empty: resistance 120 beats"):
        resistance_check(120, 70, [50])


def test_forty_nine_over_still_rolls() -> None:
    check = resistance_check(119, 70, [1, 30])
    assert not check.automatic and check.fumble and not check.success


def test_natural_100_always_succeeds() -> None:
    check = resistance_check(40, 200, [100])
    assert check.success and check.total == 140
    assert check.explain().endswith("→ natural 100: success anyway")


def test_r23_resistance_fumbles_with_a_level() -> None:
    check = resistance_check(90, 60, [3, 5])
    assert check.fumble and not check.success and check.fumble_level == -10


def test_resistance_never_opens() -> None:
    check = resistance_check(30, 100, [95])
    assert check.total == 125 and check.success
    with pytest.raises(ValueError, match=r"never open"):
        resistance_check(30, 100, [95, 95])
    dice = ScriptedDice([97, 5])
    assert roll_resistance_check(dice, 30, 200).faces == (97,)
    assert dice.remaining == [5]


def test_resistance_mastery_at_200() -> None:
    """R21 applied to resistances: 3 is an ordinary roll at 200+."""
    check = resistance_check(200, 210, [3])
    assert check.mastery and not check.fumble and not check.success and check.total == 203


def test_resistance_needs_a_face_when_not_automatic() -> None:
    with pytest.raises(ValueError, match=r"faces is empty"):
        resistance_check(50, 60, [])


def test_resistance_modifier_adds_to_a_rolled_total_only() -> None:
    check = resistance_check(40, 100, [55], modifier=5)
    assert check.total == 100 and check.success
    assert check.explain() == "Resistance 40 + d100 55 + 5 = 100 vs 100 → success by 0"
    assert roll_resistance_check(ScriptedDice([]), 150, 100, modifier=-9).automatic
    with pytest.raises(ValueError, match=r"modifier must be a whole number"):
        resistance_check(40, 100, [55], modifier=1.5)  # type: ignore[arg-type]


# --- properties ---------------------------------------------------------------------


@st.composite
def open_chains(draw: st.DrawFn) -> list[int]:
    """A valid chain: opening faces for each threshold, then a stopping face."""
    length = draw(st.integers(1, 12))
    faces = [draw(st.integers(min(open_threshold(p), 100), 100)) for p in range(length - 1)]
    last_threshold = open_threshold(length - 1)
    faces.append(draw(st.integers(1, min(last_threshold, 100) - 1)))
    return faces


@given(open_chains())
def test_a_valid_chain_totals_its_sum(chain: list[int]) -> None:
    assert open_roll_total(chain) == sum(chain)
    assert roll_open(ScriptedDice([*chain, 50])) == chain


@given(open_chains(), st.integers(1, 100))
def test_a_face_after_the_chain_is_refused(chain: list[int], extra: int) -> None:
    with pytest.raises(ValueError, match=r"faces has"):
        open_roll_total([*chain, extra])


@given(st.integers(-50, 400), st.integers(-50, 400), st.integers(0, 2**32 - 1))
def test_seeded_checks_are_consistent(ability: int, difficulty: int, seed: int) -> None:
    check = roll_ability_check(SeededDice(seed), ability, difficulty)
    assert isinstance(check, Check)
    assert check == ability_check(ability, difficulty, check.faces)
    assert check.success == (not check.fumble and check.total >= difficulty)
    assert check.fumble == (check.fumble_level is not None)

"""Wounds: stat loss (A9), bleeding (A14, R12), breakage (A15, R14), demise (A16, R15)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.mechanics import wounds
from rules.mechanics.dice import DiceError
from rules.mechanics.wounds import (
    HALF_ENDURANCE,
    LOCATIONS,
    MASSIVE_WOUND,
    ZERO_ENDURANCE,
    breakage_goal,
    breakage_outcome,
    demise_triggers,
    effective_stat,
    needs_breakage_roll,
    next_bleed_tick,
    read_breakage,
    read_demise,
    starts_bleeding,
    stat_penalty,
    vital_organ_struck,
)
from rules.model.state import Wound

LIMBS = ("left arm", "right arm", "left leg", "right leg")

# --- R14 locations, A9 effective stats --------------------------------------------


def test_r14_locations_and_limbs() -> None:
    assert LOCATIONS == (
        "head",
        "chest",
        "left arm",
        "right arm",
        "left leg",
        "right leg",
        "unspecified",
    )
    assert Wound.model_fields["location"].annotation == wounds.Location  # one list (R14)
    assert wounds.LIMBS == set(LIMBS)
    assert not {"head", "chest", "unspecified"} & wounds.LIMBS


def test_unknown_location_is_refused() -> None:
    with pytest.raises(ValueError, match="^location"):
        needs_breakage_roll("tail", 4)


@pytest.mark.parametrize(("wp", "penalty"), [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (10, 3)])
def test_a9_every_3_wp_cost_one_stat_point(wp: int, penalty: int) -> None:
    assert stat_penalty(wp) == penalty


def test_a9_effective_stat_subtracts_wounds_exhaustion_and_specific_penalty() -> None:
    assert effective_stat(6, total_wp=7, exhaustion=1, specific_penalty=1) == 2
    assert effective_stat(6, 0, 0) == 6


def test_a9_effective_stat_is_unclamped() -> None:
    assert effective_stat(2, total_wp=9, exhaustion=1) == -2  # R1 clamps only at lookup


@pytest.mark.parametrize("argument", ["base", "total_wp", "exhaustion", "specific_penalty"])
def test_effective_stat_refuses_negatives(argument: str) -> None:
    values = {"base": 5, "total_wp": 0, "exhaustion": 0, "specific_penalty": 0, argument: -1}
    with pytest.raises(ValueError, match=f"^{argument} "):
        effective_stat(**values)


# --- A14 bleeding -----------------------------------------------------------------------


def test_r12_bleeding_starts_at_3_wp() -> None:
    assert not starts_bleeding(2)
    assert starts_bleeding(3)  # a Wound bleeds, as the seed's example shows
    assert starts_bleeding(6)


def test_a14_seed_wound_at_4_bleeds_at_14_24() -> None:
    assert next_bleed_tick(anchor=4, now=4) == 14
    assert next_bleed_tick(anchor=4, now=13) == 14
    assert next_bleed_tick(anchor=4, now=14) == 24  # strictly after now
    assert next_bleed_tick(anchor=4, now=24) == 34
    assert next_bleed_tick(anchor=4, now=10) == 14
    assert next_bleed_tick(anchor=0, now=0) == 10


def test_a14_first_tick_is_never_the_anchor_itself() -> None:
    assert next_bleed_tick(anchor=9, now=0) == 19
    assert next_bleed_tick(anchor=9, now=9) == 19


# Any anchor the encounter holds (the state takes any int): the track never stops on one.
@given(st.integers(min_value=-50, max_value=500), st.integers(min_value=0, max_value=600))
def test_next_bleed_tick_is_the_first_scheduled_time_after_now(anchor: int, now: int) -> None:
    tick = next_bleed_tick(anchor, now)
    assert tick > now
    assert tick >= anchor + 10 and (tick - anchor) % 10 == 0
    assert tick - 10 <= now or tick - 10 == anchor  # no earlier tick fits


# --- A15 breakage -----------------------------------------------------------------------


@pytest.mark.parametrize(("wp", "goal"), [(4, 6), (5, 7), (6, 8)])
def test_a15_breakage_goal_is_2_plus_wp(wp: int, goal: int) -> None:
    assert breakage_goal(wp) == goal


@pytest.mark.parametrize("limb", LIMBS)
def test_a15_limbs_and_chest_roll_from_4_wp(limb: str) -> None:
    assert not needs_breakage_roll(limb, 3)
    assert needs_breakage_roll(limb, 4)
    assert needs_breakage_roll("chest", 4)
    assert not needs_breakage_roll("chest", 3)


def test_r14_head_and_unspecified_never_roll_breakage() -> None:
    assert not needs_breakage_roll("head", 6)
    assert not needs_breakage_roll("unspecified", 6)


@pytest.mark.parametrize(("wp", "outcome"), [(4, "broken"), (5, "shattered"), (6, "severed")])
def test_a15_failed_limb_roll(wp: int, outcome: str) -> None:
    assert breakage_outcome("left leg", wp, succeeded=False) == outcome
    assert breakage_outcome("left leg", wp, succeeded=True) is None


def test_a15_failed_chest_roll_breaks_ribs() -> None:
    assert breakage_outcome("chest", 5, succeeded=False) == "broken ribs"
    assert breakage_outcome("chest", 6, succeeded=True) is None


def test_breakage_outcome_refuses_a_wound_that_calls_no_roll() -> None:
    with pytest.raises(ValueError, match="^wound_points"):
        breakage_outcome("head", 6, succeeded=False)
    with pytest.raises(ValueError, match="^wound_points"):
        breakage_outcome("left arm", 3, succeeded=False)


def test_a15_vital_organ_only_for_a_chest_eviscerate() -> None:
    assert vital_organ_struck("chest", 6)
    assert not vital_organ_struck("chest", 5)
    assert not vital_organ_struck("left arm", 6)
    assert not vital_organ_struck("head", 6)


# --- A16 demise triggers ------------------------------------------------------------------


def test_a16_one_eviscerate_calls_two_checks() -> None:
    # Endurance 4, no earlier wounds: 6 WP -> penalty 2 -> effective 2 = half.
    after = effective_stat(4, 6, 0)
    assert demise_triggers(6, 4, 4, after, False, False, damage=True) == [
        MASSIVE_WOUND,
        HALF_ENDURANCE,
    ]


def test_a16_massive_wound_alone() -> None:
    assert demise_triggers(5, 8, 8, 7, False, False, damage=True) == [MASSIVE_WOUND]
    assert demise_triggers(4, 8, 8, 7, False, False, damage=True) == []


def test_a14_bleeding_never_makes_a_massive_wound() -> None:
    assert demise_triggers(None, 8, 8, 8, False, False, damage=True) == []


def test_a16_half_is_after_times_2_at_most_base() -> None:
    assert demise_triggers(None, 7, 5, 4, False, False, damage=True) == []
    assert demise_triggers(None, 7, 4, 3, False, False, damage=True) == [HALF_ENDURANCE]


def test_a16_half_only_the_first_time_zero_at_every_damage_R31() -> None:
    assert demise_triggers(None, 6, 3, 2, True, False, damage=True) == []
    assert demise_triggers(None, 6, 1, 0, True, False, damage=True) == [ZERO_ENDURANCE]
    # R31 (was: no check once both lines were crossed): a bleeding tick that leaves it at
    # 0 or below calls the zero line's check again, fallen further or not (a row stops at 0).
    assert demise_triggers(None, 6, 1, -1, True, True, damage=True) == [ZERO_ENDURANCE]
    assert demise_triggers(None, 6, 0, 0, True, True, damage=True) == [ZERO_ENDURANCE]
    assert demise_triggers(None, 6, -3, -3, True, True, damage=True) == [ZERO_ENDURANCE]
    # ...and a 5-WP wound there calls trigger 1's check too: each trigger its own check.
    assert demise_triggers(5, 6, 0, -1, True, True, damage=True) == [
        MASSIVE_WOUND,
        ZERO_ENDURANCE,
    ]
    # Above 0 again (healed), no check until damage brings it back to 0 (R31).
    assert demise_triggers(None, 6, 2, 1, True, True, damage=True) == []


def test_a16_a_loss_that_is_no_damage_calls_only_first_times_R31() -> None:
    """Broken ribs, an Exhaustion Point, a desperation drain: only the first-time lines."""
    assert demise_triggers(None, 6, 1, 0, True, False, damage=False) == [ZERO_ENDURANCE]
    assert demise_triggers(None, 6, 0, -1, True, True, damage=False) == []
    assert demise_triggers(None, 6, 4, 3, False, False, damage=False) == [HALF_ENDURANCE]


def test_a16_every_trigger_at_once() -> None:
    assert demise_triggers(6, 2, 2, 0, False, False, damage=True) == [
        MASSIVE_WOUND,
        HALF_ENDURANCE,
        ZERO_ENDURANCE,
    ]


def test_a16_endurance_that_did_not_fall_calls_no_check() -> None:
    # Already at half through exhaustion, a Bruise that costs no stat point.
    assert demise_triggers(1, 6, 3, 3, False, False, damage=True) == []


def test_demise_triggers_refuse_bad_arguments() -> None:
    with pytest.raises(ValueError, match="^endurance_base"):
        demise_triggers(None, -1, 0, 0, False, False, damage=True)
    with pytest.raises(ValueError, match="^wound_points"):
        demise_triggers(0, 5, 5, 5, False, False, damage=True)


# --- A15/A16 pool checks -------------------------------------------------------------------


def test_r15_endurance_row_0_still_scores_and_can_survive() -> None:
    check = read_demise(endurance_base=3, endurance_effective=0, goal=5, faces=[5, 8, 10])
    assert check.vp == (1, 2, 2)
    assert (check.success_score, check.success) == (5, True)
    assert check.explain() == (
        "demise check: 3d10 vs Endurance 0 (5 8 10: 1+2+2 = 5 VP) vs goal 5 → survives"
    )


def test_r15_row_0_faces_1_to_4_score_nothing() -> None:
    check = read_demise(4, 0, 5, [1, 2, 3, 4])
    assert (check.success_score, check.success) == (0, False)
    assert check.explain().endswith("→ dies")


def test_r1_negative_effective_endurance_reads_row_0() -> None:
    assert read_demise(2, -3, 4, [8, 9]).success_score == 4


def test_read_demise_on_the_effective_row() -> None:
    check = read_demise(6, 4, 5, [1, 7, 9, 10, 3, 6])
    assert check.vp == (0, 2, 3, 3, 0, 1)
    assert (check.success_score, check.goal, check.success) == (9, 5, True)


def test_read_breakage_goal_follows_the_wound() -> None:
    check = read_breakage(3, 3, 5, [4, 4, 7])
    assert check.goal == 7
    assert check.vp == (1, 1, 2)
    assert not check.success
    assert check.explain() == (
        "breakage check: 3d10 vs Endurance 3 (4 4 7: 1+1+2 = 4 VP) vs goal 7 → breaks"
    )


def test_read_breakage_success_holds() -> None:
    check = read_breakage(2, 10, 4, [10, 9])
    assert (check.success_score, check.goal, check.success) == (6, 6, True)
    assert check.explain().endswith("→ holds")


def test_pool_reads_validate_their_faces() -> None:
    with pytest.raises(ValueError, match="^faces"):
        read_demise(3, 3, 5, [1, 2])
    with pytest.raises(DiceError, match="faces"):
        read_breakage(1, 3, 4, [11])
    with pytest.raises(ValueError, match="^goal"):
        read_demise(1, 3, -1, [5])

    with pytest.raises(ValueError, match="^wound_points"):
        read_breakage(2, 2, 0, [5, 5])


@given(
    st.integers(min_value=0, max_value=10),
    st.integers(min_value=-5, max_value=25),
    st.data(),
)
def test_pool_score_is_the_sum_of_chart_vp(base: int, effective: int, data: st.DataObject) -> None:
    faces = data.draw(st.lists(st.integers(1, 10), min_size=base, max_size=base))
    check = read_demise(base, effective, 5, faces)
    assert check.success_score == sum(check.vp)
    assert all(0 <= v <= 4 for v in check.vp)
    assert check.success == (check.success_score >= 5)

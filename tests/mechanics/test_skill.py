"""Skill rolls: every worked example of the seed, the tables, and the log line (RULES A1-A10)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.mechanics.dice import DiceExhausted, ScriptedDice, SeededDice
from rules.mechanics.skill import (
    SkillRoll,
    can_react,
    complementary_bonus,
    damage_level,
    exert_bonus,
    extended_total,
    multi_action_penalty,
    reaction_time,
    read_skill,
    roll_skill,
    success_score,
    victory_level,
    victory_points,
)

faces = st.lists(st.integers(1, 10), max_size=12)
stats = st.integers(-5, 25)


# --- A1 / A2: the Enzo example -------------------------------------------------------------


def test_enzo_scores_12_and_fails_goal_17() -> None:
    """A2 seed check: Tech 7, 1 5 7 8 8 10 → 0 1 2 3 3 3 = 12; goal 17 (R2) fails."""
    roll = read_skill(7, [1, 5, 7, 8, 8, 10], goal=17, stat_name="Tech")
    assert roll.vps == (0, 1, 2, 3, 3, 3)
    assert roll.success_score == 12
    assert roll.margin == -5
    assert roll.succeeded is False
    assert roll.victory_score is None and roll.victory_level is None


def test_enzo_with_22_would_be_good() -> None:
    """A2 seed check: SS 22 against 17 → VS 5, Good."""
    assert victory_level(22 - 17) == "Good"
    roll = read_skill(7, [1, 5, 7, 8, 8, 10], goal=17, modifiers=[("what if", 10)])
    assert roll.success_score == 22 and roll.victory_score == 5 and roll.victory_level == "Good"


def test_victory_points_read_the_chart() -> None:
    assert [victory_points(7, f) for f in (1, 5, 7, 8, 8, 10)] == [0, 1, 2, 3, 3, 3]
    assert victory_points(20, 10) == 4
    assert victory_points(0, 10) == 2
    assert success_score(7, [1, 5, 7, 8, 8, 10]) == 12
    assert success_score(7, []) == 0


@pytest.mark.parametrize(("stat", "row"), [(-3, 0), (-1, 0), (21, 20), (40, 20)])
def test_r1_stats_outside_the_chart_read_the_edge_rows(stat: int, row: int) -> None:
    """R1: the effective stat is clamped to 0-20 for the lookup."""
    for face in range(1, 11):
        assert victory_points(stat, face) == victory_points(row, face)


@pytest.mark.parametrize("face", [0, 11, -1, 100])
def test_face_outside_d10_names_face(face: int) -> None:
    with pytest.raises(ValueError, match=r"face must be a d10 face 1-10, got"):
        victory_points(7, face)


def test_non_integer_arguments_name_the_argument() -> None:
    with pytest.raises(ValueError, match="face"):
        victory_points(7, 2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stat"):
        victory_points("7", 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="face"):
        victory_points(7, True)


# --- A2: levels and damage -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("vs", "level", "damage"),
    [
        (0, "Minimal", ("Bruise", 1)),
        (1, "Minimal", ("Bruise", 1)),
        (2, "Reasonable", ("Graze", 2)),
        (4, "Reasonable", ("Graze", 2)),
        (5, "Good", ("Wound", 3)),
        (8, "Good", ("Wound", 3)),
        (9, "Excellent", ("Gore", 4)),
        (12, "Excellent", ("Gore", 4)),
        (13, "Superb", ("Maim", 5)),
        (16, "Superb", ("Maim", 5)),
        (17, "Near Perfection", ("Eviscerate", 6)),
        (40, "Near Perfection", ("Eviscerate", 6)),
    ],
)
def test_level_and_damage_thresholds(vs: int, level: str, damage: tuple[str, int]) -> None:
    assert victory_level(vs) == level
    assert damage_level(vs) == damage


def test_failure_has_no_level_and_low_damage_is_a_bruise() -> None:
    """A2: below 0 there is no victory level; A11: a hit that lands deals at least 1 WP."""
    assert victory_level(-1) is None
    assert damage_level(-1) == ("Bruise", 1)
    assert damage_level(-30) == ("Bruise", 1)


# --- A3: extended actions ------------------------------------------------------------------


def test_maria_extended_action_reaches_good() -> None:
    """A3 seed check: Perception 6, SS 9 then SS 16 (contributes 14) → 23; goal 17 → VS 6, Good."""
    first = read_skill(6, [1, 1, 2, 3, 4, 5, 6, 6, 7])
    second = read_skill(6, [1, 4, 5, 5, 6, 7, 9, 9, 9])
    assert first.vps == (0, 0, 0, 1, 1, 1, 2, 2, 2)
    assert (first.success_score, second.success_score) == (9, 16)
    total = extended_total([first.success_score, second.success_score])
    assert total == 23
    assert victory_level(total - 17) == "Good"


def test_r3_extension_can_lower_the_total() -> None:
    """R3: a further roll of SS 0 or 1 contributes -2 or -1."""
    assert extended_total([9, 0]) == 7
    assert extended_total([9, 1]) == 8
    assert extended_total([9, 2]) == 9
    assert extended_total([5]) == 5
    assert extended_total([5, 0, 0, 0]) == -1


def test_extended_total_needs_a_first_roll() -> None:
    with pytest.raises(ValueError, match="success_scores"):
        extended_total([])


# --- A4: complementary skills --------------------------------------------------------------


@pytest.mark.parametrize(
    ("ss", "bonus"),
    [(-2, 0), (0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (12, 4)]
    + [(13, 6), (16, 6), (17, 9), (30, 9)],
)
def test_complementary_bonus_table(ss: int, bonus: int) -> None:
    """A4: supporting SS 1/3/5/9/13/17 give +1/+2/+3/+4/+6/+9; SS 0 gives nothing."""
    assert complementary_bonus(ss) == bonus


# --- A5: exertion --------------------------------------------------------------------------


def test_killick_exerts_for_15() -> None:
    """A5 seed check: SS 9 + Dex 6 = 15."""
    assert 9 + exert_bonus(6) == 15
    roll = read_skill(6, [], modifiers=[("complement", 9), ("exert", exert_bonus(6))])
    assert roll.success_score == 15


def test_exert_bonus_uses_the_r1_clamped_stat() -> None:
    """A5 with R1: a stat below 0 adds nothing, a stat above 20 adds 20."""
    assert exert_bonus(-2) == 0
    assert exert_bonus(0) == 0
    assert exert_bonus(20) == 20
    assert exert_bonus(26) == 20


# --- A8: several actions -------------------------------------------------------------------


def test_multi_action_penalty() -> None:
    """A8: one action 0, two -4, three -6."""
    assert [multi_action_penalty(n) for n in (1, 2, 3)] == [0, -4, -6]


@pytest.mark.parametrize("actions", [0, 4, -1])
def test_multi_action_penalty_refuses_other_counts(actions: int) -> None:
    with pytest.raises(ValueError, match=r"actions must be 1-3"):
        multi_action_penalty(actions)


# --- A7: reaction roll, A10: reactions -----------------------------------------------------


def test_card_game_reactions() -> None:
    """A7 seed check: Kans ready Wits 7 rolls 7 → TTU 2; Molin surprised Wits 5 rolls 10 → 6."""
    assert reaction_time("ready", 7, 7) == 2
    assert reaction_time("surprised", 5, 10) == 6


def test_reaction_time_bases_and_floor() -> None:
    """A7: bases 3/4/6/9; the result never falls below 0."""
    assert [reaction_time(a, 0, 1) for a in ("active", "ready", "standard", "surprised")] == [
        3,
        4,
        6,
        9,
    ]
    assert reaction_time("active", 20, 10) == 0  # 3 - 4 VP floors at 0


def test_reaction_time_refuses_unknown_awareness() -> None:
    with pytest.raises(ValueError, match=r"awareness must be one of active, ready"):
        reaction_time("sleepy", 5, 5)


def test_markon_may_react() -> None:
    """A10 seed check: Lio acts at 13; Markon TTU 16, Dodge 6 → 10 <= 13."""
    assert can_react(16, 6, 13) is True
    assert can_react(16, 3, 13) is True  # 13 <= 13
    assert can_react(16, 2, 13) is False


# --- rolls through the dice source ---------------------------------------------------------


def test_roll_skill_rolls_through_the_dice_source() -> None:
    dice = ScriptedDice([1, 5, 7, 8, 8, 10, 4])
    roll = roll_skill(dice, 7, 6, goal=13, stat_name="Tech")
    assert roll.faces == (1, 5, 7, 8, 8, 10)
    assert roll.dice == 6
    assert dice.remaining == [4]


def test_roll_skill_names_the_roll_when_dice_run_out() -> None:
    with pytest.raises(DiceExhausted, match=r"needed 2 more d10 for Tech roll"):
        roll_skill(ScriptedDice([1]), 7, 3, stat_name="Tech")
    with pytest.raises(DiceExhausted, match=r"for repair"):
        roll_skill(ScriptedDice([]), 7, 1, purpose="repair")


def test_zero_dice_is_ss_zero_plus_modifiers() -> None:
    roll = roll_skill(ScriptedDice([]), 5, 0, goal=3, modifiers=[("complement", 3)])
    assert roll.faces == () and roll.success_score == 3 and roll.victory_level == "Minimal"


def test_roll_skill_refuses_negative_dice() -> None:
    with pytest.raises(ValueError, match="dice_count must not be negative"):
        roll_skill(ScriptedDice([]), 5, -1)


def test_seeded_rolls_are_reproducible() -> None:
    a = roll_skill(SeededDice(3), 8, 7, goal=9)
    b = roll_skill(SeededDice(3), 8, 7, goal=9)
    assert a == b
    assert a.success_score == sum(victory_points(8, f) for f in a.faces)


def test_bad_modifiers_are_refused() -> None:
    with pytest.raises(ValueError, match="modifiers"):
        read_skill(5, [3], modifiers=[("exert",)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="modifiers value"):
        read_skill(5, [3], modifiers=[("exert", "6")])  # type: ignore[list-item]


def test_skill_roll_is_frozen() -> None:
    roll = read_skill(5, [3])
    with pytest.raises(AttributeError):
        roll.success_score = 9  # type: ignore[misc]
    assert isinstance(roll, SkillRoll)


# --- explain(): the log line ---------------------------------------------------------------


def test_explain_failure() -> None:
    roll = read_skill(7, [1, 5, 7, 8, 8, 10], goal=13, stat_name="Tech")
    assert (
        roll.explain() == "6d10 vs Tech 7: 1 5 7 8 8 10 → 0+1+2+3+3+3 = 12 vs goal 13 → fails by 1"
    )


def test_explain_success() -> None:
    roll = read_skill(7, [1, 5, 7, 8, 8, 10], goal=13, modifiers=[("c", 2)], stat_name="Tech")
    assert roll.explain() == (
        "6d10 vs Tech 7: 1 5 7 8 8 10 → 0+1+2+3+3+3 = 12 +2 (c) = 14 vs goal 13 → VS 1, Minimal"
    )


def test_explain_modifiers() -> None:
    roll = read_skill(
        7,
        [1, 5, 7, 8, 8, 10],
        goal=13,
        modifiers=[("2 actions", -4), ("exert", 6)],
        stat_name="Tech",
    )
    assert roll.explain() == (
        "6d10 vs Tech 7: 1 5 7 8 8 10 → 0+1+2+3+3+3 = 12 -4 (2 actions) +6 (exert) = 14"
        " vs goal 13 → VS 1, Minimal"
    )


def test_explain_without_goal_and_without_dice() -> None:
    roll = read_skill(7, [1, 5, 7, 8, 8, 10], stat_name="Tech")
    assert roll.explain() == "6d10 vs Tech 7: 1 5 7 8 8 10 → 0+1+2+3+3+3 = 12"
    assert roll.succeeded is None and roll.margin is None
    empty = read_skill(4, [], goal=2, modifiers=[("exert", 4)], stat_name="Dex")
    assert (
        empty.explain() == "0d10 vs Dex 4: no dice = 0 +4 (exert) = 4 vs goal 2 → VS 2, Reasonable"
    )
    assert read_skill(4, [9]).explain() == "1d10 vs stat 4: 9 → 3 = 3"


# --- properties ----------------------------------------------------------------------------


@given(stats, faces, st.integers(0, 11), st.integers(0, 9))
def test_raising_a_face_never_lowers_the_ss(
    stat: int, rolled: list[int], pick: int, up: int
) -> None:
    """A1: the chart never falls along a row, so a higher face never lowers the SS."""
    if not rolled:
        return
    index = pick % len(rolled)
    higher = list(rolled)
    higher[index] = min(10, higher[index] + up)
    assert success_score(stat, higher) >= success_score(stat, rolled)


@given(stats, faces, st.integers(0, 10))
def test_raising_the_stat_never_lowers_the_ss(stat: int, rolled: list[int], up: int) -> None:
    """A1/R1: the chart never falls down a column, clamping included."""
    assert success_score(stat + up, rolled) >= success_score(stat, rolled)


@given(stats, faces, st.lists(st.tuples(st.text(max_size=5), st.integers(-10, 10)), max_size=3))
def test_read_skill_adds_vps_and_modifiers(
    stat: int, rolled: list[int], mods: list[tuple[str, int]]
) -> None:
    roll = read_skill(stat, rolled, goal=5, modifiers=mods)
    assert roll.success_score == success_score(stat, rolled) + sum(v for _l, v in mods)
    assert roll.margin == roll.success_score - 5
    assert (roll.victory_score is not None) == (roll.success_score >= 5)
    assert roll.victory_level == (None if roll.margin < 0 else victory_level(roll.margin))
    assert roll.explain().startswith(f"{len(rolled)}d10 vs stat {stat}: ")

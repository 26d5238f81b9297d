"""Damage from a hit: shield (A12, R10), armour (A13, R11), level and WP (A11)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.mechanics.damage import (
    ArmourHit,
    apply_shield,
    armour_hit,
    resolve_damage,
    shield_pass,
    wound_points_for,
)
from rules.mechanics.dice import DiceError

# --- A12 energy shields -------------------------------------------------------


def test_a12_seed_shield_example_14_vs_5_10_gives_4_a_graze() -> None:
    assert shield_pass(14, 5, 10) == 4
    assert wound_points_for(4) == ("Graze", 2)


def test_a12_shield_stops_a_hit_inside_its_range() -> None:
    assert shield_pass(7, 5, 10) is None
    assert shield_pass(5, 5, 10) is None
    assert shield_pass(10, 5, 10) is None


def test_a12_shield_does_not_activate_below_low() -> None:
    assert shield_pass(4, 5, 10) == 4
    assert shield_pass(0, 5, 10) == 0


def test_a12_just_above_high_passes_the_excess() -> None:
    assert shield_pass(11, 5, 10) == 1


def test_shield_rating_must_be_ordered() -> None:
    with pytest.raises(ValueError, match="^low "):
        shield_pass(7, -1, 10)
    with pytest.raises(ValueError, match="^high "):
        shield_pass(7, 10, 5)


def test_r10_activation_spends_one_hit() -> None:
    stopped = apply_shield(7, (5, 10), 2)
    assert (stopped.victory_score, stopped.activated, stopped.hits_left) == (None, True, 1)
    reduced = apply_shield(14, (5, 10), 1)
    assert (reduced.victory_score, reduced.activated, reduced.hits_left) == (4, True, 0)


def test_r10_no_activation_below_low_spends_nothing() -> None:
    outcome = apply_shield(4, (5, 10), 2)
    assert (outcome.victory_score, outcome.activated, outcome.hits_left) == (4, False, 2)


def test_r10_shield_with_no_hits_left_no_longer_activates() -> None:
    outcome = apply_shield(7, (5, 10), 0)
    assert (outcome.victory_score, outcome.activated, outcome.hits_left) == (7, False, 0)


def test_r10_unset_hits_mean_unlimited() -> None:
    outcome = apply_shield(7, (5, 10), None)
    assert (outcome.victory_score, outcome.activated, outcome.hits_left) == (None, True, None)


def test_r10_negative_hits_left_is_refused() -> None:
    with pytest.raises(ValueError, match="shield_hits_left"):
        apply_shield(7, (5, 10), -1)


# --- A2/A11 damage levels ------------------------------------------------------


@pytest.mark.parametrize(
    ("vs", "expected"),
    [
        (0, ("Bruise", 1)),
        (1, ("Bruise", 1)),
        (2, ("Graze", 2)),
        (4, ("Graze", 2)),
        (5, ("Wound", 3)),
        (8, ("Wound", 3)),
        (9, ("Gore", 4)),
        (12, ("Gore", 4)),
        (13, ("Maim", 5)),
        (16, ("Maim", 5)),
        (17, ("Eviscerate", 6)),
        (40, ("Eviscerate", 6)),
    ],
)
def test_damage_level_thresholds(vs: int, expected: tuple[str, int]) -> None:
    assert wound_points_for(vs) == expected


def test_a11_below_zero_is_still_a_bruise_of_1_wp() -> None:
    assert wound_points_for(-1) == ("Bruise", 1)
    assert wound_points_for(-30) == ("Bruise", 1)


# --- A13 armour -----------------------------------------------------------------


def test_a13_seed_degradation_h3_hit_for_6_wp_becomes_h0_s_plus_3() -> None:
    hit = armour_hit(17, hard=3, soft=0, rating=6, soft_faces=[])
    assert hit.raw_wound_points == 6
    assert (hit.hard, hit.soft) == (0, 3)
    assert hit.victory_score == 14  # reduced with the armour as it was before the hit
    assert (hit.damage_name, hit.wound_points) == ("Maim", 5)


def test_a13_partial_degradation_converts_only_the_excess() -> None:
    hit = armour_hit(9, hard=3, soft=1, rating=6, soft_faces=[1])  # raw Gore, 4 WP
    assert (hit.hard, hit.soft) == (2, 2)


def test_a13_no_degradation_when_raw_wp_does_not_exceed_hard() -> None:
    hit = armour_hit(5, hard=3, soft=0, rating=6, soft_faces=[])  # raw Wound, 3 WP
    assert (hit.hard, hit.soft) == (3, 0)
    assert hit.victory_score == 2


def test_a13_conversion_is_capped_at_hard() -> None:
    hit = armour_hit(20, hard=2, soft=0, rating=6, soft_faces=[])  # raw 6 WP, excess 4
    assert (hit.hard, hit.soft) == (0, 2)


def test_a13_soft_rolls_against_ar_as_the_stat() -> None:
    hit = armour_hit(10, hard=0, soft=3, rating=6, soft_faces=[1, 5, 9])  # 0 + 1 + 3
    assert hit.soft_vp == (0, 1, 3)
    assert hit.soft_ss == 4
    assert hit.victory_score == 6


def test_r1_armour_rating_above_20_reads_row_20() -> None:
    hit = armour_hit(10, hard=0, soft=1, rating=25, soft_faces=[9])
    assert hit.soft_ss == 4


def test_r11_soft_wears_by_what_it_stopped() -> None:
    hit = armour_hit(2, hard=0, soft=3, rating=6, soft_faces=[9, 9, 1])  # SS 6, stops 2
    assert hit.soft == 1
    assert hit.victory_score == -4


def test_r11_soft_never_loses_more_than_it_had() -> None:
    hit = armour_hit(8, hard=0, soft=3, rating=6, soft_faces=[9, 9, 1])  # SS 6 > S 3
    assert (hit.hard, hit.soft) == (0, 0)


def test_r11_soft_that_stopped_nothing_does_not_wear() -> None:
    hit = armour_hit(8, hard=0, soft=2, rating=6, soft_faces=[1, 2])
    assert hit.soft_ss == 0
    assert hit.soft == 2
    negative = armour_hit(-2, hard=0, soft=2, rating=6, soft_faces=[9, 9])
    assert negative.soft == 2  # nothing positive reached it


def test_r11_no_soft_wear_when_hard_was_there_at_the_hit() -> None:
    hit = armour_hit(4, hard=1, soft=2, rating=6, soft_faces=[9, 9])  # raw 2 WP > H1
    assert (hit.hard, hit.soft) == (0, 3)  # degradation only; soft kept its 2 + 1


def test_a11_armour_to_zero_or_below_still_deals_1_wp() -> None:
    hit = armour_hit(2, hard=5, soft=0, rating=6, soft_faces=[])
    assert hit.victory_score == -3
    assert (hit.damage_name, hit.wound_points) == ("Bruise", 1)


def test_soft_faces_must_match_soft_rating() -> None:
    with pytest.raises(ValueError, match="soft_faces"):
        armour_hit(5, hard=0, soft=2, rating=6, soft_faces=[3])


def test_soft_face_outside_a_d10_is_refused() -> None:
    with pytest.raises(DiceError, match="soft_faces"):
        armour_hit(5, hard=0, soft=1, rating=6, soft_faces=[11])


@pytest.mark.parametrize("argument", ["hard", "soft", "rating"])
def test_negative_armour_values_are_refused(argument: str) -> None:
    values = {"hard": 0, "soft": 0, "rating": 6, argument: -1}
    with pytest.raises(ValueError, match=f"^{argument} "):
        armour_hit(5, soft_faces=[], **values)


def test_armour_hit_explain_shows_every_number() -> None:
    hit = armour_hit(4, hard=1, soft=2, rating=6, soft_faces=[1, 7])
    assert hit.explain() == (
        "4 → hard 1 → 3 → soft 2d10 vs AR 6 (1 7: 0+2 = 2 VP) → 1 → Bruise, 1 WP; "
        "armour H1 S2 → H0 S3"
    )


def test_armour_hit_explain_without_armour_and_below_zero() -> None:
    assert armour_hit(6, 0, 0, 0, []).explain() == "6 → no armour → Wound, 3 WP"
    assert armour_hit(1, 2, 0, 0, []).explain() == (
        "1 → hard 2 → -1 → Bruise, 1 WP (at least 1 WP, A11)"
    )


# --- A11 the whole chain ---------------------------------------------------------


def test_a11_full_chain_with_shield_and_armour() -> None:
    result = resolve_damage(9, 5, (5, 10), None, hard=1, soft=2, rating=6, soft_faces=[1, 5])
    assert result.damage_vs == 14
    assert result.after_shield == 4
    assert result.victory_score == 2
    assert (result.damage_name, result.wound_points) == ("Graze", 2)
    assert (result.hard, result.soft) == (0, 3)  # raw Graze 2 WP > H1
    assert not result.stopped_by_shield
    assert result.explain() == (
        "VS 9 + damage 5 = 14 → shield 5/10 → 4 → hard 1 → 3 → "
        "soft 2d10 vs AR 6 (1 5: 0+1 = 1 VP) → 2 → Graze, 2 WP; armour H1 S2 → H0 S3"
    )


def test_a12_stopped_hit_deals_nothing_and_leaves_armour_alone() -> None:
    result = resolve_damage(2, 5, (5, 10), 3, hard=2, soft=1, rating=6, soft_faces=[])
    assert result.stopped_by_shield
    assert result.wound_points == 0
    assert result.armour is None and result.victory_score is None
    assert (result.hard, result.soft) == (2, 1)
    assert result.shield_hits_left == 2
    assert result.explain() == (
        "VS 2 + damage 5 = 7 → shield 5/10 (3 → 2 hits left) → stopped, no damage"
    )


def test_a12_hit_below_the_shield_passes_unchanged() -> None:
    result = resolve_damage(1, 3, (5, 10), 2, hard=0, soft=0, rating=0, soft_faces=[])
    assert (result.after_shield, result.wound_points, result.shield_hits_left) == (4, 2, 2)
    assert result.explain() == (
        "VS 1 + damage 3 = 4 → shield 5/10 (2 hits left) not activated → 4 → Graze, 2 WP"
    )


def test_r10_spent_shield_lets_a_hit_in_its_range_through() -> None:
    first = resolve_damage(2, 5, (5, 10), 1, 0, 0, 0, [])
    assert first.stopped_by_shield and first.shield_hits_left == 0
    second = resolve_damage(2, 5, (5, 10), first.shield_hits_left, 0, 0, 0, [])
    assert not second.stopped_by_shield
    assert (second.wound_points, second.shield_hits_left) == (3, 0)
    assert second.explain() == (
        "VS 2 + damage 5 = 7 → shield 5/10 (0 hits left) spent, passes → 7 → Wound, 3 WP"
    )


def test_no_shield_no_armour_line() -> None:
    result = resolve_damage(12, 5, None, None, 0, 0, 0, [])
    assert result.explain() == "VS 12 + damage 5 = 17 → Eviscerate, 6 WP"


def test_a11_hit_past_the_shield_deals_at_least_1_wp() -> None:
    result = resolve_damage(0, 1, None, None, hard=3, soft=0, rating=0, soft_faces=[])
    assert result.victory_score == -2
    assert result.wound_points == 1


def test_gm_override_after_shield_lets_a_stopped_hit_through() -> None:
    result = resolve_damage(2, 5, (5, 10), 3, 1, 0, 6, [], override_after_shield=6)
    assert not result.stopped_by_shield
    assert result.shield_result is None and result.shield_hits_left == 2
    assert (result.after_shield, result.victory_score, result.wound_points) == (6, 5, 3)
    assert result.explain() == (
        "VS 2 + damage 5 = 7 → shield 5/10 (3 → 2 hits left) → stopped (GM: 6) → "
        "hard 1 → 5 → Wound, 3 WP; armour H1 S0 → H0 S1"
    )


def test_gm_override_after_armour_and_wp() -> None:
    result = resolve_damage(
        9, 5, (5, 10), None, 1, 2, 6, [1, 5], override_after_armour=9, override_wp=5
    )
    assert result.armour is not None and result.armour.victory_score == 2
    assert (result.victory_score, result.damage_name, result.wound_points) == (9, "Maim", 5)
    assert result.explain() == (
        "VS 9 + damage 5 = 14 → shield 5/10 → 4 → hard 1 → 3 → "
        "soft 2d10 vs AR 6 (1 5: 0+1 = 1 VP) → 2 (GM: 9) → Gore, 4 WP (GM: Maim, 5 WP); "
        "armour H1 S2 → H0 S3"
    )


def test_gm_overrides_without_shield_or_armour_are_still_shown() -> None:
    result = resolve_damage(
        3, 2, None, None, 0, 0, 0, [], override_after_shield=8, override_after_armour=13
    )
    assert (result.victory_score, result.wound_points) == (13, 5)
    assert result.explain() == (
        "VS 3 + damage 2 = 5 → no shield → 5 (GM: 8) → no armour → 8 (GM: 13) → Maim, 5 WP"
    )


def test_overrides_of_a_stopped_hit_need_a_stage() -> None:
    with pytest.raises(ValueError, match="^override_after_armour"):
        resolve_damage(2, 5, (5, 10), None, 0, 0, 0, [], override_after_armour=3)
    with pytest.raises(ValueError, match="^override_wp"):
        resolve_damage(2, 5, (5, 10), None, 0, 0, 0, [], override_wp=3)


def test_override_wp_must_be_a_level_wp() -> None:
    with pytest.raises(ValueError, match="^override_wp"):
        resolve_damage(9, 5, None, None, 0, 0, 0, [], override_wp=0)
    with pytest.raises(ValueError, match="^override_wp"):
        resolve_damage(9, 5, None, None, 0, 0, 0, [], override_wp=7)


def test_soft_faces_must_be_empty_when_the_shield_stops_the_hit() -> None:
    with pytest.raises(ValueError, match="^soft_faces"):
        resolve_damage(2, 5, (5, 10), None, 0, 2, 6, [3, 4])


def test_resolve_damage_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="^attack_vs"):
        resolve_damage(-1, 5, None, None, 0, 0, 0, [])
    with pytest.raises(ValueError, match="^weapon_damage"):
        resolve_damage(1, -5, None, None, 0, 0, 0, [])
    with pytest.raises(ValueError, match="^shield "):
        resolve_damage(1, 5, (10, 5), None, 0, 0, 0, [])


# --- properties ---------------------------------------------------------------------

faces_st = st.integers(min_value=1, max_value=10)


@st.composite
def armour_cases(draw: st.DrawFn) -> tuple[int, int, int, int, list[int]]:
    soft = draw(st.integers(min_value=0, max_value=6))
    return (
        draw(st.integers(min_value=-10, max_value=40)),
        draw(st.integers(min_value=0, max_value=8)),
        soft,
        draw(st.integers(min_value=0, max_value=25)),
        draw(st.lists(faces_st, min_size=soft, max_size=soft)),
    )


@given(armour_cases())
def test_armour_never_increases_vs_and_never_grows(
    case: tuple[int, int, int, int, list[int]],
) -> None:
    vs, hard, soft, rating, faces = case
    hit: ArmourHit = armour_hit(vs, hard, soft, rating, faces)
    assert hit.victory_score <= vs
    assert 1 <= hit.wound_points <= 6
    assert hit.hard + hit.soft <= hard + soft
    assert 0 <= hit.hard <= hard and hit.soft >= 0


@given(
    st.integers(min_value=-10, max_value=60),
    st.integers(min_value=0, max_value=20),
    st.integers(min_value=0, max_value=20),
)
def test_shield_output_never_exceeds_input(vs: int, low: int, span: int) -> None:
    passed = shield_pass(vs, low, low + span)
    assert passed is None or passed <= vs


@given(
    st.integers(min_value=0, max_value=30),
    st.integers(min_value=0, max_value=15),
    st.one_of(st.none(), st.tuples(st.integers(0, 10), st.integers(0, 10))),
    st.one_of(st.none(), st.integers(min_value=0, max_value=3)),
    armour_cases(),
)
def test_resolved_wp_is_0_when_stopped_else_1_to_6(
    attack_vs: int,
    damage: int,
    shield: tuple[int, int] | None,
    hits: int | None,
    case: tuple[int, int, int, int, list[int]],
) -> None:
    _vs, hard, soft, rating, faces = case
    if shield is not None:
        shield = (min(shield), max(shield))
    passed = apply_shield(attack_vs + damage, shield, hits).victory_score
    result = resolve_damage(
        attack_vs, damage, shield, hits, hard, soft, rating, faces if passed is not None else []
    )
    if result.stopped_by_shield:
        assert result.wound_points == 0 and (result.hard, result.soft) == (hard, soft)
    else:
        assert 1 <= result.wound_points <= 6
        assert result.hard + result.soft <= hard + soft
    if hits is not None:
        assert result.shield_hits_left in (hits, hits - 1)

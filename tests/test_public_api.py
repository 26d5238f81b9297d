"""The issue's fixed API is importable from `rules` itself, with the documented shapes."""

from fractions import Fraction

import rules


def test_every_named_function_is_exported() -> None:
    names = """victory_points success_score victory_level damage_level complementary_bonus
    extended_total reaction_time can_react shield_pass armour_hit open_roll_total fumble_level
    ability_check resistance_check characteristic_margin opposed_characteristic luck_die
    desperation_die success_distribution chance_of_success open_roll_distribution""".split()
    missing = [n for n in names if not callable(getattr(rules, n, None))]
    assert missing == []


def test_seed_examples_through_the_package_root() -> None:
    assert rules.success_score(7, [1, 5, 7, 8, 8, 10]) == 12  # Enzo
    assert rules.extended_total([9, 16]) == 23  # Maria
    assert rules.reaction_time("ready", 7, 7) == 2  # Kans
    assert rules.shield_pass(14, 5, 10) == 4
    assert rules.open_roll_total([95, 90]) == 185
    assert rules.fumble_level(1, 90) == 105
    assert rules.opposed_characteristic(9, 4, 10, 8) == 3
    hit = rules.armour_hit(17, 3, 0, 0, [])  # raw 6 WP against H3 (A13)
    assert (hit.hard, hit.soft) == (0, 3)
    assert sum(rules.success_distribution(7, 6).values()) == Fraction(1)

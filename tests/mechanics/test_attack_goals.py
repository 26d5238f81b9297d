"""A8: the attack goals by range or reach, one table the dialog and the help read."""

from __future__ import annotations

from rules.mechanics.chart import CLOSE_IN, MELEE_GOALS, RANGED_GOALS, attack_goals


def test_ranged_goals_by_range_A8() -> None:
    assert attack_goals("ranged") == {"Point Blank": 1, "Short": 3, "Medium": 5, "Long": 9}


def test_melee_goals_and_close_in_the_gm_sets_A8() -> None:
    assert attack_goals("melee") == {"Standard Melee": 3, CLOSE_IN: None}


def test_the_tables_are_copies_a_caller_cannot_change() -> None:
    attack_goals("ranged")["Short"] = 99
    attack_goals("melee")["Standard Melee"] = 99
    assert RANGED_GOALS["Short"] == 3 and MELEE_GOALS["Standard Melee"] == 3

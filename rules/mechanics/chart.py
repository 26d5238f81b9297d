"""The Victory Point chart, goals, victory and damage levels (RULES A1, A2, A4, A7, A8).

The chart is data, transcribed once from the seed; every lookup reads it.
"""

from __future__ import annotations

# A1: for each stat row, the faces that score 0, 1, 2, 3 and 4 VP ("-" = none).
_CHART_TEXT: dict[int, tuple[str, str, str, str, str]] = {
    20: ("-", "-", "1-3", "4-8", "9-10"),
    19: ("-", "-", "1-3", "4-9", "10"),
    18: ("-", "-", "1-4", "5-9", "10"),
    17: ("-", "-", "1-5", "6-9", "10"),
    16: ("-", "-", "1-5", "6-10", "-"),
    15: ("-", "1", "2-5", "6-10", "-"),
    14: ("-", "1-2", "3-5", "6-10", "-"),
    13: ("1", "2", "3-5", "6-10", "-"),
    12: ("1", "2", "3-6", "7-10", "-"),
    11: ("1", "2-3", "4-6", "7-10", "-"),
    10: ("1", "2-4", "5-6", "7-10", "-"),
    9: ("1", "2-4", "5-7", "8-10", "-"),
    8: ("1", "2-5", "6-7", "8-10", "-"),
    7: ("1-2", "3-5", "6-7", "8-10", "-"),
    6: ("1-2", "3-5", "6-8", "9-10", "-"),
    5: ("1-2", "3-6", "7-8", "9-10", "-"),
    4: ("1-3", "4-6", "7-8", "9-10", "-"),
    3: ("1-3", "4-6", "7-9", "10", "-"),
    2: ("1-3", "4-7", "8-9", "10", "-"),
    1: ("1-4", "5-7", "8-9", "10", "-"),
    0: ("1-4", "5-7", "8-10", "-", "-"),
}

STAT_MIN = 0
STAT_MAX = 20


def _build_chart() -> tuple[tuple[int, ...], ...]:
    rows: list[tuple[int, ...]] = []
    for stat in range(STAT_MIN, STAT_MAX + 1):
        vp_of_face = [-1] * 11
        for vp, cell in enumerate(_CHART_TEXT[stat]):
            if cell == "-":
                continue
            low, _, high = cell.partition("-")
            for face in range(int(low), int(high or low) + 1):
                vp_of_face[face] = vp
        if -1 in vp_of_face[1:]:
            raise AssertionError(f"VP chart row {stat} does not cover every face")
        rows.append(tuple(vp_of_face))
    return tuple(rows)


# VP_CHART[stat][face] for stat 0..20 and face 1..10 (index 0 unused).
VP_CHART: tuple[tuple[int, ...], ...] = _build_chart()


def clamp_stat(stat: int) -> int:
    """R1: the chart row of an effective stat, clamped to 0-20."""
    return STAT_MIN if stat < STAT_MIN else STAT_MAX if stat > STAT_MAX else stat


# A2 and R2: named goals, with Near Impossible 17 so the seed examples replay by name.
GOALS: dict[str, int] = {
    "Routine": 1,
    "Easy": 3,
    "Difficult": 5,
    "Hard": 9,
    "Extremely Hard": 13,
    "Near Impossible": 17,
}

# A2: (VS threshold, victory level, ability word, damage name, wound points).
LEVELS: tuple[tuple[int, str, str, str, int], ...] = (
    (0, "Minimal", "Hack", "Bruise", 1),
    (2, "Reasonable", "Competent", "Graze", 2),
    (5, "Good", "Professional", "Wound", 3),
    (9, "Excellent", "Expert", "Gore", 4),
    (13, "Superb", "Master", "Maim", 5),
    (17, "Near Perfection", "Grandmaster", "Eviscerate", 6),
)

# A4: (supporting SS at least, bonus).
COMPLEMENTARY: tuple[tuple[int, int], ...] = ((1, 1), (3, 2), (5, 3), (9, 4), (13, 6), (17, 9))

# A7: base reaction time by awareness.
REACTION_BASE: dict[str, int] = {"active": 3, "ready": 4, "standard": 6, "surprised": 9}

# A8: attack goals (Close-In has none: the GM sets it).
RANGED_GOALS: dict[str, int] = {"Point Blank": 1, "Short": 3, "Medium": 5, "Long": 9}
MELEE_GOALS: dict[str, int] = {"Standard Melee": 3}
CLOSE_IN = "Close-In"


def attack_goals(kind: str) -> dict[str, int | None]:
    """A8: the goals by range (ranged) or reach (melee); Close-In has none (None): the GM's."""
    if kind == "ranged":
        return dict(RANGED_GOALS)
    return {**MELEE_GOALS, CLOSE_IN: None}


# A10: dodge goals by what the dodger does.
DODGE_GOALS: dict[str, int] = {
    "heavy cover": 3,
    "light cover": 5,
    "hit the floor": 8,
    "melee": 4,
}

# A8: SS penalty by number of actions in one opportunity.
ACTION_PENALTY: dict[int, int] = {1: 0, 2: -4, 3: -6}
MAX_ACTIONS = 3

# R6: a new action's default time cost.
DEFAULT_ACTION_COST = 3

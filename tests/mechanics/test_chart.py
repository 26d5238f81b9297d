"""The VP chart and goal/level tables against the rule text as printed (RULES A1, A2, A4, R1, R2).

The seed is parsed independently of `rules.mechanics.chart`, so a transcription slip
in either shows up here, cell by cell.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.mechanics.chart import COMPLEMENTARY, GOALS, LEVELS, VP_CHART, clamp_stat

CHART_TEXT = Path(__file__).resolve().parents[1] / "data" / "fading_suns_chart.txt"


def _seed_text() -> str:
    """The chart as printed: the repository's own verbatim copy (its header names the source)."""
    text = CHART_TEXT.read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if not line.startswith("#"))


def _faces(cell: str) -> set[int]:
    """A chart cell: `-` is none, `a-b` a range, and a `0` stands for the face 10."""
    if cell == "-":
        return set()
    low, _, high = cell.partition("-")
    first, last = (int(x) or 10 for x in (low, high or low))
    return set(range(first, last + 1))


def _seed_chart() -> dict[int, dict[int, int]]:
    """Parse the "Stat Victory Points" block into {stat: {face: VP}}."""
    lines = _seed_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "Stat Victory Points")
    assert lines[start + 1].split() == ["0", "1", "2", "3", "4"]
    chart: dict[int, dict[int, int]] = {}
    for line in lines[start + 2 : start + 2 + 21]:
        stat_text, *cells = line.split()
        assert len(cells) == 5, f"chart row {line!r} does not have five VP columns"
        row: dict[int, int] = {}
        for vp, cell in enumerate(cells):
            for face in _faces(cell):
                assert face not in row, f"face {face} listed twice in row {stat_text}"
                row[face] = vp
        chart[int(stat_text)] = row
    return chart


@pytest.fixture(scope="module")
def seed_chart() -> dict[int, dict[int, int]]:
    return _seed_chart()


def _seed_line(prefix: str) -> str:
    """The rest of the seed line that starts with `prefix`."""
    line = next((x for x in _seed_text().splitlines() if x.startswith(prefix)), None)
    assert line is not None, f"no line starting {prefix!r} in the seed"
    return line.removeprefix(prefix)


def test_seed_chart_block_is_complete(seed_chart: dict[int, dict[int, int]]) -> None:
    assert sorted(seed_chart) == list(range(21))
    for stat, row in seed_chart.items():
        assert sorted(row) == list(range(1, 11)), f"row {stat} does not cover faces 1-10"


@pytest.mark.parametrize(
    ("stat", "face"), [(stat, face) for stat in range(20, -1, -1) for face in range(1, 11)]
)
def test_chart_cell_matches_seed(
    seed_chart: dict[int, dict[int, int]], stat: int, face: int
) -> None:
    """A1: each of the 210 cells, as the seed prints it."""
    assert VP_CHART[stat][face] == seed_chart[stat][face]


def test_chart_has_21_rows_of_10_faces() -> None:
    assert len(VP_CHART) == 21
    assert all(len(row) == 11 for row in VP_CHART)  # index 0 unused


def test_chart_never_falls_as_the_stat_or_face_rises() -> None:
    """A1: a higher stat or a higher face never scores fewer VP (the chart's shape)."""
    for stat in range(21):
        for face in range(1, 11):
            if face < 10:
                assert VP_CHART[stat][face] <= VP_CHART[stat][face + 1]
            if stat < 20:
                assert VP_CHART[stat][face] <= VP_CHART[stat + 1][face]


@pytest.mark.parametrize(("stat", "row"), [(-5, 0), (-1, 0), (0, 0), (13, 13), (20, 20), (21, 20)])
def test_clamp_stat_r1(stat: int, row: int) -> None:
    """R1: stats outside 0-20 read the edge rows."""
    assert clamp_stat(stat) == row


def test_goals_match_seed_and_r2() -> None:
    """A2: the five named goals as printed; R2 adds Near Impossible 17."""
    seed = re.findall(r"\s*(\D+?) (\d+)", _seed_line("Difficulty Level Goal "))
    expected = {name: int(goal) for name, goal in seed}
    assert expected == {"Routine": 1, "Easy": 3, "Difficult": 5, "Hard": 9, "Extremely Hard": 13}
    assert {k: v for k, v in GOALS.items() if k != "Near Impossible"} == expected
    assert GOALS["Near Impossible"] == 17


def test_victory_levels_match_seed() -> None:
    """A2: level/ability names and VS thresholds as printed."""
    seed = re.findall(r"\s*(\D+?) (\d+)", _seed_line("Victory Level/Ability Victory Score "))
    assert len(seed) == 6
    assert [(f"{level}/{ability}", str(vs)) for vs, level, ability, _d, _w in LEVELS] == seed


def test_damage_names_match_seed() -> None:
    """A2/A11: damage names by VS threshold, and their wound points, as printed."""
    seed = re.findall(r"(\w+) (\d+) \(", _seed_line("Damage Victory Score "))
    assert len(seed) == 6
    assert [(damage, str(vs)) for vs, _l, _a, damage, _w in LEVELS] == seed
    wounds = re.findall(r"^([A-Z][a-z]+) (\d) Wound Points$", _seed_text(), re.MULTILINE)
    assert [(damage, str(wp)) for _v, _l, _a, damage, wp in LEVELS] == wounds


def test_complementary_table_matches_seed() -> None:
    """A4: supporting SS thresholds and bonuses as printed, one per victory level."""
    line = _seed_line("Victory Level Success Score Complementary Bonus ")
    seed = re.findall(r"\s*(\D+?) (\d+) (\d+)", line)
    assert [name for name, _ss, _bonus in seed] == [level for _v, level, _a, _d, _w in LEVELS]
    assert [(int(ss), int(bonus)) for _name, ss, bonus in seed] == list(COMPLEMENTARY)

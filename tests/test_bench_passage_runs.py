"""`make bench passage` still runs its scenes: since R31 its day of poison ran out of
scripted dice (a being at Endurance 0 is checked at every tick) and nothing said so,
as no test runs the bench. Figures are not asserted here (speed is the bench's), only
that each scene completes with the outcome its docstring promises."""

from __future__ import annotations

from bench import bench_passage


def test_the_day_of_poison_passes_in_one_command_with_a_handful_of_lines() -> None:
    _ms, commands, lines, ticks = bench_passage.pass_day_ms()
    assert commands == 1  # no Endurance on the sheets: no check stops the day (A16)
    assert ticks == bench_passage.COMBATANTS * bench_passage.DAY
    assert lines < 20  # one line a source, not one a tick (issue 23)


def test_the_days_forecast_runs() -> None:
    assert bench_passage.forecast_ms() >= 0

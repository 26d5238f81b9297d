"""A snapshot of the main screen with the ruler drawing, ahead of now, bleeding's ♦ (A14),
an effect's end ✕ (Kans Stunned for 6 TU) and a reminder ⚑ (in 8 TU), and the header
naming what ends next (issue 15). Regenerate with `pytest --snapshot-update` only after
looking at the new picture."""

from __future__ import annotations

from pathlib import Path

from tests.support.effect_scenes import bleeder_near_zero, effects_ahead
from tracker.app.tracker_app import make_app


def test_ruler_with_bleeding_an_effect_end_and_a_reminder(snap_compare, tmp_path: Path) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    assert snap_compare(app, terminal_size=(120, 40), run_before=effects_ahead)


def test_ruler_marks_the_tick_a_bleeder_reaches_zero(snap_compare, tmp_path: Path) -> None:
    """☠ at track 10: Baron Molin's next bleeding tick brings his Endurance to 0 (R31)."""
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    assert snap_compare(app, terminal_size=(120, 40), run_before=bleeder_near_zero)

"""Snapshots of the main screen mid-fight, at 120×40 (legible) and 80×24 (usable).

The card game with seeded dice (seed 1): combat begun by keys (b, then enter:
the selected Dinzis opens ticked, A7), the track advanced (n) so Dinzis acts
now, then two wounds by hand — Kans grazed in the chest, the Baron gored in the left arm (bleeding,
R12; a breakage roll pending, A15) — so the banner, the bleeding tick on
the track and the wound columns all show. Regenerate with
`pytest --snapshot-update` only after looking at the new pictures.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.scenes import mid_fight
from tracker.app.tracker_app import make_app


def test_main_screen_120x40(snap_compare, tmp_path: Path) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    assert snap_compare(app, terminal_size=(120, 40), run_before=mid_fight)


def test_main_screen_80x24(snap_compare, tmp_path: Path) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    assert snap_compare(app, terminal_size=(80, 24), run_before=mid_fight)

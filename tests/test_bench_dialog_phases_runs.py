"""`make bench`'s phase probes still find their phases: each probe wraps a method by name
(the act flow's answer, the autosave, a screen's resume, the compositor's reflow), and a
rename would leave the module with no sample. Figures are not asserted (speed is the
bench's), only that every phase is measured, in order. About 10 s: it builds the
bench's 200-combatant fight with a 5,000-line log, as bench_dialog does."""

from __future__ import annotations

import pytest

from bench import bench_dialog, bench_dialog_phases


def test_every_phase_of_the_roll_to_its_dialog_is_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual._compositor import Compositor

    from tracker.app.autosave import Autosaver

    before = (Compositor.reflow, Autosaver.flush)
    monkeypatch.setattr(bench_dialog, "SAMPLES", 1)  # the rolls are bench_dialog's
    figures = bench_dialog_phases.run()
    assert (Compositor.reflow, Autosaver.flush) == before  # the probes are taken off again
    phases = [name for name in figures if name.startswith("dialog_phase_") and "_to_" in name]
    assert len(phases) == len(bench_dialog_phases.PHASES)
    assert all(figures[name] > 0 for name in phases)
    assert figures["dialog_phase_pace_us"] > 0

"""Quitting with q: the encounter is saved first; if that save fails, a second q quits.

Driven by keys on the demo, as in test_main_screen.py (whose helpers these
use); a q racing a dialog key is test_quit_race.py.
"""

from __future__ import annotations

from pathlib import Path

from rules.model.commands import ApplyWound
from rules.saves.store import load_session
from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import until


async def test_quit_autosaves(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        app.run_command(ApplyWound(target="kans", wound_points=1))
        await pilot.press("q")
    saved = load_session(app.save_path)
    assert saved.encounter.model_dump() == app.session.encounter.model_dump()
    assert [s.command.type for s in saved.done] == ["start", "wound"]


async def test_quit_after_a_failed_save_needs_a_second_q(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        await until(pilot, lambda: app.saved)
        app.save_path.unlink()
        app.save_path.mkdir()  # a folder where the save belongs: the save must fail
        app.run_command(ApplyWound(target="kans", wound_points=1))
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and not app.saved
        await pilot.press("q")
    assert app.return_code == 0

"""Physical dice are kept when a fight is resumed; the command line still overrides.

Started with `--physical`, quit, reopened: the status bar says PHYSICAL from
the first frame and the next roll (A7's reaction rolls at `b`) asks for the
faces instead of rolling them. `m` is remembered the same way; a save from
before schema 2 (no `dice`) resumes virtual.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules.saves.store import load_session
from tests.support.modal_host import until
from tracker.__main__ import main
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.main import MainScreen
from tracker.widgets.status_bar import StatusBar

SIZE = (120, 40)


def status(app: TrackerApp) -> str:
    return str(app.screen.query_one(StatusBar).content)


async def played_physical(tmp_path: Path) -> Path:
    """`tracker --demo --physical`, a new day (C1: saved), quit."""
    app = make_app(demo=True, saves_dir=tmp_path, seed=1, dice_mode="physical")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("N")
        await until(pilot, lambda: app.autosave.saved and app.session.encounter.day == 2)
        await pilot.press("q")
    assert app.save_path is not None
    return app.save_path


async def test_a_resumed_fight_keeps_physical_dice_and_asks_for_the_roll(tmp_path: Path) -> None:
    path = await played_physical(tmp_path)
    assert load_session(path).dice == "physical"
    app = make_app(path, saves_dir=tmp_path, seed=1)  # no flag: the save's own mode
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.dice_mode == "physical"
        assert "dice: PHYSICAL" in status(app)
        await pilot.press("b")
        await until(pilot, lambda: type(app.screen).__name__ == "BeginCombat")
        await pilot.press("enter")  # the selected first row is ticked
        await until(pilot, lambda: type(app.screen).__name__ == "DiceEntry")  # A7: asked
        assert not app.session.encounter.in_combat


async def test_the_command_line_overrides_and_m_is_remembered(tmp_path: Path) -> None:
    path = await played_physical(tmp_path)
    app = make_app(path, saves_dir=tmp_path, seed=1, dice_mode="virtual")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.dice_mode == "virtual" and "dice: virtual" in status(app)
        await pilot.press("m")  # the GM goes back to physical dice: saved at once
        await until(pilot, lambda: app.autosave.saved and app.dice_mode == "physical")
    assert load_session(path).dice == "physical"


def test_only_the_physical_flag_overrides_the_saves_mode(monkeypatch: Any, tmp_path: Path) -> None:
    """`tracker PATH` hands no dice mode (the save's own); `--physical` hands physical.
    The PATH must be there: the command line refuses a missing one first (issue 28)."""
    import tracker.app.tracker_app

    fight = tmp_path / "fight.json"
    fight.write_text("{}", encoding="utf-8")  # never read: the app is faked

    asked: list[object] = []

    class Ran:
        return_code = 0

        def run(self) -> None:
            pass

    def fake(*args: object, **kwargs: object) -> Ran:
        asked.append(kwargs["dice_mode"])
        return Ran()

    monkeypatch.setattr(tracker.app.tracker_app, "make_app", fake)
    assert main([str(fight), "--saves", str(tmp_path)]) == 0
    assert main([str(fight), "--physical", "--saves", str(tmp_path)]) == 0
    assert asked == [None, "physical"]


async def test_a_save_without_a_dice_mode_resumes_virtual(tmp_path: Path) -> None:
    path = await played_physical(tmp_path)
    data = json.loads(path.read_text())
    del data["dice"]  # as schema 1 wrote it
    data["schema_version"] = data["encounter"]["schema_version"] = 1
    data["history"]["base"]["schema_version"] = 1
    path.write_text(json.dumps(data, indent=1))
    app = make_app(path, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session.encounter.day == 2
        assert app.dice_mode == "virtual" and "dice: virtual" in status(app)

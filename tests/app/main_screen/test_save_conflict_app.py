"""The app refuses to autosave over a save another copy changed, says so, and keeps refusing.

The tester's repro: two copies on twin.json, N in one, then a command in the
other. Here the first copy is a session saved behind the app's back (as a
second process would). Nothing may be lost: the other copy's file stays as
it wrote it, and this app's fight is saved under a new name with ctrl+s.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Luck, NewDay
from rules.saves.store import load_session, save_session
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.files.demo import DEMO_PATH
from tracker.screens.main import MainScreen

SIZE = (120, 40)


def conflicts(app: TrackerApp) -> list[str]:
    return [n.message for n in app._notifications if "changed by another copy" in n.message]


def steps(path: Path) -> list[str]:
    return [step.command.type for step in load_session(path).done]


async def test_a_save_changed_by_another_copy_is_never_overwritten(tmp_path: Path) -> None:
    twin = tmp_path / "twin.json"
    shutil.copyfile(DEMO_PATH, twin)
    app = make_app(twin, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session is not None  # loaded: this copy has read twin.json
        other = load_session(twin)  # the other copy: a new day (C1), saved first
        other.do(NewDay(), ScriptedDice())
        save_session(other, twin)
        theirs = twin.read_bytes()

        await pilot.press("N")
        await until(pilot, lambda: len(conflicts(app)) == 1)
        message = conflicts(app)[0]
        assert str(twin) in message
        assert "another copy of the tracker or another program" in message
        assert "save this fight under another name, or reopen the file" in message
        assert "(ctrl+s saves it as a new file, o reopens the file)" in message
        assert not app.autosave.saved and twin.read_bytes() == theirs

        await pilot.press("N")  # the next command is refused again, not saved silently
        await until(pilot, lambda: len(conflicts(app)) == 2)
        assert twin.read_bytes() == theirs

        await pilot.press("q")  # it tries once more; quitting would lose this copy's fight
        await until(pilot, lambda: len(conflicts(app)) == 3)
        assert app.is_running
        assert any("press q again" in n.message for n in app._notifications)

        await pilot.press("ctrl+s")
        await until(pilot, lambda: type(app.screen).__name__ == "SaveAs")
        app.screen.query_one("#name").value = "twin-mine"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: app.save_path == tmp_path / "twin-mine.json")
        await pilot.press("N")
        await until(pilot, lambda: app.autosave.saved)
        assert len(conflicts(app)) == 3
    assert twin.read_bytes() == theirs  # the other copy's new day survives
    assert steps(twin) == ["new-day"]
    assert steps(tmp_path / "twin-mine.json") == ["new-day"] * 3  # and this copy's fight


OTHER_COPY = """
import sys
from pathlib import Path
from rules.model.commands import NewDay
from rules.mechanics.dice import ScriptedDice
from rules.saves.store import load_session, save_session
path = Path(sys.argv[1])
other = load_session(path)
other.do(NewDay(), ScriptedDice())
save_session(other, path)
"""


async def test_the_loser_of_a_race_with_another_process_keeps_its_fight(tmp_path: Path) -> None:
    """Another process saves first: this app is told, keeps its session, and says unsaved."""
    import subprocess
    import sys

    from tracker.widgets.status_bar import StatusBar

    twin = tmp_path / "twin.json"
    shutil.copyfile(DEMO_PATH, twin)
    app = make_app(twin, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        session = app.session
        repo = Path(__file__).resolve().parents[3]
        subprocess.run([sys.executable, "-c", OTHER_COPY, str(twin)], cwd=repo, check=True)
        theirs = twin.read_bytes()
        app.run_command(Luck(target="kans", amount=2))  # this copy's command, then autosave
        await until(pilot, lambda: len(conflicts(app)) == 1)
        assert app.session is session  # the fight on screen is this copy's, whole
        assert [s.command.type for s in session.done] == ["luck"]
        assert twin.read_bytes() == theirs and steps(twin) == ["new-day"]
        bar = str(app.screen.query_one(StatusBar).content)
        assert "unsaved since" in bar and "ctrl+s to save elsewhere" in bar


async def test_a_save_swapped_for_a_link_is_a_conflict_in_the_app(tmp_path: Path) -> None:
    twin, other = tmp_path / "twin.json", tmp_path / "other.json"
    shutil.copyfile(DEMO_PATH, twin)
    shutil.copyfile(DEMO_PATH, other)
    before = other.read_bytes()
    app = make_app(twin, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.session)
        twin.unlink()
        twin.symlink_to(other)
        await pilot.press("N")
        await until(pilot, lambda: any("symbolic link" in n.message for n in app._notifications))
        assert str(twin) in next(n.message for n in app._notifications if "symbolic" in n.message)
        assert app.session.encounter.day == 2
    assert other.read_bytes() == before

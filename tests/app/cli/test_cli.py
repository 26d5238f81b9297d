"""The command line and the bundled data: arguments, the schema, the demo and the roster;
opening a save (`tracker PATH`: everything restored, a broken file explained) and the
saves browser (`tracker`).

tracker/data/ (what an installed tracker reads) and the checkout's saves/ are both
written by tracker.files.demo; these tests fail when either copy and the code that
documents it drift apart.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, StartCombat
from rules.model.state import Combatant
from rules.saves.store import export_schema, load_session, save_session
from tests.support.modal_host import until
from tracker import __version__
from tracker.__main__ import build_parser, main
from tracker.app.tracker_app import make_app
from tracker.files.demo import (
    CHECKOUT_DEMO,
    CHECKOUT_ROSTER,
    DEMO_PATH,
    ROSTER_DIR,
    build_demo,
    copy_demo,
    roster_templates,
)
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"tracker {__version__}"


def test_help_names_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for option in ("--demo", "--saves", "--seed", "--schema", "--version", "path"):
        assert option in out


def test_schema_is_the_save_files_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--schema"]) == 0
    assert json.loads(capsys.readouterr().out) == export_schema()


def test_demo_and_a_path_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--demo", "some.json"])
    assert exit_.value.code == 2
    assert "not both" in capsys.readouterr().err


def test_arguments_are_parsed() -> None:
    args = build_parser().parse_args(["fight.json", "--saves", "/tmp/x", "--seed", "7"])
    assert (args.path, args.saves, args.seed, args.demo) == (
        Path("fight.json"),
        Path("/tmp/x"),
        7,
        False,
    )


def test_installed_entry_point_answers_without_a_terminal() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tracker", "--version"], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == f"tracker {__version__}"


@pytest.mark.parametrize("copy", ["package", "checkout"])
def test_bundled_demo_equals_what_the_code_builds(copy: str, tmp_path: Path) -> None:
    path = tmp_path / "demo.json"
    path.write_bytes(DEMO_PATH.read_bytes() if copy == "package" else CHECKOUT_DEMO.read_bytes())
    session = load_session(path)
    assert session.encounter.model_dump() == build_demo().model_dump()
    assert session.done == [] and session.undone == []  # nothing to undo in a fresh demo
    assert session.base is not None and session.base.model_dump() == build_demo().model_dump()


@pytest.mark.parametrize("copy", ["package", "checkout"])
def test_roster_files_equal_the_templates_the_code_builds(copy: str) -> None:
    folder = ROSTER_DIR if copy == "package" else CHECKOUT_ROSTER
    templates = roster_templates()
    files = [p for p in folder.iterdir() if p.name.endswith(".json")]
    assert sorted(p.name.removesuffix(".json") for p in files) == sorted(templates)
    for stem, combatant in templates.items():
        data = json.loads((folder / f"{stem}.json").read_text(encoding="utf-8"))
        assert Combatant.model_validate(data) == combatant


def test_demo_replays_the_seed_card_game_A7() -> None:
    """A7 seed check: Kans (ready, Wits 7) rolls 7 → TTU 2; the Baron (surprised, Wits 5)
    rolls 10 → TTU 6; Dinzis, who starts it, is at 0."""
    session = Session(build_demo())
    session.do(StartCombat(initiators=["dinzis"]), ScriptedDice([7, 10]))
    ttu = {cid: c.ttu for cid, c in session.encounter.combatants.items()}
    assert ttu == {"dinzis": 0, "kans": 2, "molin": 6}


def test_demo_copies_are_new_files_and_the_demo_is_untouched(tmp_path: Path) -> None:
    before = hashlib.sha256(DEMO_PATH.read_bytes()).hexdigest()
    first, second = copy_demo(tmp_path), copy_demo(tmp_path)
    assert first != second and first.parent == second.parent == tmp_path
    assert first.name == "the-card-game.json" and second.name == "the-card-game-2.json"
    for demo in (DEMO_PATH, CHECKOUT_DEMO):  # opening the demo itself copies it too
        assert isinstance(demo, Path)  # installed as files (setuptools), so a Path
        app = make_app(demo, saves_dir=tmp_path)
        assert app.start_path is not None and app.start_path.parent == tmp_path
    assert hashlib.sha256(DEMO_PATH.read_bytes()).hexdigest() == before
    assert len(list(tmp_path.glob("the-card-game*.json"))) == 4


def test_make_app_refuses_demo_and_path() -> None:
    with pytest.raises(ValueError, match="path"):
        make_app(Path("x.json"), demo=True)


def test_demo_stem_is_what_autosave_path_names_the_demo() -> None:
    from rules.saves.folder import autosave_path
    from tracker.files.demo import DEMO_STEM

    assert autosave_path(Path("."), build_demo().name).stem == DEMO_STEM


# --- opening a save: `tracker PATH` and the saves browser (`tracker`) ----------------
async def test_resume_restores_log_and_undo_history(tmp_path: Path) -> None:
    session = Session(build_demo())
    session.do(StartCombat(initiators=["dinzis"]), ScriptedDice([7, 10]))
    before_wound = session.encounter.model_dump(mode="json")
    session.do(ApplyWound(target="kans", wound_points=2, location="chest"), ScriptedDice([]))
    path = tmp_path / "resumed.json"
    save_session(session, path)
    app = make_app(path, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        assert [e.text for e in enc.log] == [e.text for e in session.encounter.log]
        assert enc.combatants["kans"].ttu == 2 and enc.combatants["molin"].ttu == 6  # A7
        assert len(app.session.done) == 2
        await pilot.press("u")  # the journals are rebuilt by replay, then undone
        await until(pilot, lambda: not app.session.encounter.combatants["kans"].wounds)
        assert app.session.encounter.model_dump(mode="json") == before_wound


async def test_corrupt_file_shows_reason_and_path_and_the_app_stays_up(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "fading-suns-tracker", "schema_version": 1, "encou')
    app = make_app(bad, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser: SavesBrowser = app.screen  # type: ignore[assignment]
        assert "truncated or not JSON" in browser.error
        assert str(bad) in browser.error
        assert app.session is None and app.is_running
        browser.choose(str(bad))  # opening it again from the list: still refused
        await pilot.pause()
        assert isinstance(app.screen, SavesBrowser) and app.is_running
        browser.choose("demo")  # the app is still usable
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session.encounter.name == "The card game"


async def test_saves_browser_lists_newest_first_and_flags_broken_files(tmp_path: Path) -> None:
    import os

    older, newer = tmp_path / "older.json", tmp_path / "newer.json"
    for path, name in ((older, "Old fight"), (newer, "New fight")):
        enc = build_demo()
        enc.name = name
        save_session(Session(enc), path)
    os.utime(older, (1_000_000, 1_000_000))
    (tmp_path / "junk.json").write_text("not json")
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser: SavesBrowser = app.screen  # type: ignore[assignment]
        names = [info.name for info in browser.saves.values()]
        assert names.index("New fight") < names.index("Old fight")
        assert browser.saves[str(tmp_path / "junk.json")].error
        await pilot.press("enter")  # the first row: a new encounter
        await until(pilot, lambda: type(app.screen).__name__ == "EncounterName")
        await pilot.press("enter")  # the name it offers: "New encounter"
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session.encounter.name == "New encounter"
        assert app.save_path is not None and app.save_path.exists()


async def test_a_save_whose_history_is_broken_returns_to_the_browser(tmp_path: Path) -> None:
    """The first frame paints from the encounter alone; the full load then finds the
    broken history, and the browser says why (the app stays up)."""
    import json

    path = tmp_path / "half-good.json"
    save_session(Session(build_demo()), path)
    data = json.loads(path.read_text())
    data["history"]["done"] = [{"command": {"type": "no-such-command"}, "faces": []}]
    path.write_text(json.dumps(data))
    app = make_app(path, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser: SavesBrowser = app.screen  # type: ignore[assignment]
        assert str(path) in browser.error and "history" in browser.error
        assert app.session is None and app.is_running


async def test_the_session_loads_right_after_the_first_frame(tmp_path: Path) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app._session is not None)  # nobody asked: it loads anyway
        assert app.encounter is app._session.encounter
        assert app.session.encounter.name == "The card game"

"""Two encounters from the same party both writing back (issue 17): the second is refused
with the rules' words, and the GM merges by character or saves its party aside; nothing
is overwritten silently, and escape writes nothing."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Select, Static

from rules.model.commands import ApplyWound, Luck
from tests.support.modal_host import until
from tests.support.party_ui import encounter_file, kans, party_file, read, ula
from tracker.app.commands_palette import TrackerCommands
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.party.write_back import ConflictDialog, MergePicks, WriteBackDialog
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)


async def _write_back(pilot, app: TrackerApp) -> None:  # type: ignore[no-untyped-def]
    """The palette's write-back, its summary confirmed with y."""
    entries = TrackerCommands(app.screen).entries()
    (run,) = [run for title, run, _ in entries if title.startswith("Write back to the party")]
    app.call_later(run)
    await until(pilot, lambda: isinstance(app.screen, WriteBackDialog))
    await pilot.press("y")


async def _two_write_backs(  # type: ignore[no-untyped-def]
    pilot, app: TrackerApp, saves: Path, second: Path, *, ula_too: bool = False
) -> None:
    """Morning (open): Kans wounded (`ula_too`: Ula too), written back. Then the other
    encounter, opened from the browser (`o`), gives Kans 1 LP (and, unless `ula_too`,
    Ula 3 LP) and writes back too."""
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    assert app.run_command(ApplyWound(target="kans", wound_points=2, location="left leg"))
    if ula_too:
        assert app.run_command(ApplyWound(target="ula", wound_points=1))
    await _write_back(pilot, app)
    await until(pilot, lambda: read(saves / "parties" / "hawkwood.json").revision == 2)
    await pilot.press("o")
    await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
    table = app.screen.query_one(DataTable)
    await until(pilot, lambda: str(second) in app.screen.saves)  # type: ignore[attr-defined]
    table.move_cursor(row=table.get_row_index(str(second)))
    await pilot.press("enter")
    await until(pilot, lambda: app.save_path == second and isinstance(app.screen, MainScreen))
    assert app.run_command(Luck(target="kans", amount=1))
    if not ula_too:
        assert app.run_command(Luck(target="ula", amount=3))
    await _write_back(pilot, app)
    await until(pilot, lambda: isinstance(app.screen, ConflictDialog))


def _setup(saves: Path) -> tuple[Path, Path, TrackerApp]:
    path = party_file(saves, kans(), ula())
    morning = encounter_file(saves, path, "Morning")
    afternoon = encounter_file(saves, path, "Afternoon")  # made before the morning wrote back
    app: TrackerApp = make_app(morning, saves_dir=saves, seed=1)  # type: ignore[assignment]
    return path, afternoon, app


async def test_the_second_write_back_is_refused_and_merged_by_character(tmp_path: Path) -> None:
    path, afternoon, app = _setup(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _two_write_backs(pilot, app, tmp_path, afternoon)
        message = str(app.screen.query_one("#conflict-message", Static).render())
        assert "changed since" in message and "Kans" in message
        assert read(path).revision == 2  # refused: nothing written
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, MergePicks))
        picks = app.screen
        assert [s.id for s in picks.query(Select)] == ["pick-0"]  # Kans only: Ula is free
        picks.query_one("#pick-0", Select).value = "party"  # keep the morning's wound
        await pilot.pause()
        picks.action_submit()  # type: ignore[attr-defined]
        await until(pilot, lambda: read(path).revision == 3)
        party = read(path)
        assert party.history[-1].kind == "merge"
        assert party.characters["kans"].total_wp() == 2 and party.characters["kans"].luck == 0
        assert party.characters["ula"].luck == 3  # only the afternoon changed her


async def test_save_aside_leaves_the_party_file_as_it_was(tmp_path: Path) -> None:
    path, afternoon, app = _setup(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _two_write_backs(pilot, app, tmp_path, afternoon)
        before = path.read_bytes()
        await pilot.press("a")
        await until(pilot, lambda: len(list((tmp_path / "parties").glob("*.json"))) == 2)
        assert path.read_bytes() == before
        (aside,) = [p for p in (tmp_path / "parties").glob("*.json") if p != path]
        party = read(aside)
        assert party.name == "Hawkwood (aside)"
        assert party.characters["kans"].luck == 1 and party.characters["ula"].luck == 3


async def test_escape_at_the_conflict_writes_nothing(tmp_path: Path) -> None:
    path, afternoon, app = _setup(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _two_write_backs(pilot, app, tmp_path, afternoon)
        before = path.read_bytes()
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert path.read_bytes() == before
        assert len(list((tmp_path / "parties").glob("*.json"))) == 1


async def test_the_merge_keeps_what_only_the_party_changed(tmp_path: Path) -> None:
    """Ula was wounded in the morning and left alone in the afternoon: the merge keeps
    her wound and asks only about Kans, changed on both sides."""
    path, afternoon, app = _setup(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _two_write_backs(pilot, app, tmp_path, afternoon, ula_too=True)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, MergePicks))
        picks = app.screen
        assert [s.id for s in picks.query(Select)] == ["pick-0"]
        hints = " ".join(str(h.render()) for h in picks.query(".hint").results(Static))
        assert "touched Ula: they keep it" in hints
        picks.action_submit()  # type: ignore[attr-defined]  # Kans: this encounter's state
        await until(pilot, lambda: read(path).revision == 3)
        party = read(path)
        assert party.characters["kans"].luck == 1 and party.characters["kans"].total_wp() == 0
        assert party.characters["ula"].total_wp() == 1

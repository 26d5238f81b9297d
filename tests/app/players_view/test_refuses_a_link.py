"""The players' screen reads only the GM's own save, never through a symbolic link (issue
23 item 4, issue 25): a save swapped for a link to another fight keeps the last state
read and says why; a link there from the start shows nothing. No problem it shows names
the GM's folders."""

from __future__ import annotations

import os
from pathlib import Path

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import RenameEncounter
from rules.saves.store import save_session
from tests.support.players_view import saved_fight, screen_text, wait_until
from tracker.players.view.app import WAITING, PlayersView
from tracker.players.view.follow import LINKED, read_encounter


def other_fight(folder: Path) -> Path:
    """Another fight of the GM's, in another folder: what a link may point at."""
    elsewhere = folder / "private"
    elsewhere.mkdir()
    _, session = saved_fight(elsewhere)
    session.do(RenameEncounter(name="The GM's next session"), ScriptedDice([]))
    save_session(session, elsewhere / "fight.json")
    return elsewhere / "fight.json"


async def test_a_save_swapped_for_a_link_keeps_the_last_state(tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)
    other = other_fight(tmp_path)
    app = PlayersView(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        os.replace(path, tmp_path / "moved.json")
        os.symlink(other, path)
        # Between the move and the link a poll may find no file at all (waiting, saying
        # so); the link's own reason comes with the next poll, drawn a frame later.
        await wait_until(pilot, lambda: app.waiting and "symbolic link" in screen_text(app))
        text = screen_text(app)
        assert "symbolic link" in text and "Dinzis" in text  # the last state stays
        assert "next session" not in text and app.view is not None
        assert app.view.name == "Ambush at the inn"
        assert str(tmp_path) not in text and "private" not in text


async def test_a_link_from_the_start_shows_nothing(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    os.symlink(other_fight(tmp_path), path)
    app = PlayersView(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.waiting)
        assert app.view is None and WAITING in screen_text(app)
        assert "next session" not in screen_text(app)


def test_no_problem_names_the_gms_folders(tmp_path: Path) -> None:
    """A read's problem names the file alone, whatever went wrong."""
    path = tmp_path / "fight.json"
    for write in (
        lambda: path.write_text("{not json"),
        lambda: path.write_bytes(b"\xff" * 10),
        lambda: (path.unlink(), path.mkdir()),
    ):
        write()
        reading = read_encounter(path)
        assert reading.encounter is None and reading.problem.startswith("fight.json")
        assert str(tmp_path) not in reading.problem
    path.rmdir()
    os.symlink(tmp_path / "nowhere.json", path)
    assert read_encounter(path).problem == f"fight.json: {LINKED}"

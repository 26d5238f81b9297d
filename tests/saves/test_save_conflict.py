"""Two copies of the app on one save never overwrite each other silently.

Each session remembers its file as it last read or wrote it; a save that
finds it changed since (another copy, an editor, a sync tool) is refused
with `SaveConflict`, again and again, until the fight is saved elsewhere.
Two sessions in one process stand for two app instances: each has its own
memory of the file, exactly as two processes do.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Luck, NewDay
from rules.saves.store import SaveConflict, SaveError, backup_path, load_session, save_session
from tracker.files.demo import DEMO_PATH

REPO = Path(__file__).resolve().parents[2]


def commands(session: Session) -> list[str]:
    return [step.command.type for step in session.done]


def test_the_second_copy_is_refused_and_both_fights_survive(twin: Path) -> None:
    """The tester's repro: N in the first copy, luck in the second (C1, C2)."""
    first, second = load_session(twin), load_session(twin)
    first.do(NewDay(), ScriptedDice())
    save_session(first, twin)
    on_disk = twin.read_bytes()
    second.do(Luck(target="kans", amount=1), ScriptedDice())
    with pytest.raises(SaveConflict) as caught:
        save_session(second, twin)
    problem = str(caught.value)
    assert str(twin) in problem
    assert "changed by another copy of the tracker or another program" in problem
    assert "save this fight under another name, or reopen the file" in problem
    assert twin.read_bytes() == on_disk  # the first copy's new day is still there
    assert commands(load_session(twin)) == ["new-day"]
    # ...and refused again on the next command: never a silent success later.
    second.do(Luck(target="kans", amount=1), ScriptedDice())
    with pytest.raises(SaveConflict):
        save_session(second, twin)
    assert twin.read_bytes() == on_disk
    # Saved elsewhere, the second copy's fight is whole too; autosaves go on there.
    elsewhere = twin.with_name("twin-2.json")
    save_session(second, elsewhere)
    second.do(Luck(target="molin", amount=-1), ScriptedDice())
    save_session(second, elsewhere)
    assert commands(load_session(elsewhere)) == ["luck", "luck", "luck"]
    assert twin.read_bytes() == on_disk


def test_the_first_copy_is_refused_in_turn_after_the_second_saves(twin: Path) -> None:
    """Whoever saves second loses the race: the other copy's save is the one on disk."""
    first, second = load_session(twin), load_session(twin)
    second.do(Luck(target="kans", amount=1), ScriptedDice())
    save_session(second, twin)
    first.do(NewDay(), ScriptedDice())
    with pytest.raises(SaveConflict):
        save_session(first, twin)
    assert commands(load_session(twin)) == ["luck"]


def test_reopening_takes_the_file_as_it_is_now_and_saves_again(twin: Path) -> None:
    first, second = load_session(twin), load_session(twin)
    first.do(NewDay(), ScriptedDice())
    save_session(first, twin)
    reopened = load_session(twin)  # what `o` does in the second copy
    reopened.do(Luck(target="kans", amount=1), ScriptedDice())
    save_session(reopened, twin)
    assert commands(load_session(twin)) == ["new-day", "luck"]
    with pytest.raises(SaveConflict):
        save_session(second, twin)  # the stale session itself is still refused


def test_a_hand_edit_counts_as_a_change_and_a_chmod_does_not(twin: Path) -> None:
    session = load_session(twin)
    twin.chmod(0o600)  # metadata only: the contents are the ones this session read
    session.do(NewDay(), ScriptedDice())
    save_session(session, twin)
    text = twin.read_text().replace('"name": "The card game"', '"name": "Edited by hand"', 1)
    twin.write_text(text)  # in place, same inode: an editor
    session.do(NewDay(), ScriptedDice())
    with pytest.raises(SaveConflict):
        save_session(session, twin)
    assert "Edited by hand" in twin.read_text()


def test_a_file_removed_meanwhile_is_simply_written_again(twin: Path) -> None:
    session = load_session(twin)
    twin.unlink()
    session.do(NewDay(), ScriptedDice())
    save_session(session, twin)  # nothing there to lose
    assert commands(load_session(twin)) == ["new-day"]


def test_the_refusal_keeps_the_backup_of_this_copys_last_save(twin: Path) -> None:
    first, second = load_session(twin), load_session(twin)
    second.do(Luck(target="kans", amount=1), ScriptedDice())
    save_session(second, twin)  # demo -> twin.json.bak
    backup = backup_path(twin).read_bytes()
    save_session(first, twin.with_name("mine.json"))
    first.do(NewDay(), ScriptedDice())
    with pytest.raises(SaveConflict):
        save_session(first, twin)
    assert backup_path(twin).read_bytes() == backup  # the refusal touched nothing


def test_a_session_that_never_saw_the_file_still_replaces_a_save(twin: Path) -> None:
    """Save as onto an existing save (the GM chose it in the dialog): replaced, .bak kept."""
    before = twin.read_bytes()
    fresh = load_session(DEMO_PATH)
    fresh.do(NewDay(), ScriptedDice())
    save_session(fresh, twin)
    assert commands(load_session(twin)) == ["new-day"]
    assert backup_path(twin).read_bytes() == before


def test_a_changed_file_that_is_no_save_is_refused_as_before(twin: Path) -> None:
    session = load_session(twin)
    twin.write_text("half a fi")
    with pytest.raises(SaveError, match="left untouched: the file is truncated") as caught:
        save_session(session, twin)
    assert not isinstance(caught.value, SaveConflict)
    assert twin.read_text() == "half a fi"


def test_the_conflict_is_seen_across_processes(twin: Path) -> None:
    """The tester's case exactly: another process writes between our load and our save."""
    session = load_session(twin)
    child = (
        "import sys\n"
        "from pathlib import Path\n"
        "from rules.model.commands import NewDay\n"
        "from rules.mechanics.dice import ScriptedDice\n"
        "from rules.saves.store import load_session, save_session\n"
        "path = Path(sys.argv[1])\n"
        "other = load_session(path)\n"
        "other.do(NewDay(), ScriptedDice())\n"
        "save_session(other, path)\n"
    )
    subprocess.run([sys.executable, "-c", child, str(twin)], cwd=REPO, check=True, timeout=60)
    session.do(Luck(target="kans", amount=1), ScriptedDice())
    with pytest.raises(SaveConflict):
        save_session(session, twin)
    assert commands(load_session(twin)) == ["new-day"]


def test_the_conflict_survives_pickling() -> None:
    """SaveError crosses process boundaries (workers); its kind must too."""
    import pickle

    error = SaveConflict(Path("x.json"), "changed", action="save")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is SaveConflict and str(again) == str(error)

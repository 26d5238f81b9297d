"""Renaming and copying a save from the saves browser, as carefully as saving one.

A rename changes the file and the name the browser shows for it together: a
save that opens is renamed by its own command (`RenameEncounter`, so it is in
the fight's log and undo like a rename from the palette) and written at its
new name; one that will not open shows its file's name, so only the file moves.
Its `.bak` goes with it. Either way the old name goes last (`rules.saves.placing`):
a crash leaves the save at one name or both, never neither, and no file is ever
written over. It runs under the save's lock (`locked_now`): a copy of the
tracker saving that file this instant is never raced, and the save the app has
open is refused (`rules.saves.guard`). A copy is `NAME-copy.json` (`-copy-2`…),
byte for byte, history included, next to the original.
"""

from __future__ import annotations

import os
from pathlib import Path

from rules.saves.atomic import fsync_folder
from rules.saves.atomic import write as atomic_write
from rules.saves.guard import check_ours
from rules.saves.lock import locked_now
from rules.saves.names import free_name, rename_target
from rules.saves.placing import Taken, move, place_bytes, place_copy, place_link
from rules.saves.raw import SaveError, _os_problem
from rules.saves.reading import backup_path
from rules.saves.store import load_session, session_bytes


def rename_save(folder: Path, path: Path, name: str, *, open_file: Path | None = None) -> Path:
    """Rename the save at `path` to the encounter name `name`; returns its file now.

    Refused with a SaveError, changing nothing, for a bad or taken name, a file
    that is not a save of `folder` (or is `open_file`), or one being saved now.
    """
    folder, path = Path(folder), Path(path)
    target = rename_target(folder, path, name)
    try:
        with locked_now(path, "rename"):
            check_ours(folder, path, "rename", open_file)
            data = _renamed(path, name.strip(), target)
            if target == path:
                if data is not None:
                    _rewrite(path, data)
                return path
            _move_save(path, target, data)
    except Taken:
        problem = f"{target.name} appeared in {folder} meanwhile, so nothing was renamed"
        raise SaveError(path, problem, action="rename") from None
    except OSError as error:
        raise SaveError(path, _os_problem(error), action="rename") from None
    return target


def duplicate_save(folder: Path, path: Path) -> Path:
    """A byte-for-byte copy of the save as the first free `NAME-copy.json`; returns it."""
    folder, path = Path(folder), Path(path)
    check_ours(folder, path, "copy")
    stem = path.name.removesuffix(".json")
    try:
        while True:
            copy = free_name(folder, stem, "copy")
            try:
                place_copy(path, copy)
            except Taken:
                continue  # made meanwhile by someone else: the next free name
            return copy
    except OSError as error:
        raise SaveError(path, _os_problem(error), action="copy") from None


def _renamed(path: Path, name: str, target: Path) -> bytes | None:
    """The save's bytes with its encounter renamed, or None when nothing inside changes
    (the same name, or a save that will not open: only its file moves)."""
    from rules.mechanics.dice import ScriptedDice
    from rules.model.commands import RenameEncounter

    try:
        session = load_session(path)
    except SaveError:
        return None
    if session.encounter.name == name:
        return None
    redo = list(session.undone)  # a name changes nothing a redo replays: keep them
    session.do(RenameEncounter(name=name), ScriptedDice())
    session.undone[:] = redo
    return session_bytes(session, target)


def _rewrite(path: Path, data: bytes) -> None:
    """The same file, its encounter renamed, written as a save is (its `.bak` the old)."""
    atomic_write(path, data, os.lstat(path), {})


def _move_save(path: Path, target: Path, data: bytes | None) -> None:
    """Place the save (renamed inside, or as it is) and its `.bak` at the new name, then
    remove the old name; a `.bak` that is not a plain file is not ours to move."""
    if data is None:
        place_link(path, target)
    else:
        place_bytes(data + b"\n", target)  # as `save_session` ends a save
    backup = backup_path(path)
    try:
        if os.path.isfile(backup) and not os.path.islink(backup):
            move(backup, backup_path(target))
    except BaseException:
        os.unlink(target)  # the new name is this call's own: the save stays as it was
        raise
    os.unlink(path)
    fsync_folder(path.parent)

"""A saves folder to tidy: real saves (one with a `.bak`), and a picture of every file in it.

`picture` is what "nothing changed" means in the tidy tests: every file under the
folder (the trash included), by its path, with its bytes (a link by where it points).
"""

from __future__ import annotations

import os
from pathlib import Path

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.model.state import Encounter
from rules.saves.store import save_session


def a_save(folder: Path, file: str, name: str, *, with_backup: bool = False) -> Path:
    """`folder/file`, a save of an encounter called `name` (saved twice: a `.bak` too)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    session = Session(Encounter(name=name))
    save_session(session, path)
    if with_backup:
        session.do(NewDay(), ScriptedDice())
        save_session(session, path)
    return path


def picture(folder: Path) -> dict[str, bytes | str]:
    """Every file under `folder` (lock files aside: a refusal may leave one, empty)."""
    found: dict[str, bytes | str] = {}
    for root, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(root) / name
            if name.endswith(".lock"):
                continue
            key = str(path.relative_to(folder))
            found[key] = f"-> {os.readlink(path)}" if path.is_symlink() else path.read_bytes()
    return found

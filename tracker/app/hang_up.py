"""When the terminal goes away (an SSH link drops, tmux is killed, the window closes
under `make run`): the fight is saved, then the app leaves.

A process that is not its terminal's session leader gets no SIGHUP when the
terminal hangs up; under `make run` make is the leader, and GNU make waits for
its child rather than pass the signal on. The input thread then read end-of-file
forever: the app spun a core at 85-100% for as long as the machine ran, with make
waiting on it. Now the input thread (tracker.app.terminal_driver) posts
`TerminalGone` once and stops reading, and the app saves and exits.

With no one to answer, nothing is asked: if the autosave cannot be written (a
conflict with another copy, a full disk), the fight goes to a new file beside it
in the saves folder rather than be lost.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from textual.message import Message

if TYPE_CHECKING:
    from rules.engine.session import Session
    from tracker.app.autosave import Autosaver


class LeavingHost(Protocol):
    """The app that leaves: its autosave, its session and where it goes."""

    autosave: Autosaver
    save_path: Path | None
    saves_dir: Path

    @property
    def loaded_session(self) -> Session | None: ...

    def exit(self) -> None: ...


class TerminalGone(Message):
    """The terminal's input ended (end of file, or EIO): no key will ever come again."""


def rescue_path(saves_dir: Path, stem: str, now: datetime) -> Path:
    """`NAME-rescued-20261207-0412.json`, numbered when that name is taken."""
    base = f"{stem}-rescued-{now:%Y%m%d-%H%M}"
    path = saves_dir / f"{base}.json"
    number = 2
    while path.exists() or path.is_symlink():
        path = saves_dir / f"{base}-{number}.json"
        number += 1
    return path


def save_for_good(
    autosave: Autosaver, session: Session | None, save_path: Path | None, saves_dir: Path
) -> Path | None:
    """The fight on disk before leaving: the autosave, else a rescue copy (its path)."""
    if session is None or autosave.flush():
        return None
    from rules.saves.store import SaveError, save_session

    stem = save_path.stem if save_path is not None else "fight"
    path = rescue_path(saves_dir, stem, datetime.now())
    try:
        save_session(session, path)
    except SaveError:
        return None  # nothing more can be done with no one to tell
    return path


def leave(app: LeavingHost) -> None:
    """The app's `on_terminal_gone`: the fight saved (or rescued), then exit."""
    save_for_good(app.autosave, app.loaded_session, app.save_path, app.saves_dir)
    app.exit()

"""When the app must stop with no one to ask: its terminal went away (an SSH link drops,
tmux is killed, the window closes) or the system asks it to stop (SIGHUP, SIGTERM,
SIGINT from `kill`, a shutdown). The fight is saved, then the app leaves.

A process that is not its terminal's session leader gets no SIGHUP when the
terminal hangs up; under `make run` make is the leader, and GNU make waits for
its child rather than pass the signal on. The input thread then read end-of-file
forever: the app spun a core at 85-100% for as long as the machine ran, with make
waiting on it. And when a signal did come, it killed the app where it stood: the
terminal left raw, and a fight whose autosave had been refused lost. Now the input
thread's end and those signals (tracker.app.terminal_driver) post `LeaveNow`, and
the app saves and exits the usual way, which gives the terminal back.

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

    def exit(self, *, return_code: int = 0) -> None: ...


class LeaveNow(Message):
    """The terminal's input ended (end of file, EIO) or a stop signal came: leave now,
    with `return_code` (128 + the signal's number, as a shell reports a signal)."""

    def __init__(self, return_code: int) -> None:
        super().__init__()
        self.return_code = return_code


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


def leave(app: LeavingHost, message: LeaveNow) -> None:
    """The app's `on_leave_now`: the fight saved (or rescued), then exit."""
    save_for_good(app.autosave, app.loaded_session, app.save_path, app.saves_dir)
    app.exit(return_code=message.return_code)

"""What an action reads from where it runs: the main screen and its app, as protocols.

An action module (tracker/actions/*) names exactly what it needs here, so it
depends on neither `MainScreen` nor `TrackerApp` (no import circle, and a test
host could stand in for either). The main screen itself knows its app as
`MainAppHost`, and the passage of time it shows as `Passage`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.actions import ActionParseResult
    from textual.notifications import SeverityLevel
    from textual.worker import Worker

    from rules.engine.session import Session
    from rules.mechanics.dice import DiceMode
    from rules.model.commands import Command
    from rules.model.effect_commands import PassTime, TimeUnit
    from rules.model.state import Encounter
    from tracker.widgets.event_log import EventLog


class ActFlow(Protocol):
    """The act flow's door for keys (tracker/app/act_flow.py): a r s k, and d's decision."""

    def key(self, which: str, selected: str | None) -> None: ...

    def answer(self) -> None: ...

    def coming(self) -> bool: ...


class Notifies(Protocol):
    """Anything that can show the GM a toast (Textual's app and widgets both can)."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...


class AppHost(Notifies, Protocol):
    """The app an action sends its command to."""

    saves_dir: Path
    save_path: Path | None
    pass_unit: TimeUnit

    @property
    def session(self) -> Session | None: ...

    @property
    def act_flow(self) -> ActFlow: ...

    def run_command(self, command: Command) -> bool: ...

    def push_screen(self, screen: Any, callback: Any = None) -> object: ...


class RunsWorkers(Protocol):
    """A screen that runs work in a Textual worker (its `run_worker`, as Textual has it)."""

    def run_worker(
        self,
        work: Any,
        name: str | None = ...,
        group: str = ...,
        description: str = ...,
        exit_on_error: bool = ...,
        start: bool = ...,
        exclusive: bool = ...,
        thread: bool = ...,
    ) -> Worker[Any]: ...


class PassingScreen(RunsWorkers, Protocol):
    """The screen time passes on: it shows the passage and runs its worker."""

    def passing_shown(self, busy: str | None) -> None: ...


class Passage(Protocol):
    """Time passing on the main screen, in a worker (tracker.actions.main_pass_time): the keys
    that would change the fight are refused meanwhile."""

    @property
    def busy(self) -> bool: ...

    def refused(self, action: str | ActionParseResult) -> bool: ...

    def start(self, screen: PassingScreen, command: PassTime) -> None: ...

    def finished(self, screen: PassingScreen, worker: Worker[Any]) -> None: ...


class KeysInForce(Protocol):
    """The GM's keys after the keymap (tracker.app.settings.SettingsKeeper): the palette's hints."""

    keys: dict[str, str]

    @property
    def words(self) -> dict[str, str]: ...  # the keys as a GM reads them, for messages


class MainAppHost(AppHost, Protocol):
    """The app as the main screen reads it: what to draw, and when it may act."""

    seed: int | None
    dice_mode: DiceMode
    revision: int

    @property
    def gm_settings(self) -> KeysInForce: ...

    @property
    def encounter(self) -> Encounter | None: ...

    @property
    def loaded_session(self) -> Session | None: ...

    @property
    def time_passing(self) -> Passage: ...

    def finish_opening(self) -> None: ...


class ScreenHost(Notifies, Protocol):
    """The screen a key was pressed on: the encounter, the selection, the marks, dialogs."""

    selected: str | None

    @property
    def tracker(self) -> AppHost: ...

    @property
    def encounter(self) -> Encounter: ...

    @property
    def marked_rows(self) -> list[str]: ...

    @property
    def event_log(self) -> EventLog: ...

    def allowed(self, action: str) -> bool: ...

    def pass_time(self, command: PassTime) -> None: ...

    def ask(self, screen: Any, then: Callable[[Any], None] | None = None) -> None: ...

"""The tracker app: the one place a Command meets the engine, the dice and the save file.

key → Binding → Command → `run_command` → Session.do (with virtual or typed
dice) → autosave (its disk work in a writer thread: every frame waits for it) →
revision bump (widgets redraw): what is drawn is on disk.
Screens and forms never change the encounter themselves. What a dialog answered
and what became of the command travel as messages (tracker.host.messages, handed by
the app to tracker.app.outcomes): dialogs never reach into the app.
"""

from __future__ import annotations

from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.binding import BindingType
from textual.reactive import var

from tracker.actions.main_pass_time import TimePassing
from tracker.actions.registry import bindings
from tracker.actions.run import dispatch
from tracker.app.app_keys import app_key_state
from tracker.app.autosave import Autosaver
from tracker.app.cancelled import CancelledCommand
from tracker.app.collector import QuietCollector
from tracker.app.command_dice import CommandDice
from tracker.app.commands_palette import TrackerCommands
from tracker.app.driver_choice import ForgivingDriverApp
from tracker.app.hang_up import leave
from tracker.app.outcomes import Outcomes
from tracker.app.undo_keys import UndoRedo
from tracker.host.key_order import KeyQueue
from tracker.host.messages import CommandApplied, CommandRefused
from tracker.textual_compat.frame_gate import GatedFrames
from tracker.themes.legible import LegibleApp
from tracker.widgets.styled_when_mounted import styled_now

if TYPE_CHECKING:
    from collections.abc import Mapping

    from textual.actions import ActionParseResult
    from textual.dom import DOMNode
    from textual.notifications import SeverityLevel

    from rules.engine.session import Session
    from rules.mechanics.dice import DiceMode
    from rules.model.commands import Command
    from rules.model.effect_commands import TimeUnit
    from rules.model.state import Encounter
    from tracker.app.act_flow import ActFlow
    from tracker.host.messages import CommandCancelled, DialogAnswered, DialogCancelled
    from tracker.modals.act import LandingPreview
    from tracker.screens.saves_browser import Opened


class TrackerApp(GatedFrames, ForgivingDriverApp, LegibleApp):
    """Holds the session, its save file and the dice, with the collaborators that keep
    them (autosave, keys, history, time passing, outcomes); everything else is screens."""

    CSS_PATH = "tracker.tcss"
    TITLE = "Fading Suns combat tracker"
    COMMANDS = LegibleApp.COMMANDS | {TrackerCommands}
    BINDINGS: ClassVar[list[BindingType]] = list(bindings(on_app=True))  # the registry's

    # `var`, not `reactive`: a change repaints only the widgets watching it, not the screen.
    revision: var[int] = var(0, init=False)
    dice_mode: var[DiceMode] = var("virtual", init=False)
    unsaved_since: var[datetime | None] = var(None, init=False)  # the first failed autosave's

    def __init__(
        self,
        *,
        saves_dir: Path,
        path: Path | None = None,
        seed: int | None = None,
        dice_mode: DiceMode | None = None,
    ) -> None:
        """`dice_mode` (the command line's choice) overrides the first save's own mode."""
        super().__init__()
        self.keys = KeyQueue(self, route=super().on_event)  # one at a time, in order
        self.saves_dir = saves_dir
        self.start_path = path
        self.seed = seed
        self._session: Session | None = None
        self._opening: Path | None = None  # a save painted from its encounter, not yet loaded
        self._first_look: Encounter | None = None
        self.save_path: Path | None = None
        self.cancelled = CancelledCommand()  # choices and faces of a command cancelled at dice
        self.dice = CommandDice(self, seed, dice_mode)  # the seeded source, or faces typed
        self.autosave = Autosaver(self)  # on disk after every command
        self.history = UndoRedo(self)  # u and U
        self.outcomes = Outcomes(self)  # what the dialogs answered, what the commands did
        self.collector = QuietCollector(self)  # collects when a save opens or all is quiet
        self.time_passing = TimePassing(self)  # P in a worker; the fight's keys wait
        self.pass_unit: TimeUnit = "TU"  # of the GM's last passage (either P): the next one's
        self._load_error = ""
        self._quitting = False  # set once exit begins: every later key is ignored
        self.set_reactive(TrackerApp.dice_mode, dice_mode or "virtual")

    def before_frame(self) -> None:
        """The autosave under way lands before a frame shows its command (save_writer)."""
        self.autosave.settle()

    @cached_property
    def act_flow(self) -> ActFlow:
        """a r s k and d: which act dialog opens, and what follows it (tracker/app/act_flow.py)."""
        from tracker.app.act_flow import ActFlow

        return ActFlow(self)

    # --- opening -------------------------------------------------------------------
    @property
    def session(self) -> Session | None:
        """The open session; asking for it finishes a load the first frame deferred."""
        self.finish_opening()
        return self._session

    @property
    def loaded_session(self) -> Session | None:
        """The session if loaded, never forcing a deferred load (the footer asks first)."""
        return self._session

    @property
    def encounter(self) -> Encounter | None:
        """What the screen shows: the session's encounter, or the first look at a save."""
        if self._session is not None:
            return self._session.encounter
        return self._first_look

    def on_mount(self) -> None:
        from tracker.app.settings import SettingsKeeper

        self.gm_settings = SettingsKeeper(self)  # the GM's theme, before the first frame
        self.gm_settings.start()
        if self.start_path is None:
            self._browse()
            return
        from tracker.app.quick_open import first_look
        from tracker.screens.main import MainScreen

        look = first_look(self.start_path)
        if look is None:
            self._open_now(self.start_path)
            return
        self._first_look = look.encounter
        if self.dice.override is None:
            self.dice_mode = look.dice  # the first frame already shows the save's dice
        # First frame from the encounter alone; the session once that frame is painted.
        self._opening = self.save_path = self.start_path
        self.push_screen(MainScreen(self))

    def finish_opening(self) -> None:
        """Load the deferred session now (a no-op when nothing is deferred)."""
        path, self._opening = self._opening, None
        if path is None:
            return
        self._first_look = None
        if not self._load(path):
            self.save_path = None
            self.call_later(self._show_load_error)

    def _load(self, path: Path) -> bool:
        from rules.saves.store import SaveError, load_session

        try:
            self._session = load_session(path)
        except SaveError as error:
            self._load_error = f"{error.problem} — {error.path}"
            return False
        self.save_path = path
        self.dice.adopt(self._session)
        self.revision += 1
        return True

    def _open_now(self, path: Path) -> None:
        """The full load, then the main screen; on failure the browser shows why."""
        from tracker.screens.main import MainScreen

        if self._load(path):
            self.push_screen(MainScreen(self))
        else:
            self._browse(error=self._load_error)

    def _show_load_error(self) -> None:
        """The first look worked but the full save did not: back to the browser, with why."""
        from tracker.screens.main import MainScreen

        while isinstance(self.screen, MainScreen):
            self.pop_screen()
        self._browse(error=self._load_error)

    def _browse(self, *, error: str = "", back: bool = False) -> None:
        from tracker.screens.saves_browser import SavesBrowser

        browser = SavesBrowser(self.saves_dir, can_go_back=back, error=error, dice=self.dice_mode)
        self.push_screen(browser, self._opened)

    def _opened(self, opened: Opened | None) -> None:
        if opened is not None:
            self.install(opened.session, opened.path)
        elif self.session is None:
            self.exit()

    def install(self, session: Session, path: Path) -> None:
        """Make `session` the one on screen; it autosaves to `path` from now on."""
        from tracker.screens.main import MainScreen

        self.autosave.flush()
        self._session = session
        self.save_path = path
        self.dice.adopt(session)
        self.cancelled.forget()
        if not any(isinstance(s, MainScreen) for s in self.screen_stack):
            self.push_screen(MainScreen(self))
        self.revision += 1

    # --- the one way the encounter changes ---------------------------------------------
    def run_command(self, command: Command) -> bool:
        """Apply a command; True when it changed the encounter.

        Physical dice: when the typed faces run out the dice-entry form asks for the
        missing ones and the command is retried from scratch. Refusals change nothing.
        Posted: CommandApplied, CommandRefused or CommandCancelled (Escape at the dice).
        """
        from rules.engine.questions import CommandError
        from rules.mechanics.dice import DiceExhausted

        if self.session is None:
            self.notify("open or start an encounter first", severity="error")
            return False
        try:
            self.session.do(command, self.dice.for_command())
        except DiceExhausted as need:
            if self.dice_mode == "physical":
                self.dice.ask_for_faces(command, need)
            else:
                self.dice.typed.clear()
                self.post_message(CommandRefused(command, str(need)))
            return False
        except (CommandError, ValueError) as error:
            self.dice.typed.clear()
            self.post_message(CommandRefused(command, str(error)))
            return False
        self.dice.typed.clear()
        self.cancelled.forget()  # the encounter moved on: a cancelled command's choices are stale
        self.post_message(CommandApplied(command))
        self.autosave.changed()
        return True

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notice is plain text (whatever a caller asks): a name from a file may hold
        '[/]', which as markup stops the app when the toast is drawn, or '[@click=...]'."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Only a node on screen (tracker.widgets.styled_when_mounted)."""
        if styled_now(self, node):
            super().update_styles(node, animate=animate)

    def action_help_quit(self) -> None:
        """Ctrl+C: Textual's own hint is markup, which showed raw here (issue 28)."""
        self.notify("ctrl+q quits (q on the main screen); the fight is autosaved", title="Quit?")

    # --- app-wide keys -------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        """A key typed waits its turn (tracker.host.key_order); the rest is Textual's."""
        if await self.keys.take(event):
            return
        await super().on_event(event)
        await self.keys.handled(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Session keys act on the main screen only (never under a form); none once quitting."""
        if self._quitting:
            return False
        opened = self._session is not None or self._opening is not None
        return app_key_state(action, parameters, self.screen, opened=opened)

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Every binding of every screen runs through here: once quitting, none runs (`q s`
        in one read opened the roll dialog as the app tore down: NoMatches '#opponent')."""
        if self._quitting or self.time_passing.refused(action):  # time passes (issue 23)
            return not self._quitting  # a refused key is handled: said so, nothing done
        ran = dispatch(action, default_namespace)  # a registry key: tracker/actions/*
        if ran is not None:
            return ran
        return await super().run_action(action, default_namespace, namespaces)

    # --- a r s k: acting, reacting, rolling (the flow is tracker/app/act_flow.py) -----------
    def action_act(self, which: str) -> None:
        from tracker.screens.main import MainScreen

        screen = self.screen  # `check_action` lets a r s k act on the main screen alone
        self.act_flow.key(which, screen.selected if isinstance(screen, MainScreen) else None)

    def on_landing_preview(self, message: LandingPreview) -> None:
        self.act_flow.preview(message)

    def watch_revision(self) -> None:
        self.collector.moved()

    on_leave_now = leave  # a hang-up or a stop signal: the fight saved, then exit (hang_up)

    # --- the dialogs' answers and the commands' outcomes, heard in tracker.app.outcomes -----
    def on_dialog_answered(self, message: DialogAnswered) -> None:
        self.outcomes.dialog_answered(message)

    def on_dialog_cancelled(self, message: DialogCancelled) -> None:
        self.outcomes.dialog_cancelled(message)

    def on_command_applied(self, message: CommandApplied) -> None:
        self.outcomes.command_applied(message)

    def on_command_refused(self, message: CommandRefused) -> None:
        self.outcomes.command_refused(message)

    def on_command_cancelled(self, message: CommandCancelled) -> None:
        self.outcomes.command_cancelled(message)

    def action_toggle_dice(self) -> None:
        """m: the save remembers the choice, so a resumed fight rolls the same way."""
        session = self.session  # a deferred load first: it would reset the mode after
        self.dice.typed.clear()
        self.dice_mode = "physical" if self.dice_mode == "virtual" else "virtual"
        words = "type the faces you roll" if self.dice_mode == "physical" else "rolled for you"
        self.notify(f"Dice: {self.dice_mode} ({words})", timeout=3)
        if session is not None:
            session.dice = self.dice_mode
        self.autosave.changed(save=session is not None)

    def action_undo(self) -> None:
        self.history.undo()

    def action_redo(self) -> None:
        self.history.redo()

    def action_save_as(self) -> None:
        self.autosave.save_as()

    def action_open(self) -> None:
        if self.autosave.may_leave(self.gm_settings.words["open"], "open another save"):
            self._browse(back=True)

    def action_help(self) -> None:
        from tracker.screens.help import HelpScreen

        bindings = [active.binding for active in self.screen.active_bindings.values()]
        keys = self.gm_settings.keys  # the GM's help and quit keys close it too
        self.push_screen(HelpScreen(bindings, closing=f"{keys['help']},{keys['quit']}"))

    async def action_quit(self) -> None:
        """Quit, the fight saved first; a failed save quits only on a second press."""
        if self.autosave.may_leave(self.gm_settings.words["quit"], "quit"):
            self._quitting = True
            self.exit()


def make_app(
    path: Path | None = None,
    *,
    demo: bool = False,
    saves_dir: Path | None = None,
    seed: int | None = None,
    dice_mode: DiceMode | None = None,
) -> TrackerApp:
    """The one factory the CLI and the tests share.

    `demo`: copy the bundled card game into the saves folder and open the copy.
    A PATH that is the bundled demo itself is copied too (it is never written).
    `dice_mode`: None resumes with the dice the save remembers (virtual if none).
    """
    from tracker.files.demo import save_to_open

    if saves_dir is None:
        from rules.saves.user_folders import default_saves_dir

        saves_dir = default_saves_dir()
    saves_dir = Path(saves_dir)
    given = save_to_open(path, demo=demo, saves_dir=saves_dir)
    return TrackerApp(saves_dir=saves_dir, path=given, seed=seed, dice_mode=dice_mode)

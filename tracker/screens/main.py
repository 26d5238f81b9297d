"""The table view a GM keeps open all evening: track, roster, detail, log, decisions.

Every key here becomes a Command (directly, or through a modal form that
dismisses with one) and goes to `app.run_command`; nothing on this screen
changes the encounter itself. When the app's `revision` moves, each widget
redraws from the encounter, and each skips the work if its part did not
change — that is what keeps a 200-combatant advance under one frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.worker import Worker, WorkerState

from tracker.actions import main_pass_time
from tracker.actions.greyed import greyed_signature, refusal_now
from tracker.actions.key_reasons import reasons
from tracker.actions.registry import FOOTER_CALLS, bindings, by_call
from tracker.widgets.detail import CombatantDetail
from tracker.widgets.event_log import EventLog
from tracker.widgets.key_footer import KeyFooter
from tracker.widgets.pending_banner import BANNER_ID, PendingBanner, banner_on
from tracker.widgets.roster import Roster
from tracker.widgets.status_bar import StatusBar
from tracker.widgets.time_track import TimeTrack
from tracker.widgets.tones import TonedScreen

if TYPE_CHECKING:
    from rules.model.effect_commands import PassTime
    from rules.model.state import Encounter
    from tracker.actions.registry import GMAction
    from tracker.host.action_host import MainAppHost


class MainScreen(TonedScreen):
    """The keys are the registry's (tracker.actions.registry; each one's function in
    tracker/actions/*), the app's own with them (u U ctrl+s o m ? q a r s k).

    A key the rules would refuse now is greyed in the footer, and pressed it says why
    (`check_action`, `on_key`). With roster rows marked (space), w h l f E ctrl+e and
    delete act on all of them (tracker.actions.marked_rows).
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(on_app=False))
    hosts_gm_actions: ClassVar[bool] = True  # its keys run tracker.actions (actions.run)
    HORIZONTAL_BREAKPOINTS = [  # typed by Textual's Screen
        (0, "-narrow"),
        (100, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [
        (0, "-short"),
        (32, "-tall"),
    ]

    def __init__(self, host: MainAppHost) -> None:
        """`host`: the app, as the screen reads it (Textual types `self.app` App[object])."""
        super().__init__(id="main")
        self._host = host
        self.selected: str | None = None
        self._actor: tuple[int, str] | None = None  # the (time, combatant) last followed
        self._greyed: tuple[object, ...] | None = None  # what the footer's greying showed
        self._stale = False  # a redraw waits for the next act dialog's first frame

    @property
    def tracker(self) -> MainAppHost:
        return self._host

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield PendingBanner(id=BANNER_ID)
        yield TimeTrack(id="track")
        yield Roster(id="roster")
        with Horizontal(id="lower"):
            yield EventLog(id="log")
            yield CombatantDetail(id="detail")
        yield KeyFooter(order=FOOTER_CALLS)

    def on_mount(self) -> None:
        self.query_one(EventLog).border_title = "Log"
        self.query_one(PendingBanner).coming = self.tracker.act_flow.coming
        self.query_one("#roster", Roster).focus()
        self.watch(self.app, "revision", self.sync, init=True)
        self.call_after_refresh(self.tracker.finish_opening)  # after the first frame

    # --- time passing in a worker (tracker.actions.main_pass_time) ------------------------------
    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        done = (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED)
        if event.worker.group == main_pass_time.GROUP and event.state in done:
            self.tracker.time_passing.finished(self, event.worker)

    def passing_shown(self, busy: str | None) -> None:
        """The status bar's "⏳ Passing time" while the worker runs (None: it ended)."""
        self.query_one(StatusBar).busy(busy)

    # --- redraw --------------------------------------------------------------------
    def sync(self, _revision: int = 0) -> None:
        """Redraw every part from the encounter; each part skips what did not change.

        While an act dialog is on its way (the roll's parry or damage question), the
        redraw waits for that dialog's first frame: drawn together, the 200-row roster
        and the log under the tint cost the dialog ~40 ms (issue 27: dialog_open_ms).
        Nothing is lost: what is drawn then is on disk already (Autosaver.changed)."""
        if self.tracker.act_flow.coming():
            if not self._stale:
                self._stale = True
                self.call_next(self._after_answer)
            return
        self._stale = False
        self._draw()

    def _after_answer(self) -> None:
        """The answer is applied: no dialog came (a miss) → redraw now, else once the
        dialog is drawn (`call_after_refresh` waits for the top screen's frame)."""
        if self._stale and self.app.screen is self:
            self.sync()
        elif self._stale:
            self.call_after_refresh(self._catch_up)

    def _catch_up(self) -> None:
        if self._stale:
            self._stale = False
            self._draw()

    def _draw(self) -> None:
        from rules.engine.questions import acting_now

        app = self.tracker
        enc = app.encounter  # never forces a deferred load: the first frame needs none
        if enc is None:
            return
        self.query_one(StatusBar).show(enc, app.dice_mode, app.seed, app.save_path)
        self.query_one(PendingBanner).show(enc)
        self.query_one(TimeTrack).show(enc)
        roster = self.query_one(Roster)
        roster.show(enc)
        who = acting_now(enc)  # R5: the selection follows it only when it changes, so a
        moment = None if who is None else (enc.time, who)  # GM's pick in a tie is kept
        if moment is not None and moment != self._actor:
            roster.select(moment[1])  # follow whoever acts now, once per change (R5)
        self._actor = moment
        self.selected = roster.selected
        self.query_one(CombatantDetail).show(enc, self.selected)
        self.query_one(EventLog).show(enc)
        self.regrey()  # which keys are greyed follows the fight (check_action)

    def on_screen_suspend(self) -> None:
        """A dialog covers the screen: `d` now types into it, so the banner stops offering
        the key (and says when the open dialog is the one answering the decision)."""
        from tracker.modals.act import CheckDialog, DamageDialog, ParryDialog

        answering = isinstance(self.app.screen, CheckDialog | DamageDialog | ParryDialog)
        if (banner := banner_on(self)) is not None:
            banner.covered("decision" if answering else "other")

    def on_screen_resume(self) -> None:
        if self.app.screen is self:  # not the resume between two dialogs (_run)
            self._catch_up()  # a dialog closed before its first frame: draw what it hid
        if (banner := banner_on(self)) is not None:  # the first resume may come before compose
            banner.covered(None)

    def on_roster_selected(self, message: Roster.Selected) -> None:
        self.selected = message.combatant_id
        self.regrey()  # the keys about one combatant follow the selection
        if self.tracker.encounter is not None:
            self.query_one(CombatantDetail).show(self.tracker.encounter, self.selected)

    @property
    def track(self) -> TimeTrack:
        """The time track; a form choosing an action sets `track.preview`."""
        return self.query_one(TimeTrack)

    # --- helpers ---------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        assert self.tracker.session is not None
        return self.tracker.session.encounter

    @property
    def event_log(self) -> EventLog:
        return self.query_one(EventLog)

    @property
    def marked_rows(self) -> list[str]:
        """The marked combatants still in the encounter, in roster order."""
        enc = self.tracker.encounter
        if enc is None or not self.is_mounted:
            return []
        return [cid for cid in self.query_one(Roster).marked if cid in enc.combatants]

    def allowed(self, action: str) -> bool:
        """Say why not (and do nothing) when the moment does not fit the action."""
        session = self.tracker.session
        if session is None or self.tracker.time_passing.refused(action):
            return False
        words = self.tracker.gm_settings.words
        why = reasons(session, self.selected, self.tracker.revision, words).get(action)
        if why is not None:
            self.notify(why, title="Not now", severity="warning")
            return False
        return True

    def ask(self, screen: Any, then: Callable[[Any], None] | None = None) -> None:
        """Push a form; a command it dismisses with goes to run_command."""

        def done(result: Any) -> None:
            if result is None:
                return
            if then is not None:
                then(result)
            else:
                self.tracker.run_command(result)

        self.app.push_screen(screen, done)

    def pass_time(self, command: PassTime) -> None:
        """The passage in a worker thread (tracker.actions.main_pass_time, issue 23)."""
        self.tracker.time_passing.start(self, command)

    # --- greyed keys (tracker.actions.greyed) ------------------------------------------
    def refusal(self, action: GMAction) -> str | None:
        """Why the key may not act now. None while time passes: the key is then refused
        with the passage's own message (`TimePassing.refused`)."""
        app = self.tracker
        if app.time_passing.busy:
            return None
        marked = action.marked and bool(self.marked_rows)
        words = app.gm_settings.words
        session = app.loaded_session
        return refusal_now(action, session, self.selected, app.revision, marked=marked, words=words)

    def regrey(self) -> None:
        """Rebuild the footer's keys only when what greys them changed."""
        app = self.tracker
        now = greyed_signature(
            app.loaded_session,
            self.selected,
            app.revision,
            busy=app.time_passing.busy,
            marked=bool(self.marked_rows),
        )
        if now != self._greyed:
            self._greyed = now
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A registry key the rules would refuse now is greyed (None), not hidden."""
        entry = by_call(action, parameters)
        if entry is None or self.refusal(entry) is None:
            return True
        return None

    def on_key(self, event: events.Key) -> None:
        """A greyed key says why it does nothing now (Textual skips its binding)."""
        active = self.active_bindings.get(event.key)
        if active is None or active.enabled:
            return
        _ns, name, params = parse(active.binding.action)
        entry = by_call(name, tuple(params))
        why = None if entry is None else self.refusal(entry)
        if why is not None:
            self.notify(why, title="Not now", severity="warning")

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

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.worker import Worker, WorkerState

from tracker import main_pass_time
from tracker.effect_keys import EffectKeys
from tracker.encounter_keys import EncounterKeys
from tracker.key_reasons import reasons
from tracker.widgets.detail import CombatantDetail
from tracker.widgets.event_log import EventLog
from tracker.widgets.key_footer import KeyFooter
from tracker.widgets.pending_banner import PendingBanner
from tracker.widgets.roster import Roster
from tracker.widgets.status_bar import StatusBar
from tracker.widgets.time_track import TimeTrack
from tracker.widgets.tones import TonedScreen

if TYPE_CHECKING:
    from rules.model.state import Encounter
    from tracker.app import TrackerApp


class MainScreen(EffectKeys, EncounterKeys, TonedScreen):
    """Keys: n g b e d + t T c delete enter w h l; N x v V [ ] { } (tracker.encounter_keys);
    E ctrl+e R P (tracker.effect_keys)
    (and the app's u U ctrl+s o m ? q).

    With roster rows marked (space), w h l f and delete act on all of them (tracker.marked_rows).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "advance", "Advance", id="advance", tooltip="Move the track on (A7)"),
        Binding(
            "g",
            "run_orders",
            "Run",
            id="run-orders",
            show=False,  # the footer keeps u Undo at 80 columns; help and ^p list it
            tooltip="Run the track on standing orders (A7)",
        ),
        Binding("b", "begin_combat", "Begin", id="begin-combat", tooltip="Begin combat (A7)"),
        Binding("e", "end_combat", "End", id="end-combat", tooltip="End combat with an outcome"),
        Binding("d", "answer", "Decide", id="answer", tooltip="Answer the pending decision"),
        Binding("plus", "add", "Add", id="add-combatant", tooltip="Add a combatant"),
        Binding("t", "add_template", "Template", id="add-template", show=False),
        Binding("T", "save_template", "Save as template", id="save-template", show=False),
        Binding("c", "duplicate", "Copy", id="duplicate", show=False),
        Binding("delete", "remove", "Remove", id="remove", show=False),
        Binding("enter", "edit", "Edit", id="edit", show=False),
        Binding("w", "wound", "Wound", id="wound", tooltip="Apply a wound by hand"),
        Binding("h", "heal", "Heal", id="heal", tooltip="Heal, staunch or treat"),
        Binding("l", "luck", "Luck", id="luck", show=False),
        Binding("f", "fight_status", "Out/in", id="fight-status", show=False),
        Binding("N", "new_day", "New day", id="new-day", show=False),
        Binding("E", "add_effect", "Effect on the selected/marked", id="add-effect", show=False),
        Binding("ctrl+e", "remove_effect", "Remove an effect", id="remove-effect", show=False),
        Binding("R", "add_reminder", "Reminder on the track", id="add-reminder", show=False),
        Binding("P", "pass_time", "Pass time (out of combat)", id="pass-time", show=False),
        Binding("x", "export_log", "Export log", id="export-log", show=False),
        Binding("v", "players('hide')", "Hide from players", id="players-hide", show=False),
        Binding("V", "players('reveal')", "Reveal to players", id="players-reveal", show=False),
        # the log reads back without a mouse (PageUp/PageDown belong to the roster)
        Binding(
            "left_square_bracket",
            "log_page(1)",
            "Log: older page",
            key_display="[",
            show=False,
            id="log-older",
        ),
        Binding(
            "right_square_bracket",
            "log_page(-1)",
            "Log: newer page",
            key_display="]",
            show=False,
            id="log-newer",
        ),
        Binding(
            "left_curly_bracket",
            "log_edge(True)",
            "Log: oldest",
            key_display="{",
            show=False,
            id="log-oldest",
        ),
        Binding(
            "right_curly_bracket",
            "log_edge(False)",
            "Log: newest",
            key_display="}",
            show=False,
            id="log-newest",
        ),
    ]
    HORIZONTAL_BREAKPOINTS = [  # typed by Textual's Screen
        (0, "-narrow"),
        (100, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [
        (0, "-short"),
        (32, "-tall"),
    ]

    def __init__(self) -> None:
        super().__init__(id="main")
        self.selected: str | None = None
        self._actor: tuple[int, str] | None = None  # the (time, combatant) last followed

    @property
    def tracker(self) -> TrackerApp:
        return self.app  # type: ignore[return-value]  # Textual types it App[object]

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield PendingBanner(id="pending")
        yield TimeTrack(id="track")
        yield Roster(id="roster")
        with Horizontal(id="lower"):
            yield EventLog(id="log")
            yield CombatantDetail(id="detail")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(EventLog).border_title = "Log"
        self.query_one(PendingBanner).coming = self.tracker.act_flow.coming
        self.query_one("#roster", Roster).focus()
        self.watch(self.app, "revision", self.sync, init=True)
        self.call_after_refresh(self.tracker.finish_opening)  # after the first frame

    # --- time passing in a worker (tracker.main_pass_time) ------------------------------
    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        done = (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED)
        if event.worker.group == main_pass_time.GROUP and event.state in done:
            main_pass_time.finished(self, event.worker)

    def passing_shown(self, busy: str | None) -> None:
        """The status bar's "⏳ Passing time" while the worker runs (None: it ended)."""
        self.query_one(StatusBar).busy(busy)

    # --- redraw --------------------------------------------------------------------
    def sync(self, _revision: int = 0) -> None:
        """Redraw every part from the encounter; each part skips what did not change."""
        from rules.engine.turns import acting_now

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

    def on_screen_suspend(self) -> None:
        """A dialog covers the screen: `d` now types into it, so the banner stops offering
        the key (and says when the open dialog is the one answering the decision)."""
        from tracker.modals.act import CheckDialog, DamageDialog, ParryDialog

        answering = isinstance(self.app.screen, CheckDialog | DamageDialog | ParryDialog)
        for banner in self.query(PendingBanner):
            banner.covered("decision" if answering else "other")

    def on_screen_resume(self) -> None:
        for banner in self.query(PendingBanner):  # also the first resume, maybe before compose
            banner.covered(None)

    def on_roster_selected(self, message: Roster.Selected) -> None:
        self.selected = message.combatant_id
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

    def _allowed(self, action: str) -> bool:
        """Say why not (and do nothing) when the moment does not fit the action."""
        session = self.tracker.session
        if session is None or self.tracker.refused_while_passing(action):
            return False
        why = reasons(session, self.selected, self.tracker.revision).get(action)
        if why is not None:
            self.notify(why, title="Not now", severity="warning")
            return False
        return True

    def _ask(self, screen: Any, then: Callable[[Any], None] | None = None) -> None:
        """Push a form; a command it dismisses with goes to run_command."""

        def done(result: Any) -> None:
            if result is None:
                return
            if then is not None:
                then(result)
            else:
                self.tracker.run_command(result)

        self.app.push_screen(screen, done)

    def _ask_about_selected(self, action: str, dialog: Callable[[Encounter, str], Any]) -> None:
        """The dialog about the selected combatant, when the key may act now."""
        from tracker.marked_rows import ask_marked

        if self.tracker.session is not None and ask_marked(self, dialog):
            return  # the marked rows: one Batch (the rules judge each part)
        if self._allowed(action):
            assert self.selected is not None  # `reasons` refuses it with nobody selected
            self._ask(dialog(self.encounter, self.selected))

    # --- actions: one per key ------------------------------------------------------
    def action_advance(self) -> None:
        from rules.model.commands import Advance

        self.tracker.run_command(Advance())

    def action_run_orders(self) -> None:
        """g: the extras take their standing orders until the GM is needed (A7, A8)."""
        if self._allowed("run_orders"):
            from tracker.modals.orders import OrdersDialog

            self._ask(OrdersDialog(self.encounter))

    def action_begin_combat(self) -> None:
        if self._allowed("begin_combat"):
            from tracker.modals.begin_combat import BeginCombat

            self._ask(BeginCombat(self.encounter, self.selected))

    def action_end_combat(self) -> None:
        if self._allowed("end_combat"):
            from tracker.modals.end_combat import EndCombatModal

            self._ask(EndCombatModal(self.encounter), self._ended)

    def _ended(self, command: Any) -> None:
        """A fight made from a party offers its write-back once it has ended (issue 17)."""
        if self.tracker.run_command(command) and self.encounter.party is not None:
            from tracker.party_return import offer_write_back

            offer_write_back(self.tracker)

    def action_answer(self) -> None:
        if self._allowed("answer") and not self.answer_reminder():
            self.tracker.act_flow.answer()  # one road for decisions: the act flow's dialogs

    def action_add(self) -> None:
        from tracker.modals.combatant_form import CombatantForm

        self._ask(CombatantForm(self.encounter, None))

    def action_add_template(self) -> None:
        from rules.model.commands import AddCombatant
        from tracker.demo import ROSTER_DIR  # built in; the GM's own in <saves>/roster
        from tracker.modals.templates import TemplatePicker

        def add(combatant: Any) -> None:
            awareness, count = combatant.awareness, picker.count  # N numbered copies
            self.tracker.run_command(
                AddCombatant(combatant=combatant, awareness=awareness, count=count)
            )

        picker = TemplatePicker(
            self.tracker.saves_dir / "roster", self.encounter, builtin=ROSTER_DIR
        )
        self._ask(picker, add)  # free names: "X 2"

    def action_duplicate(self) -> None:
        if self._allowed("duplicate"):
            from rules.model.commands import DuplicateCombatant

            assert self.selected is not None
            self.tracker.run_command(DuplicateCombatant(id=self.selected))

    def action_save_template(self) -> None:
        """T: the selected combatant's sheet back to the roster (t adds it again)."""
        if self._allowed("save_template"):
            from tracker.marked_rows import save_template

            assert self.selected is not None
            save_template(self, self.selected)

    def action_remove(self) -> None:
        from tracker.marked_rows import remove_marked

        if self.tracker.session is not None and remove_marked(self):
            return
        if not self._allowed("remove"):
            return
        from rules.model.commands import RemoveCombatant
        from tracker.modals.confirm import Confirm

        cid = self.selected
        assert cid is not None
        name = self.encounter.combatants[cid].name

        def remove(yes: bool) -> None:
            if yes:
                self.tracker.run_command(RemoveCombatant(id=cid))

        self._ask(Confirm(f"Remove {name} from the encounter? (u undoes it)"), remove)

    def action_fight_status(self) -> None:
        """Out of the fight (fled, unconscious, surrendered) or back in (R8 reaction roll,
        with the awareness the GM gives it, A7)."""
        from tracker.modals.fight_status import FightStatusDialog

        self._ask_about_selected("fight_status", FightStatusDialog)

    def action_edit(self) -> None:
        if self._allowed("edit"):
            from tracker.modals.combatant_form import CombatantForm

            self._ask(CombatantForm(self.encounter, self.selected))

    def action_wound(self) -> None:
        from tracker.modals.wound import WoundForm

        self._ask_about_selected("wound", WoundForm)

    def action_heal(self) -> None:
        from tracker.modals.heal import HealForm

        self._ask_about_selected("heal", HealForm)

    def action_luck(self) -> None:
        from tracker.modals.luck import LuckForm

        self._ask_about_selected("luck", LuckForm)

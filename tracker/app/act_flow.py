"""Acting, reacting and rolling from the main screen: which dialog opens next, read from the state.

Step by step (see `tracker.modals.act`): each dialog returns one Command,
the app applies it, and the next step is read from the encounter, never
queued in the UI:

1. a pending decision comes first (A10 parry, A11-A13 damage, A15/A16
   checks): its dialog opens;
2. else a turn with a declared attack or skill roll not yet rolled: its
   dialog opens (an attack with the action's weapon, a roll with its skill);
3. else the act is over.

Every act dialog's answer reaches the flow as a message (`DialogAnswered`,
handed on by the app's tracker.app.outcomes), whoever opened it (`a`, `r`,
`s`, `k` here, `d` on the main screen). With physical dice the app may first
ask for typed faces and retry the command; the flow goes on only once that
very command is applied (`CommandApplied`), so a refusal or a cancelled dice
entry (`CommandRefused`, `CommandCancelled`) ends the act.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from rules.engine.questions import declared_roll, last_target, living_refusal, next_action, tied
from rules.model.state import Action, Combatant, Encounter
from tracker.app.dialog_pool import DialogPool
from tracker.app.late_teardown import LateTeardown, TeardownHost
from tracker.host.action_host import KeysInForce, Notifies
from tracker.modals.act import (
    ActDialog,
    AnimaDialog,
    AttackDialog,
    LandingPreview,
    OpportunityDialog,
    ReactDialog,
    SkillRollDialog,
)

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from rules.engine.session import Session
    from rules.model.commands import Command
    from tracker.host.messages import DialogAnswered


class HoldsCollection(Protocol):
    def hold(self) -> None: ...


class FlowHost(Notifies, TeardownHost, Protocol):
    """The app the act dialogs open on: its session and revision, its screens,
    `run_command` for what each dialog answers, and its collector (held meanwhile)."""

    revision: int

    @property
    def collector(self) -> HoldsCollection: ...

    @property
    def session(self) -> Session | None: ...

    @property
    def gm_settings(self) -> KeysInForce: ...

    def push_screen(self, screen: Any, callback: Any = None) -> object: ...

    def run_command(self, command: Command) -> bool: ...


def pending_dialog(enc: Encounter) -> ModalScreen[Any] | None:
    """The dialog answering the first pending decision, if any (engine rule 7)."""
    from tracker.modals.decision import decision_dialog

    return decision_dialog(enc, enc.pending[0]) if enc.pending else None


def action_dialog(
    enc: Encounter, actor: Combatant, action: Action, last: str | None = None
) -> ModalScreen[Any] | None:
    """The dialog rolling one declared action: an attack with its weapon (`last`, the
    attacker's last target, offered first), or a skill roll."""
    if action.kind == "attack" and action.weapon is not None:
        return AttackDialog(enc, actor.id, action.weapon, last)
    if action.kind == "attack" and actor.weapons:
        return AttackDialog(enc, actor.id, actor.weapons[0].name, last)
    skill, stat = declared_roll(actor, action)  # R9, A10: what the handler rolls
    return SkillRollDialog(enc, actor.id, skill=skill, stat=stat, mode="standard")


def next_dialog(enc: Encounter, done: Iterable[Command] = ()) -> ModalScreen[Any] | None:
    """What the GM answers next: a pending decision, else the turn's next roll, else None.

    `done` is the session's history (oldest first): an attack offers its last target first.
    """
    found = pending_dialog(enc)
    if found is not None:
        return found
    step = next_action(enc)
    if step is None:
        return None
    return action_dialog(enc, *step, last=last_target(done, step[0].id))


class ActFlow:
    """Opens the act dialogs for the app and carries each act on to its next step."""

    def __init__(self, app: FlowHost) -> None:
        self.app = app
        self._waiting: object | None = None  # an act dialog's answer, not yet applied
        self._opening: ModalScreen[Any] | None = None  # the dialog last pushed
        self._quick = False  # a quick attack: the attack dialog it opens submits at once
        self._gone_on: object | None = None  # applied, its next step opened before its messages
        self.pool = DialogPool(app)  # closed questions kept built for the next of their class
        # A closed dialog goes after the next frame, or to the pool.
        self.teardown = LateTeardown(app, recycle=self.pool.keep)

    def coming(self) -> bool:
        """An act dialog is on its way: an answer is being applied (its next step opens
        next), or the dialog pushed last has not mounted yet. The pending banner asks,
        so it never invites `d` then (the key would land in that dialog's field)."""
        opening = self._opening
        if opening is not None and opening in self.app.screen_stack and not opening.is_mounted:
            return True
        return self._waiting is not None

    def _reword_banners(self) -> None:
        from tracker.widgets.pending_banner import banner_on

        for screen in self.app.screen_stack:
            if (banner := banner_on(screen)) is not None:
                banner.reword()

    @property
    def encounter(self) -> Encounter | None:
        session = self.app.session
        return None if session is None else session.encounter

    # --- the keys ---------------------------------------------------------------------
    def key(self, which: str, selected: str | None) -> None:
        """a r s k on the main screen: say why not when the moment does not fit, else open."""
        from tracker.actions.key_reasons import reasons

        session = self.app.session
        if session is None:
            return
        now = reasons(session, selected, self.app.revision, self.app.gm_settings.words)
        why = now.get("act" if which == "quick" else which, f"unknown act {which!r}")
        if why is not None:
            self.app.notify(why, title="Not now", severity="warning")
            return
        if which == "act":
            self.act(selected)
        elif which == "quick":
            self.quick(selected)
        elif which == "react":
            self.react()
        elif which == "skill_roll":
            self.skill_roll(selected)
        else:
            self.anima(selected)

    def act(self, selected: str | None) -> None:
        """`a`: the step the flow itself would open next (a pending decision, else the
        turn's next roll), else the opportunity of whoever is due (the selected one if
        several are, R5). A turn under way comes before a tied opportunity another's
        reaction opened: taking that one now would drop the rest of the turn."""
        enc = self.encounter
        if enc is None:
            return
        if enc.pending:
            self.answer()
            return
        if next_action(enc) is not None:
            self.open(next_dialog(enc, self._done()))
            return
        if enc.due or tied(enc):
            self.open(OpportunityDialog(enc, self._actor_now(enc, selected)))
            return
        why = "no one has an Action Opportunity now"
        if enc.in_combat:
            why += f": {self.app.gm_settings.words.get('advance', 'n')} advances the track"
        self.app.notify(why, title="Not now")

    def quick(self, selected: str | None) -> None:
        """`A`: the quick attack. The opportunity of whoever is due is taken with its
        first attack (what `a` highlights), and the attack dialog then opens filled with
        its defaults (the likely target, the first range) and attacks at once: the
        damage comes to confirm. A turn under way rolls its next attack the same way; a
        pending decision is answered first, as with `a`."""
        enc = self.encounter
        if enc is None:
            return
        step = None if enc.pending else next_action(enc)
        if enc.pending or step is not None:
            self._quick = step is not None and step[1].kind == "attack"
            self.act(selected)
            self._quick = False
            return
        if not (enc.due or tied(enc)):
            self.act(selected)  # says why not
            return
        actor = enc.combatants[self._actor_now(enc, selected)]
        attack = next((a for a in actor.actions if a.kind == "attack"), None)
        if attack is None:
            self.app.notify(f"{actor.name} has no attack on its sheet", title="No quick attack")
            return
        from rules.model.commands import TakeOpportunity

        self._quick = True
        self._waiting = command = TakeOpportunity(actor=actor.id, actions=[attack.name])
        self._reword_banners()
        self._run(command)  # applied: the attack opens, at once

    def _actor_now(self, enc: Encounter, selected: str | None) -> str:
        """R5: whose opportunity `a` takes: the selected combatant's when it is now (opened,
        or tied at this time and not yet opened: the engine takes either), else the first
        due, saying so rather than silently acting for someone else."""
        now = tied(enc)  # the opened first, then the rest of the tie in R5 order
        if selected in now:
            return selected
        first = now[0]
        c = enc.combatants.get(selected) if selected is not None else None
        if c is not None:
            if (dead := living_refusal(c)) is not None:
                why = dead.removeprefix(f"{c.name} ")
            elif not c.active or c.ttu is None:
                why = "is not on the time track"
            else:
                why = f"acts at {c.ttu}, not now (track {enc.time})"
            self.app.notify(
                f"{c.name} {why}: {enc.combatants[first].name} acts now",
                title="Not the selected combatant",
            )
        return first

    def react(self) -> None:
        """`r`: who may react to the declared action (A10), and with what."""
        enc = self.encounter
        if enc is not None:
            self.open(ReactDialog(enc))

    def skill_roll(self, selected: str | None) -> None:
        """`s`: a skill roll (standard, extended, complementary, opposed) for the selected."""
        c, enc = self._selected(selected), self.encounter
        if c is not None and enc is not None:
            self.open(SkillRollDialog(enc, c.id))

    def anima(self, selected: str | None) -> None:
        """`k`: an Anima check for the selected combatant."""
        c, enc = self._selected(selected), self.encounter
        if c is not None and enc is not None:
            self.open(AnimaDialog(enc, c.id))

    def answer(self) -> None:
        """Answer the first pending decision with its dialog (odds and preview shown)."""
        enc = self.encounter
        dialog = None if enc is None else pending_dialog(enc)
        if dialog is None:
            self.app.notify("no decision is pending", title="Not now")
            return
        self.open(dialog)

    def preview(self, message: LandingPreview) -> None:
        """Hand an opportunity's landing spot to the time track (R6, R7)."""
        from tracker.widgets.time_track import TimeTrack

        for screen in self.app.screen_stack:
            for track in screen.query(TimeTrack):
                track.preview = None if message.ttu is None else (message.actor, message.ttu)

    # --- one step -----------------------------------------------------------------------
    def open(self, dialog: ModalScreen[Any] | None) -> None:
        """Push an act dialog; its answer goes to `run_command` (with typed dice if asked)."""
        if self._quick and isinstance(dialog, AttackDialog):
            dialog.at_once = True
        if dialog is not None:
            dialog, refill = self.pool.ask(dialog)
            self._opening = dialog
            self.teardown.keep(dialog)
            self.app.push_screen(dialog, self._answered)
            if refill is not None:  # a closed one of its class, built alike, asks instead
                refill()

    def _answered(self, command: Command | None) -> None:
        if command is not None:
            # No collection until the frame showing what it opens (pushed within `_run`).
            self.app.collector.hold()
            self._waiting = command
            self._run(command)
        self.teardown.closed()  # after the frame that shows what the answer opened

    def _run(self, command: Command) -> None:
        """Apply the answer; applied there and then, its next dialog is pushed at once, in
        the same turn of the loop, so no frame of the main screen comes between the two
        dialogs (issue 27: dialog_open_ms). Its messages, still on their way, are then
        passed over (`_gone_on`). Typed dice still to ask for, a refusal or a
        cancel come back as messages, as from a dialog another key opened (below)."""
        if self.app.run_command(command):
            self._gone_on = command
            self.applied(command)

    # --- what became of the answer (tracker.app.outcomes calls these) -----------------------
    def answered(self, message: DialogAnswered) -> None:
        """An act dialog answered (whoever pushed it, `d` included): once that very
        command is applied, the act goes on to its next step."""
        if isinstance(message.dialog, ActDialog) and message.result is not self._gone_on:
            self._waiting = message.result
            self._reword_banners()

    def applied(self, command: Command) -> None:
        """A command changed the encounter: the act dialog's own goes on to the next step."""
        if command is self._gone_on and command is not self._waiting:
            self._gone_on = None  # its message, after `_run` went on already
            return
        if command is self._waiting:
            self._waiting = None
            self._next()
            self._reword_banners()

    def ended(self, command: Command) -> None:
        """Refused, or cancelled at the dice: nothing changed and the act ends there."""
        if command is self._waiting:
            self._waiting = None
            self._quick = False
            self._reword_banners()

    def _next(self) -> None:
        enc = self.encounter
        if enc is not None:
            self.open(next_dialog(enc, self._done()))
        self._quick = False  # only the attack right after the quick opportunity

    def _done(self) -> list[Command]:
        """The session's commands, oldest first (whom each attacker last attacked)."""
        session = self.app.session
        done = [] if session is None else session.done
        return [step.command for step in done if step.command is not None]

    def _selected(self, selected: str | None) -> Combatant | None:
        enc = self.encounter
        if enc is None:
            return None
        if selected is None or selected not in enc.combatants:
            self.app.notify("select a combatant first", title="Not now")
            return None
        c = enc.combatants[selected]
        if (dead := living_refusal(c)) is not None:
            self.app.notify(dead, title="Not now")
            return None
        return c

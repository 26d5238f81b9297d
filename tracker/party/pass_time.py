"""Pass time on the party screen (P): the party's pass-time dialog, then the rules'
`rules.party.clock.pass_time` in a worker thread, with the app's dice for the demise
checks that come due (at the GM's goal, R15).

A day of bleeding for a whole party is tens of thousands of ticks: run in the
screen's thread it froze the screen. The pure rules function runs in a Textual
thread worker on the party as it stood (a Party is never changed in place); the
screen shows "passing time…" and refuses the keys that would change the party
meanwhile (`PartyScreen.cannot_change`). The result is committed only if neither
this screen nor another copy of the app changed the party meanwhile (the keeper's
revision check); else nothing is written and the GM is told why.

Virtual dice roll through the app's seeded source (only this worker rolls them
meanwhile: the party screen is on top and its keys wait); physical dice run the
passage with the faces typed so far, and when they run out (`DiceExhausted`:
nothing was changed) the app's dice prompt asks for the missing ones and the
passage runs again from the start, as the main screen does for any command.
Escape at the prompt changes nothing. The screen is read as a `PartyPassing`
(the party screen imports this module, so this one never names it back).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol

from textual.worker import Worker, WorkerState

from rules.mechanics.dice import DiceExhausted, DiceSource, ScriptedDice
from rules.model.party import Party
from rules.party.clock import pass_time
from rules.party.errors import PartyError
from tracker.host.action_host import Notifies, RunsWorkers
from tracker.party.pass_time_dialog import DEFAULT_GOAL, Passage

__all__ = ["DEFAULT_GOAL", "GROUP", "PartyPassing", "Running", "ask", "finished", "run"]

if TYPE_CHECKING:
    from tracker.party.host import PartyApp
    from tracker.party.keeper import PartyKeeper

GROUP = "party-pass-time"  # the worker group the screen's state handler listens to
Outcome = Party | DiceExhausted | PartyError


@dataclass(frozen=True)
class Running:
    """A passage under way: what was asked, the faces typed so far, the party it started from."""

    passage: Passage
    typed: list[int]
    base: Party

    def words(self) -> str:
        command = self.passage.command
        return f"{command.amount} {command.unit}"


class PartyPassing(RunsWorkers, Notifies, Protocol):
    """The party screen as its pass time reads it: the party and its keeper, the last
    demise goal, where the passage is shown and what it says when refused."""

    demise_goal: int

    @property
    def party(self) -> Party: ...

    @property
    def keeper(self) -> PartyKeeper: ...

    @property
    def tracker(self) -> PartyApp: ...

    def show_error(self, message: str) -> None: ...

    def refuse(self, problem: str) -> None: ...

    def changed(self) -> None: ...

    def start_passing(self, running: Running) -> None: ...

    def stop_passing(self) -> Running | None: ...


def ask(screen: PartyPassing) -> None:
    """The party's pass-time dialog (its day, the demise goal); enter passes the time."""
    from tracker.party.pass_time_dialog import PartyPassTimeForm

    if not screen.party.characters:
        screen.show_error(f"{screen.party.name} has no characters: no time to pass for anyone")
        return

    def chosen(passage: Passage | None) -> None:
        if passage is not None:
            screen.demise_goal = passage.demise_goal  # the next dialog offers it again
            app.pass_unit = passage.command.unit  # and this unit, as the main screen's P
            run(screen, passage, [])

    app = screen.tracker
    app.push_screen(PartyPassTimeForm(screen.party, screen.demise_goal, app.pass_unit), chosen)


def _passage(party: Party, passage: Passage, dice: DiceSource) -> Outcome:
    """The worker's whole job: the pure rules function; a refusal comes back as a value."""
    command = passage.command
    try:
        return pass_time(party, command.amount, command.unit, dice, passage.demise_goal)
    except (DiceExhausted, PartyError) as outcome:
        return outcome


def run(screen: PartyPassing, passage: Passage, typed: list[int]) -> None:
    """Start the passage in a thread; physical dice: with the faces `typed` so far."""
    app = screen.tracker
    dice: DiceSource = app.dice.virtual if app.dice_mode == "virtual" else ScriptedDice(typed)
    running = Running(passage, typed, screen.party)
    screen.start_passing(running)
    screen.run_worker(
        partial(_passage, running.base, passage, dice),
        name=f"pass time {running.words()}",
        group=GROUP,
        thread=True,
        exit_on_error=False,
    )


def finished(screen: PartyPassing, worker: Worker[Outcome]) -> None:
    """The worker ended: commit its party, ask for faces, or say why nothing changed."""
    running = screen.stop_passing()
    if running is None:
        return
    if worker.state != WorkerState.SUCCESS or worker.result is None:
        why = worker.error or "it was cancelled"
        screen.refuse(f"Pass time failed ({why}): nothing changed")
        return
    outcome = worker.result
    if isinstance(outcome, DiceExhausted):
        if screen.tracker.dice_mode == "virtual":  # a seeded source never runs out: never
            screen.refuse(str(outcome))
            return
        _ask_faces(screen, running, outcome)
        return
    if isinstance(outcome, PartyError):
        screen.refuse(str(outcome))
        return
    problem = screen.keeper.commit(outcome, running.base)
    if problem:
        screen.refuse(f"Time did not pass for {running.base.name} ({running.words()}): {problem}")
        return
    screen.changed()
    if any(" dies (" in line for line in screen.party.history[-1].lines):
        screen.notify(screen.keeper.last_text(), title="A death (A16)", severity="warning")


def _ask_faces(screen: PartyPassing, running: Running, need: DiceExhausted) -> None:
    from tracker.modals.dice_entry import DiceEntry

    def faces(more: list[int] | None) -> None:
        if more is None:
            screen.show_error("Pass time cancelled at the dice: nothing changed")
            return
        run(screen, running.passage, [*running.typed, *more])

    entry = DiceEntry(need.purpose or "a roll", need.sides, need.needed, open_chain=need.open_chain)
    screen.tracker.push_screen(entry, faces)

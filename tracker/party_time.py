"""Pass time on the party screen (P): the encounter's pass-time dialog, then the rules'
`rules.party.clock.pass_time`, with the app's dice for the demise checks that come due.

Virtual dice roll through the app's seeded source; physical dice run the passage with
the faces typed so far, and when they run out (`DiceExhausted`: nothing was changed)
the app's dice prompt asks for the missing ones and the passage runs again from the
start, as the main screen does for any command (tracker.app.TrackerApp.run_command).
Escape at the prompt changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.mechanics.dice import DiceExhausted, DiceSource, ScriptedDice
from rules.model.effect_commands import PassTime
from rules.party.between import scratch_encounter
from rules.party.clock import pass_time

if TYPE_CHECKING:
    from tracker.screens.party import PartyScreen


def ask(screen: PartyScreen) -> None:
    """The pass-time dialog on the party's characters (a track at 0); enter passes it."""
    from tracker.modals.pass_time import PassTimeForm

    if not screen.party.characters:
        screen.show_error(f"{screen.party.name} has no characters: no time to pass for anyone")
        return

    def chosen(command: PassTime | None) -> None:
        if command is not None:
            run(screen, command, [])

    screen.app.push_screen(PassTimeForm(scratch_encounter(screen.party)), chosen)


def run(screen: PartyScreen, command: PassTime, typed: list[int]) -> None:
    """Pass `command`'s time; physical dice: with the faces `typed` so far."""
    app = screen.tracker
    dice: DiceSource = app.virtual_dice if app.dice_mode == "virtual" else ScriptedDice(typed)
    try:
        done = screen.apply(lambda party: pass_time(party, command.amount, command.unit, dice))
    except DiceExhausted as need:
        if app.dice_mode == "virtual":  # a seeded source never runs out: never
            screen.show_error(str(need))
            return
        _ask_faces(screen, command, typed, need)
        return
    if done and any(" dies (" in line for line in screen.party.history[-1].lines):
        screen.notify(screen.keeper.last_text(), title="A death (A16)", severity="warning")


def _ask_faces(
    screen: PartyScreen, command: PassTime, typed: list[int], need: DiceExhausted
) -> None:
    from tracker.modals.dice_entry import DiceEntry

    def faces(more: list[int] | None) -> None:
        if more is None:
            screen.show_error("Pass time cancelled at the dice: nothing changed")
            return
        run(screen, command, [*typed, *more])

    entry = DiceEntry(need.purpose or "a roll", need.sides, need.needed, open_chain=need.open_chain)
    screen.app.push_screen(entry, faces)

"""The keys for the fight as a whole: n g b e d, a new day (N), the encounter's name.

Each becomes one command for `run_command` (through a dialog where it has
fields); whether the moment allows it is `tracker.actions.key_reasons`' answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tracker.host.action_host import ScreenHost


def advance(host: ScreenHost) -> None:
    """n: the track moves on to its next event (A7)."""
    from rules.model.commands import Advance

    host.tracker.run_command(Advance())


def run_orders(host: ScreenHost) -> None:
    """g: the extras take their standing orders until the GM is needed (A7, A8)."""
    if host.allowed("run_orders"):
        from tracker.modals.orders import OrdersDialog

        host.ask(OrdersDialog(host.encounter))


def begin_combat(host: ScreenHost) -> None:
    if host.allowed("begin_combat"):
        from tracker.modals.begin_combat import BeginCombat

        host.ask(BeginCombat(host.encounter, host.selected))


def end_combat(host: ScreenHost) -> None:
    """e: the outcome; a fight made from a party then offers its write-back (issue 17)."""
    if not host.allowed("end_combat"):
        return
    from tracker.modals.end_combat import EndCombatModal

    def ended(command: Any) -> None:
        app = host.tracker
        if app.run_command(command) and host.encounter.party is not None:
            from tracker.party.after_combat import offer_write_back

            offer_write_back(app)

    host.ask(EndCombatModal(host.encounter), ended)


def answer(host: ScreenHost) -> None:
    """d: a reminder the track reached is dismissed at once; any other decision opens
    the act flow's dialog (one road for decisions)."""
    if not host.allowed("answer"):
        return
    pending = host.encounter.pending[0] if host.encounter.pending else None
    if pending is not None and pending.kind == "reminder":
        from rules.model.effect_commands import DismissReminder

        host.tracker.run_command(DismissReminder(id=pending.id))
        return
    host.tracker.act_flow.answer()


def new_day(host: ScreenHost) -> None:
    """N: a new day (C1). Mid-combat it asks first: N sits next to n (advance)."""
    from rules.model.commands import NewDay
    from tracker.modals.confirm import Confirm

    def start(yes: bool) -> None:
        if yes:
            host.tracker.run_command(NewDay())

    if not host.encounter.in_combat:
        start(True)
        return
    day = host.encounter.day
    question = (
        f"Combat is running. Start day {day + 1} now? Every living combatant's chance "
        f"dice are refreshed (C1) and those left from day {day} lapse. (u undoes it)"
    )
    host.ask(Confirm(question), start)


def rename_encounter(host: ScreenHost) -> None:
    """The palette's "Rename the encounter": an undoable, logged command."""
    from rules.model.commands import RenameEncounter
    from tracker.modals.encounter_name import EncounterName

    def rename(name: str) -> None:
        if name != host.encounter.name:
            host.tracker.run_command(RenameEncounter(name=name))

    host.ask(EncounterName("Rename the encounter", host.encounter.name, "Rename"), rename)


def write_back(host: ScreenHost) -> None:
    """The palette's write-back to the party this fight was made from (issue 17)."""
    from tracker.party.after_combat import offer_write_back

    offer_write_back(host.tracker)

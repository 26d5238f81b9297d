"""The keys for what lives on the Time Track besides turns (issue 15): E ctrl+e R P.

`E` an effect on the selected (or every marked) combatant, `ctrl+e` takes one
off (the selected's, or one name off all the marked at once), `R` a reminder
(the palette cancels one still ahead), `P` passes time outside combat (in a
worker thread: tracker.actions.main_pass_time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.model.effect_commands import PassTime
    from tracker.host.action_host import ScreenHost


def add_effect(host: ScreenHost) -> None:
    from tracker.modals.effect_form import EffectForm

    if host.tracker.session is None:
        return
    enc = host.encounter
    ids = [cid for cid in host.marked_rows if not enc.combatants[cid].dead]
    if ids:
        names = [enc.combatants[cid].name for cid in ids]
        host.ask(EffectForm(enc, ids[0]).for_ids(ids, names))
    elif host.allowed("add_effect"):
        assert host.selected is not None  # `reasons` refuses it with nobody selected
        host.ask(EffectForm(enc, host.selected))


def remove_effect(host: ScreenHost) -> None:
    """ctrl+e: an effect off the selected, or (rows marked) off the marked ones."""
    from tracker.modals.effect_remove import RemoveEffectDialog

    if host.tracker.session is None:
        return
    enc = host.encounter
    ids = host.marked_rows
    if ids:
        if not any(enc.combatants[cid].effects for cid in ids):
            host.notify(f"none of the {len(ids)} marked has effects: E adds one")
            return
        host.ask(RemoveEffectDialog(enc, ids[0], marked=ids))
    elif host.allowed("remove_effect"):
        assert host.selected is not None
        host.ask(RemoveEffectDialog(enc, host.selected))


def add_reminder(host: ScreenHost) -> None:
    if host.allowed("add_reminder"):
        from tracker.modals.reminder_form import ReminderForm

        host.ask(ReminderForm(host.encounter, host.selected))


def cancel_reminder(host: ScreenHost) -> None:
    """The palette's "Cancel a reminder": one still ahead, by a list."""
    if host.allowed("cancel_reminder"):
        from tracker.modals.reminder_cancel import CancelReminderDialog

        host.ask(CancelReminderDialog(host.encounter))


def pass_time(host: ScreenHost) -> None:
    """P: the dialog, then the passage in a worker (tracker.actions.main_pass_time, issue 23)."""
    if not host.allowed("pass_time"):
        return
    from tracker.modals.pass_time import PassTimeForm

    app = host.tracker

    def chosen(command: PassTime) -> None:
        app.pass_unit = command.unit  # the next P opens on it
        host.pass_time(command)

    host.ask(PassTimeForm(host.encounter, app.pass_unit), chosen)

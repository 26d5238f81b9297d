"""The main screen's keys for what lives on the Time Track besides turns (issue 15).

`E` an effect on the selected (or every marked) combatant, `ctrl+e` takes
one off (the selected's, or the marked's: one name off all of them at once),
`R` a reminder (the palette cancels one still ahead), `P` passes time outside
combat (in a worker thread: tracker.main_pass_time). Each opens a dialog whose
answer is one command for `run_command`; whether the moment allows it is
`tracker.key_reasons`' answer, as for every key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.model.effect_commands import PassTime
    from tracker.screens.main import MainScreen


class EffectKeys:
    """Mixed into MainScreen: its `_allowed`, `_ask`, `selected` and `encounter` serve here."""

    def action_add_effect(self: MainScreen) -> None:  # type: ignore[misc]  # a mixin's self
        from tracker.marked_rows import marked_ids
        from tracker.modals.effect_form import EffectForm

        if self.tracker.session is None:
            return
        ids = [cid for cid in marked_ids(self) if not self.encounter.combatants[cid].dead]
        if ids:
            names = [self.encounter.combatants[cid].name for cid in ids]
            self._ask(EffectForm(self.encounter, ids[0]).for_ids(ids, names))
        elif self._allowed("add_effect"):
            assert self.selected is not None  # `reasons` refuses it with nobody selected
            self._ask(EffectForm(self.encounter, self.selected))

    def action_remove_effect(self: MainScreen) -> None:  # type: ignore[misc]
        """ctrl+e: an effect off the selected, or (rows marked) off the marked ones."""
        from tracker.marked_rows import marked_ids
        from tracker.modals.effect_remove import RemoveEffectDialog

        if self.tracker.session is None:
            return
        ids = marked_ids(self)
        if ids:
            if not any(self.encounter.combatants[cid].effects for cid in ids):
                self.notify(f"none of the {len(ids)} marked has effects: E adds one")
                return
            self._ask(RemoveEffectDialog(self.encounter, ids[0], marked=ids))
        elif self._allowed("remove_effect"):
            assert self.selected is not None
            self._ask(RemoveEffectDialog(self.encounter, self.selected))

    def action_add_reminder(self: MainScreen) -> None:  # type: ignore[misc]
        if self._allowed("add_reminder"):
            from tracker.modals.reminder_form import ReminderForm

            self._ask(ReminderForm(self.encounter, self.selected))

    def action_pass_time(self: MainScreen) -> None:  # type: ignore[misc]
        """P: the dialog, then the passage in a worker (tracker.main_pass_time, issue 23)."""
        if self._allowed("pass_time"):
            from tracker import main_pass_time
            from tracker.modals.pass_time import PassTimeForm

            app = self.tracker

            def chosen(command: PassTime) -> None:
                app.pass_unit = command.unit  # the next P opens on it
                main_pass_time.run(self, command, [])

            self._ask(PassTimeForm(self.encounter, app.pass_unit), chosen)

    def action_cancel_reminder(self: MainScreen) -> None:  # type: ignore[misc]
        """The palette's "Cancel a reminder": one still ahead, by a list."""
        if self._allowed("cancel_reminder"):
            from tracker.modals.reminder_cancel import CancelReminderDialog

            self._ask(CancelReminderDialog(self.encounter))

    def answer_reminder(self: MainScreen) -> bool:  # type: ignore[misc]
        """`d` on a reminder the track reached: dismissed at once, one key (True)."""
        pending = self.encounter.pending[0] if self.encounter.pending else None
        if pending is None or pending.kind != "reminder":
            return False
        from rules.model.effect_commands import DismissReminder

        self.tracker.run_command(DismissReminder(id=pending.id))
        return True

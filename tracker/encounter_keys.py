"""The main screen's keys for the encounter as a whole, not one combatant's moment.

`v` / `V` what the players' screen shows, `N` a new day (C1), the palette's
rename, the log's paging (`[` `]` `{` `}`) and `x` its export. Each becomes a
command for `run_command` (or only moves the view); whether the moment allows
it is `tracker.key_reasons`' answer, as for every key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tracker.widgets.event_log import EventLog

if TYPE_CHECKING:
    from tracker.screens.main import MainScreen


class EncounterKeys:
    """Mixed into MainScreen: its `_allowed`, `_ask`, `selected` and `encounter` serve here."""

    def action_players(self: MainScreen, what: str) -> None:  # type: ignore[misc]  # a mixin\'s self
        """v / V and the palette: what the players' screen shows (tracker.players_controls)."""
        from tracker.players_controls import command_for

        if self.tracker.session is None:
            return
        command = command_for(self.encounter, what, self.selected)
        if isinstance(command, str):
            self.notify(command, title="Not now", severity="warning")
        else:
            self.tracker.run_command(command)

    def action_new_day(self: MainScreen) -> None:  # type: ignore[misc]  # a mixin\'s self
        """N: a new day (C1). Mid-combat it asks first: N sits next to n (advance)."""
        from rules.model.commands import NewDay
        from tracker.modals.confirm import Confirm

        def start(yes: bool) -> None:
            if yes:
                self.tracker.run_command(NewDay())

        if not self.encounter.in_combat:
            start(True)
            return
        day = self.encounter.day
        question = (
            f"Combat is running. Start day {day + 1} now? Every living combatant's chance "
            f"dice are refreshed (C1) and those left from day {day} lapse. (u undoes it)"
        )
        self._ask(Confirm(question), start)

    def action_rename_encounter(self: MainScreen) -> None:  # type: ignore[misc]  # a mixin\'s self
        """The palette's "Rename the encounter": an undoable, logged command."""
        from rules.model.commands import RenameEncounter
        from tracker.modals.encounter_name import EncounterName

        def rename(name: str) -> None:
            if name != self.encounter.name:
                self.tracker.run_command(RenameEncounter(name=name))

        self._ask(EncounterName("Rename the encounter", self.encounter.name, "Rename"), rename)

    def action_log_page(self: MainScreen, pages: int) -> None:  # type: ignore[misc]  # a mixin\'s self
        """`[` / `]`: a page older / newer in the log."""
        self.query_one(EventLog).scroll_page(pages)

    def action_log_edge(self: MainScreen, oldest: bool) -> None:  # type: ignore[misc]  # a mixin\'s self
        """`{` / `}`: the log's first line / back to the newest."""
        self.query_one(EventLog).scroll_to_edge(oldest)

    def action_export_log(self: MainScreen) -> None:  # type: ignore[misc]  # a mixin\'s self
        """`x`: the log as Markdown beside the save file; says where it went."""
        if not self._allowed("export_log"):
            return
        from tracker.widgets.log_markdown import export_path, write_log

        app = self.tracker
        assert app.session is not None
        enc = app.session.encounter
        path = export_path(app.save_path, app.saves_dir, enc.name)
        try:
            write_log(enc, path)
        except OSError as error:
            app.notify(f"cannot write {path}: {error.strerror}", severity="error")
            return
        app.notify(f"Log exported to {path}", title="Exported", timeout=4)

"""The saves browser (`tracker` with no argument, and `o`): pick a fight to resume.

Newest first, with what a GM needs to recognise it (name, day, track time,
who is still alive). A file that will not load shows its reason and its path
here and the app stays up. "New encounter" and "Demo" are always on top;
the demo is copied, never opened in place (the bundled file stays pristine).
Parties (issue 17, tracker.party.browser_rows) follow: "⚑ New party" and one row each;
enter opens the party screen, and a new encounter asks which party it is from.
A broken save whose `.bak` is intact has a "↺ backup" row under it: enter
opens a copy of the backup (`NAME-restored.json`), so neither the broken
file nor its backup is ever written.

A folder of thousands of saves shows its newest rows at once and fills in
the rest a batch per refresh (each row validated as loading does, cached by
the file's stat), so `o` never waits for the whole folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from rules.engine.session import Session
from rules.mechanics.dice import DiceMode
from rules.model.state import Encounter
from rules.saves.folder import PartyInfo, SaveInfo, autosave_path, scan_saves, summarize
from rules.saves.store import SaveError, load_session, save_session
from tracker.widgets.key_footer import KeyFooter
from tracker.widgets.steady_layout import SteadyLayout
from tracker.widgets.tones import theme_style

NEW = "new"
DEMO = "demo"
FIRST_ROWS = 80  # more than a tall terminal shows: the first frame has them all
BATCH = 500  # then this many per refresh (~0.1 s): keys answer while a big folder fills


@dataclass(frozen=True)
class Opened:
    """What the browser hands the app: a loaded session and the file it autosaves to."""

    session: Session
    path: Path


class SavesBrowser(SteadyLayout, Screen[Opened | None]):
    """enter opens the highlighted row; escape goes back (when there is somewhere to go)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="browser.back"),
        Binding("r", "reload", "Reload", id="browser.reload"),
        Binding("q", "app.quit", "Quit", id="browser.quit"),
    ]

    def __init__(
        self,
        folder: Path,
        *,
        can_go_back: bool = False,
        error: str = "",
        dice: DiceMode = "virtual",
    ) -> None:
        """`dice`: the mode the GM is using now: a fight started here (new, or the demo)
        rolls with it; a resumed one with its own."""
        super().__init__(id="saves-browser")
        self.folder = folder
        self.dice = dice
        self.can_go_back = can_go_back
        self.error = error
        self.saves: dict[str, SaveInfo] = {}
        self.backups: dict[str, SaveInfo] = {}  # intact .bak of a broken save, by its path
        self.parties: dict[str, PartyInfo] = {}  # party files, by their row's key
        self.filled = False  # every save of the folder has its row
        self._listing = 0  # a newer reload (or leaving) stops an older one's filling
        self._error_row: str | None = None  # the row whose reason for not opening is shown

    def compose(self) -> ComposeResult:
        yield Static(f" Saves in {self.folder}", id="browser-title", markup=False)
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="browser-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Encounter", "Day", "Track", "Alive", "Saved", "File")
        self.action_reload()
        if self.error:
            self.show_error(self.error)
        table.focus()
        self.watch(self.app, "theme", lambda _: self.action_reload(), init=False)  # colours

    def action_reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        table.add_row(
            Text("＋ New encounter", style=theme_style(self.app, "text-success", bold=True)),
            "",
            "",
            "",
            "",
            "",
            key=NEW,
        )
        table.add_row(
            Text(
                "★ Demo: the card game (a fresh copy)",
                style=theme_style(self.app, "text-warning", bold=True),
            ),
            "1",
            "0",
            "3",
            "",
            "",
            key=DEMO,
        )
        self.saves, self.backups, self.filled = {}, {}, False
        from tracker.party.browser_rows import party_rows

        self.parties = party_rows(self, table)  # issue 17: ⚑ New party, then each party file
        self._listing += 1
        try:
            found = scan_saves(self.folder)
        except SaveError as error:
            self.show_error(str(error))
            found = []
        self._fill(found, 0, self._listing)

    def _fill(self, found: list[tuple[Path, os.stat_result]], start: int, listing: int) -> None:
        """Rows for the next saves of `found`; the rest after the screen has refreshed."""
        if listing != self._listing:
            return  # reloaded or left since
        table = self.query_one(DataTable)
        end = min(len(found), start + (FIRST_ROWS if start == 0 else BATCH))
        for path, stat in found[start:end]:
            info = summarize(path, stat)
            self.saves[str(info.path)] = info
            table.add_row(*map(_text, self._cells(info)), key=str(info.path))
            if info.backup is not None:
                self.backups[str(info.backup.path)] = info.backup
                cells = map(_text, self._backup_cells(info.backup))
                table.add_row(*cells, key=str(info.backup.path))
        self.filled = end == len(found)
        if not self.filled:
            self.call_after_refresh(self._fill, found, end, listing)

    def on_unmount(self) -> None:
        self._listing += 1

    def _cells(self, info: SaveInfo) -> tuple[Text | str, ...]:
        saved = info.modified.astimezone().strftime("%Y-%m-%d %H:%M")
        if info.error is not None:
            return (
                Text(f"⚠ {info.name}", style=theme_style(self.app, "text-error")),
                "",
                "",
                "won't open",
                saved,
                info.path.name,
            )
        fighting = " ⚔" if info.in_combat else ""
        return (
            info.name + fighting,
            str(info.day),
            str(info.time),
            f"{info.alive}/{info.total}",
            saved,
            info.path.name,
        )

    def _backup_cells(self, backup: SaveInfo) -> tuple[Text | str, ...]:
        saved = backup.modified.astimezone().strftime("%Y-%m-%d %H:%M")
        fighting = " ⚔" if backup.in_combat else ""
        return (
            Text(
                f"  ↺ backup: {backup.name}{fighting} (enter opens a copy)",
                style=theme_style(self.app, "text-warning"),
            ),
            str(backup.day),
            str(backup.time),
            f"{backup.alive}/{backup.total}",
            saved,
            backup.path.name,
        )

    def show_error(self, message: str) -> None:
        self.error = message
        box = self.query_one("#browser-error", Static)
        box.update(Content.assemble((f"⚠ {message}", "bold $text-error")) if message else "")
        box.set_class(bool(message), "-error")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        info = self.saves.get(str(event.row_key.value))
        row_error = ""  # why this row will not open, if it will not
        if info is not None and info.error is not None:
            row_error = f"{info.error}{_backup_hint(info.backup)}"
        party = self.parties.get(str(event.row_key.value))
        if party is not None and party.error is not None:
            row_error = party.error
        key = str(event.row_key.value)
        if row_error:
            self.show_error(row_error)
        elif self.error and self._error_row not in (None, key):
            self.show_error("")  # another row's reason (it would not open): not this one's
        self._error_row = key if row_error else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        key = str(event.row_key.value)
        self.choose(key)
        if self.error:
            self._error_row = key  # why this row did not open: it goes when the cursor does

    def choose(self, key: str) -> None:
        """Open the row's save (or a new encounter, or a copy of the demo); stay on error."""
        from tracker.files.demo import copy_demo, is_demo
        from tracker.party import browser_rows as parties

        if key == parties.NEW_PARTY:
            parties.ask_new_party(self)
            return
        if key in self.parties:
            parties.open_party(self, self.parties[key].path)
            return
        if key == NEW:
            from tracker.modals.encounter_name import EncounterName

            ask = EncounterName("Name the new encounter", "New encounter", "Create")
            self.app.push_screen(ask, self._named)
            return
        try:
            if key == DEMO or is_demo(Path(key)):
                path = copy_demo(self.folder)
                opened = Opened(load_session(path), path)
                opened.session.dice = self.dice
            elif key in self.backups:
                opened = self._restore(Path(key))
            else:
                opened = Opened(load_session(Path(key)), Path(key))
        except SaveError as error:
            self.show_error(f"{error.problem} — {error.path}")
            self.notify(str(error), title="Cannot open", severity="error")
            return
        except OSError as error:
            self.show_error(f"{error.strerror or error} — {self.folder}")
            return
        self.dismiss(opened)

    def _named(self, name: str | None) -> None:
        if name is not None:  # escape in the prompt: stay in the browser
            from tracker.party.browser_rows import ask_party

            ask_party(self, name, lambda party: self.create(name, party))

    def create(self, name: str, party: PartyInfo | None = None) -> None:
        """A new encounter called `name` (empty, or the party's characters with their
        lasting state), saved at once under a free file name."""
        from rules.party.encounters import new_encounter
        from tracker.files.demo import fresh_path

        try:
            path = fresh_path(self.folder, autosave_path(self.folder, name).stem)
            enc = Encounter(name=name)
            if party is not None and party.party is not None:
                enc = new_encounter(party.party, party.path.name, name)
            session = Session(enc, dice=self.dice)
            save_session(session, path)
        except SaveError as error:
            self.show_error(f"{error.problem} — {error.path}")
            return
        except OSError as error:
            self.show_error(f"{error.strerror or error} — {self.folder}")
            return
        self.dismiss(Opened(session, path))

    def _restore(self, backup: Path) -> Opened:
        """A copy of an intact backup, opened under a new name; the originals stay as they are."""
        from tracker.files.demo import fresh_path

        stem = backup.name.removesuffix(".bak").removesuffix(".json")
        path = fresh_path(backup.parent, f"{stem}-restored")
        with open(path, "xb") as copy:  # "x": never replaces a file, even one made meanwhile
            copy.write(backup.read_bytes())
        self.notify(f"Opened a copy of {backup.name} as {path.name}", title="Backup", timeout=6)
        return Opened(load_session(path), path)

    def action_back(self) -> None:
        if self.can_go_back:
            self.dismiss(None)


def _text(cell: Text | str) -> Text:
    """A cell as plain text: a name like `[/]` is shown, never parsed as markup."""
    return cell if isinstance(cell, Text) else Text(cell)


def _backup_hint(backup: SaveInfo | None) -> str:
    if backup is None:
        return ""
    return f" · the ↺ backup row under it opens a copy of {backup.path.name}"

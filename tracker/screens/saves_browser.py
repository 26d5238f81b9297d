"""The saves browser (`tracker` with no argument, and `o`): pick a fight to resume, tidy up.

Newest first, with what a GM needs to recognise it (name, day, track time,
who is still alive). A file that will not load shows its reason and its path
here and the app stays up. "New encounter" and "Demo" are always on top;
the demo is copied, never opened in place (the bundled file stays pristine).
Parties (issue 17, tracker.party.browser_rows) follow: "⚑ New party" and one row
each, with the encounters made from that party listed under it (`↳`); enter
opens the party screen, and a new encounter asks which party it is from.
A broken save whose `.bak` is intact has a "↺ backup" row under it: enter
opens a copy of the backup (`NAME-restored.json`), so neither the broken
file nor its backup is ever written.

The library stays tidy (issue 28, tracker.actions.saves_tidy): F2 renames a save and
its encounter, c copies it, del moves it to `SAVES/.trash` and u puts the last one back;
`/` filters by name, party and date as typed (rules.saves.listing), escape clears it.

A folder of thousands of saves shows its newest rows at once and fills in the rest
a batch per refresh (each row validated as loading does, cached by the file's stat),
so `o` never waits for the whole folder. A filter lists again from what was read, the
same way; a batch bringing a party's encounter sorts the table once (by File).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from rules.engine.session import Session
from rules.mechanics.dice import DiceMode
from rules.model.state import Encounter
from rules.saves.folder import PartyInfo, SaveInfo, autosave_path, scan_saves, summarize
from rules.saves.listing import filter_words, party_matches, party_of, save_matches
from rules.saves.store import SaveError, load_session, save_session
from rules.saves.trash import trashed
from tracker.widgets.focus_home import FocusHome
from tracker.widgets.key_footer import KeyFooter
from tracker.widgets.save_cells import backup_cells, cursor_key, save_cells
from tracker.widgets.steady_layout import SteadyLayout
from tracker.widgets.tones import theme_style

NEW = "new"
DEMO = "demo"
FIRST_ROWS = 80  # more than a tall terminal shows: the first frame has them all
BATCH = 500  # then this many per refresh (~0.1 s): keys answer while a big folder fills
HEADS = 3  # the new encounter, demo and new party rows, listed first (unless filtering)
Order = tuple[int, int, int]  # (heads 0 | parties 1 | the rest 2, party's place, save's place)


@dataclass(frozen=True)
class Opened:
    """What the browser hands the app: a loaded session and the file it autosaves to."""

    session: Session
    path: Path


class SavesBrowser(FocusHome, SteadyLayout, Screen[Opened | None]):
    """enter opens the highlighted row; escape clears the filter, then goes back (when
    there is somewhere to go). A key typed with nothing focused finds the table."""

    FOCUS_HOME = "#saves"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="browser.back"),
        Binding("f2", "tidy('rename')", "Rename", id="browser.rename"),
        Binding("c", "tidy('duplicate')", "Copy", id="browser.duplicate"),
        Binding("delete", "tidy('delete')", "Delete", id="browser.delete"),
        Binding("u", "tidy('undo_delete')", "Undo delete", id="browser.undo-delete"),
        Binding("slash", "filter", "Filter", id="browser.filter", key_display="/"),
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
        self.saves: dict[str, SaveInfo] = {}  # every save read so far, listed or filtered out
        self.backups: dict[str, SaveInfo] = {}  # intact .bak of a broken save, by its path
        self.parties: dict[str, PartyInfo] = {}  # party files, by their row's key
        self.filled = False  # every save of the folder is read and, if it matches, listed
        self.words: tuple[str, ...] = ()  # the filter's words (none: every row is listed)
        self._found: list[tuple[Path, os.stat_result]] = []  # the folder's last scan
        self._order: dict[str, Order] = {}  # a listed row's place, by its File cell
        self._shown_parties: set[str] = set()
        self._file_column: Any = None
        self._listing = 0  # a newer listing (or leaving) stops an older one's filling
        self._error_row: str | None = None  # the row whose reason for not opening is shown

    def compose(self) -> ComposeResult:
        yield Static(f" Saves in {self.folder}", id="browser-title", markup=False)
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="browser-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        *_, self._file_column = table.add_columns(
            "Encounter", "Day", "Track", "Alive", "Saved", "File"
        )
        self.action_reload()
        if self.error:
            self.show_error(self.error)
        table.focus()
        self.watch(self.app, "theme", lambda _: self.action_reload(), init=False)  # colours

    def action_reload(self) -> None:
        self.relist()

    def relist(self, select: str | None = None) -> None:
        """Scan the folder again and list it (as the filter allows); `select`: the row the
        cursor goes to once listed (a save just renamed, copied or put back)."""
        from tracker.party.browser_rows import listed_parties

        self.saves, self.backups = {}, {}
        self.parties = listed_parties(self)  # issue 17: each party file, its encounters under it
        try:
            self._found = scan_saves(self.folder)
        except SaveError as error:
            self.show_error(str(error))
            self._found = []
        self._list(select)

    def _list(self, select: str | None = None) -> None:
        """The rows again from the last scan: the head rows (unless filtering), the
        parties, then the saves a batch at a time (`_fill`)."""
        from tracker.party.browser_rows import new_party_row

        table = self.query_one(DataTable)
        row = table.cursor_row  # without a row to select, the cursor stays where it was
        table.clear()
        self._order, self._shown_parties, self.filled = {}, set(), False
        if not self.words:
            self._head_rows(table)
            new_party_row(self, table)
        for key, info in self.parties.items():
            if party_matches(self.words, info):
                self._party_row(table, key)
        self._listing += 1
        self._title()
        self._fill(0, self._listing, select, row)

    def _fill(self, start: int, listing: int, select: str | None, row: int = 0) -> None:
        """Rows for the next saves of the scan; the rest after the screen has refreshed."""
        if listing != self._listing:
            return  # listed again or left since
        table = self.query_one(DataTable)
        end = min(len(self._found), start + (FIRST_ROWS if start == 0 else BATCH))
        grouped = False
        for index in range(start, end):
            grouped = self._save_rows(table, index) or grouped
        if grouped:
            self._sort(table)
        if start == 0 and select is None and 0 < row < table.row_count:
            table.move_cursor(row=row, scroll=False)
        if select is not None and select in table.rows:
            table.move_cursor(row=table.get_row_index(select))
            select = None
        self.filled = end == len(self._found)
        if not self.filled:
            self.call_after_refresh(self._fill, end, listing, select)

    def _save_rows(self, table: DataTable[Any], index: int) -> bool:
        """The save's row (and its backup's) if it matches the filter; True when it is
        listed under its party (the table is then sorted)."""
        path, stat = self._found[index]
        key = str(path)
        info = self.saves.get(key)
        if info is None:
            info = self.saves[key] = summarize(path, stat)
            if info.backup is not None:
                self.backups[str(info.backup.path)] = info.backup
        party = party_of(info, self.parties)
        if not save_matches(self.words, info, self.parties[party].name if party else ""):
            return False
        if party is not None and party not in self._shown_parties:
            self._party_row(table, party)
        place: Order = (
            (1, list(self.parties).index(party), 2 * index) if party else (2, 0, 2 * index)
        )
        self._add(table, key, save_cells(self.app, info, grouped=party is not None), place)
        if info.backup is not None:
            cells = backup_cells(self.app, info.backup, grouped=party is not None)
            self._add(table, str(info.backup.path), cells, (*place[:2], 2 * index + 1))
        return party is not None

    def _add(self, table: DataTable[Any], key: str, cells: list[Text], place: Order) -> None:
        self._order[str(cells[-1])] = place  # the File cell: one file, one row
        table.add_row(*cells, key=key)

    def _party_row(self, table: DataTable[Any], key: str) -> None:
        from tracker.party.browser_rows import party_row

        where = party_row(self, table, key, self.parties[key])
        self._order[where] = (1, list(self.parties).index(key), -1)
        self._shown_parties.add(key)

    def _sort(self, table: DataTable[Any]) -> None:
        """Each party's encounters under it; the cursor stays on its row."""
        key = self.highlighted()
        table.sort(self._file_column, key=lambda cell: self._order.get(str(cell), (0, 0, 0)))
        if key is not None and key in table.rows:
            table.move_cursor(row=table.get_row_index(key), scroll=False)

    def _head_rows(self, table: DataTable[Any]) -> None:
        new = Text("＋ New encounter", style=theme_style(self.app, "text-success", bold=True))
        table.add_row(new, *[""] * 5, key=NEW)
        demo = Text(
            "★ Demo: the card game (a fresh copy)",
            style=theme_style(self.app, "text-warning", bold=True),
        )
        table.add_row(demo, "1", "0", "3", "", "", key=DEMO)

    def _title(self) -> None:
        parts = [f" Saves in {self.folder}"]
        if self.words:
            parts.append(f"filter: {' '.join(self.words)} (escape clears)")
        waiting = len(trashed(self.folder))
        if waiting:
            parts.append(f"{waiting} in the trash (u puts the last back)")
        self.query_one("#browser-title", Static).update(Text(" · ".join(parts)))

    def highlighted(self) -> str | None:
        """The key of the row under the cursor (None: no rows)."""
        table = self.query_one(DataTable)
        if not 0 <= table.cursor_row < table.row_count:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def on_unmount(self) -> None:
        self._listing += 1

    # --- the filter (/) and the tidying keys (tracker.actions.saves_tidy) ----------------
    def action_filter(self) -> None:
        """/: the filter's box (made when first wanted; escape takes it away again)."""
        boxes = self.query("#browser-filter").results(Input)
        box = next(boxes, None)
        if box is None:
            box = Input(placeholder="filter: name, party or date", id="browser-filter")
            self.mount(box, before="#browser-error")
        box.focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "browser-filter":
            words = filter_words(event.value)
            if words != self.words:
                self.words = words
                self._list(cursor_key(self.query_one(DataTable)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "browser-filter":
            event.stop()
            self.query_one(DataTable).focus()  # the filter stays; enter again opens a row

    def action_tidy(self, which: str) -> None:
        """F2 c del u: rename, copy, delete or undo delete (tracker.actions.saves_tidy)."""
        from tracker.actions.saves_tidy import TIDY

        TIDY[which](self)

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
        """Escape: first the filter goes (and its box), then the browser, if it may."""
        box = next(self.query("#browser-filter").results(Input), None)
        if box is not None or self.words:
            if box is not None:
                box.remove()
            self.query_one(DataTable).focus()
            if self.words:
                self.words = ()
                self._list(cursor_key(self.query_one(DataTable)))
            return
        if self.can_go_back:
            self.dismiss(None)


def _backup_hint(backup: SaveInfo | None) -> str:
    if backup is None:
        return ""
    return f" · the ↺ backup row under it opens a copy of {backup.path.name}"

"""The party between fights (from the saves browser): each character's lasting state and
the party's day, and what a GM does between encounters.

Keys: N new day, r rest, h heal / staunch / treat, l luck, P pass time (bleeding,
effects, demise checks: tracker.party.pass_time), + a character from the
roster, E the open encounter's PCs, T a character to the roster as a template,
u undo the last change (write-backs too), delete a character leaves, escape back.
Every change is a rules function (`rules.party`) saved at once by the keeper
(tracker.party.keeper); a refusal shows the rules' words and changes nothing.
While time passes (a worker thread, tracker.party.pass_time) the screen says so and
the keys that would change the party, or leave it, are refused with a message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import Worker, WorkerState

from rules.engine.questions import standing_words
from rules.model.state import Encounter
from rules.party import between, history
from rules.party.lasting import summary
from tracker.host.palette_entries import Entry, EntryProvider
from tracker.party import pass_time as party_time
from tracker.party.cells import COLUMNS, cells, history_lines, title
from tracker.party.palette import party_entries
from tracker.widgets.key_footer import KeyFooter
from tracker.widgets.steady_layout import SteadyLayout

if TYPE_CHECKING:
    from rules.model.party import Party
    from rules.model.state import Combatant
    from tracker.party.host import PartyApp
    from tracker.party.keeper import PartyKeeper
    from tracker.party.pass_time import Running


class PartyCommands(EntryProvider):
    """Offered on the party screen only; the character's commands name it."""

    def entries(self) -> list[Entry]:
        screen = self.screen
        return party_entries(screen) if isinstance(screen, PartyScreen) else []


class PartyScreen(SteadyLayout, Screen[None]):
    """One party file; every key acts on the highlighted character or the whole party."""

    COMMANDS: ClassVar[set[Any]] = {PartyCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="party.back"),
        Binding("N", "new_day", "New day", id="party.new-day", tooltip="C1: fresh chance dice"),
        Binding("r", "rest", "Rest", id="party.rest", tooltip="A5: everyone's exhaustion"),
        Binding("h", "care", "Heal", id="party.care", tooltip="Heal, staunch, treat, rest one"),
        Binding("l", "luck", "Luck", id="party.luck", show=False),
        Binding("P", "pass_time", "Pass time", id="party.pass-time", tooltip="A14, A16"),
        Binding("plus", "add", "Add", id="party.add", tooltip="A character from the roster"),
        Binding("E", "add_pcs", "Add PCs", id="party.add-pcs", show=False),
        Binding("T", "template", "Template", id="party.template", tooltip="Save as template"),
        Binding("u", "undo_change", "Undo", id="party.undo", tooltip="Undo the last change"),
        Binding("delete", "remove", "Remove", id="party.remove", show=False),
    ]

    def __init__(self, keeper: PartyKeeper) -> None:
        super().__init__(id="party-screen")
        self.keeper = keeper
        self.error = ""
        self.passing: Running | None = None  # time passing in a worker (tracker.party.pass_time)
        self.demise_goal = party_time.DEFAULT_GOAL  # R15: the last goal the GM gave here

    @property
    def tracker(self) -> PartyApp:
        """The app, as this screen reads it (Textual types `self.app` App[object])."""
        return cast("PartyApp", self.app)

    @property
    def party(self) -> Party:
        return self.keeper.party

    def compose(self) -> ComposeResult:
        yield Static("", id="party-title", markup=False)
        yield DataTable(id="party-characters", cursor_type="row", zebra_stripes=True)
        yield Static("", id="party-state", markup=False)
        yield Static("", id="party-log", markup=False)
        yield Static("", id="party-busy", markup=False)
        yield Static("", id="party-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        self.sync()
        table.focus()

    # --- redraw ------------------------------------------------------------------
    def sync(self) -> None:
        """Every part from the party as the keeper last read or wrote it."""
        party = self.party
        read_only = " · read-only: a symbolic link" if self.keeper.read_only() else ""
        self.query_one("#party-title", Static).update(
            title(party, self.keeper.path.name) + read_only
        )
        table = self.query_one(DataTable)
        keep = self.selected
        table.clear()
        for cid, c in party.characters.items():
            # Text, never markup: a name from a file may hold '[/]' (DataTable reads a str
            # as markup and a stray closing tag would stop the screen)
            table.add_row(*map(Text, cells(c)), key=cid)
        if keep in party.characters:
            table.move_cursor(row=table.get_row_index(keep))
        self._show_selected()
        lines = history_lines(party, history.undoable(party))
        self.query_one("#party-log", Static).update("\n".join(["History:", *lines]))

    @property
    def selected(self) -> str | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return None if key is None else str(key)

    def _show_selected(self) -> None:
        cid = self.selected
        if cid is None:
            text = "No characters yet: + adds one from the roster, E the open encounter's PCs."
        else:
            c = self.party.characters[cid]
            text = summary(c)
            # A party keeps anchors from a track at 0: its own encounter there (R29).
            forecast = standing_words(Encounter(combatants={cid: c}), cid)
            if forecast is not None:
                text += f"\n☠ Forecast: {forecast} (R31)"
        self.query_one("#party-state", Static).update(text)

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self._show_selected()

    def show_error(self, message: str) -> None:
        self.error = message
        box = self.query_one("#party-error", Static)
        box.update(Content.assemble((f"⚠ {message}", "bold $text-error")) if message else "")

    def apply(self, make: Callable[[Party], Party]) -> bool:
        """Change the party through a rules function; the rules' reason when refused."""
        if self.cannot_change():
            return False
        problem = self.keeper.change(make)
        if problem:
            self.refuse(problem)
            return False
        self.changed()
        return True

    def refuse(self, problem: str) -> None:
        """Nothing changed: say why (the party as the keeper holds it now is shown)."""
        self.sync()
        self.show_error(problem)
        self.notify(problem, title="Refused", severity="error", timeout=10)

    def changed(self) -> None:
        """A change was saved: show the party and the rules' line for it."""
        self.sync()
        self.show_error("")
        self.notify(self.keeper.last_text(), title=self.party.name, timeout=5)

    # --- time passing in a worker (tracker.party.pass_time) ----------------------------
    def refuse_busy(self) -> bool:
        """True (and said so) while time passes: a key now would change a stale party."""
        if self.passing is None:
            return False
        message = (
            f"Passing time ({self.passing.words()}) for {self.party.name}: wait until it is"
            " done, then try again (nothing was changed)"
        )
        self.show_error(message)
        self.notify(message, title="Busy", severity="warning", timeout=5)
        return True

    def cannot_change(self) -> bool:
        """True (and said so) while time passes or when the file cannot be written here."""
        if self.refuse_busy():
            return True
        why = self.keeper.read_only()
        if why:
            self.refuse(why)
        return bool(why)

    def start_passing(self, running: Running) -> None:
        self.passing = running
        self.show_error("")
        busy = f"⏳ Passing time: {running.words()} for {self.party.name}…"
        self.query_one("#party-busy", Static).update(busy)

    def stop_passing(self) -> Running | None:
        running, self.passing = self.passing, None
        self.query_one("#party-busy", Static).update("")
        return running

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == party_time.GROUP and event.state in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
            WorkerState.CANCELLED,
        ):
            party_time.finished(self, event.worker)

    def _chosen(self) -> str | None:
        """The highlighted character, or None (said so) in an empty party."""
        cid = self.selected
        if cid is None:
            self.notify("the party has no characters yet (+ adds one)", severity="warning")
        return cid

    def _scratch(self) -> Encounter:
        """The party's characters as an encounter, for the encounter's own care dialogs."""
        chars = {cid: c.model_copy(deep=True) for cid, c in self.party.characters.items()}
        return Encounter(name=self.party.name, day=self.party.day, combatants=chars)

    # --- actions -----------------------------------------------------------------
    def action_back(self) -> None:
        if not self.refuse_busy():
            self.dismiss(None)

    def action_new_day(self) -> None:
        self.apply(between.new_day)

    def action_rest(self) -> None:
        self.apply(between.rest)

    def action_care(self) -> None:
        from tracker.modals.heal import HealForm

        self._about_one(HealForm)

    def action_luck(self) -> None:
        from tracker.modals.luck import LuckForm

        self._about_one(LuckForm)

    def action_pass_time(self) -> None:
        if not self.cannot_change():
            party_time.ask(self)

    def _about_one(self, dialog: Callable[[Encounter, str], Any]) -> None:
        if self.cannot_change():
            return
        cid = self._chosen()
        if cid is None:
            return

        def done(command: Any) -> None:
            if command is not None:
                self.apply(lambda party: between.care(party, command))

        self.app.push_screen(dialog(self._scratch(), cid), done)

    def action_add(self) -> None:
        from tracker.files.demo import ROSTER_DIR
        from tracker.modals.templates import TemplatePicker

        if self.cannot_change():
            return
        picker = TemplatePicker(
            self.tracker.saves_dir / "roster", self._scratch(), builtin=ROSTER_DIR
        )

        def add(c: Combatant | None) -> None:
            if c is None:
                return
            if picker.count != 1:
                self.show_error(
                    f"How many: a party adds one character at a time, not {picker.count}"
                )
                return
            side = c.side if c.side in ("PC", "ally") else "PC"  # a roster foe joins as a PC
            joined = c.model_copy(update={"id": _free_id(self.party, c.id), "side": side})
            self.apply(lambda party: between.add_character(party, joined))

        self.app.push_screen(picker, add)

    def action_add_pcs(self) -> None:
        """E: the open encounter's PCs join (those the party has not got by id)."""
        session = self.tracker.session
        if self.cannot_change():
            return
        if session is None:
            self.show_error("no encounter is open: open one (o) with the PCs to add")
            return
        enc = session.encounter
        pcs = [c for c in enc.combatants.values() if c.side == "PC"]
        new = [c for c in pcs if c.id not in self.party.characters]
        if not new:
            why = "has no PCs" if not pcs else "has no PCs the party lacks"
            self.show_error(f"the open encounter {enc.name} {why}")
            return

        def join(party: Party) -> Party:
            for c in new:
                party = between.add_character(party, c)
            return party

        self.apply(join)

    def action_template(self) -> None:
        from tracker.files.template_file import template_path, write_template
        from tracker.modals.confirm import Confirm

        cid = self._chosen()
        if cid is None:
            return
        c = self.party.characters[cid]
        folder = self.tracker.saves_dir / "roster"
        path = template_path(folder, c.name)

        def write(yes: bool | None) -> None:
            if not yes:
                return
            try:
                write_template(c, path)
            except OSError as error:
                self.show_error(f"cannot write {path}: {error.strerror or error}")
                return
            self.notify(f"{c.name}'s sheet is in the roster: {path}", title="Template saved")

        if path.exists():
            question = f"{path.name} is already in {folder}. Replace it with {c.name}'s sheet?"
            self.app.push_screen(Confirm(question), write)
        else:
            write(True)

    def action_undo_change(self) -> None:
        from tracker.modals.confirm import Confirm

        if self.cannot_change():
            return
        undoable = history.undoable(self.party)
        if not undoable:
            self.show_error(f"{self.party.name} has no change that can be undone")
            return
        newest = undoable[0]

        def undo(yes: bool | None) -> None:
            if yes:
                self.apply(lambda party: history.undo(party, 1))

        question = f"Undo r{newest.revision} ({newest.kind}): {newest.text}?"
        self.app.push_screen(Confirm(question), undo)

    def action_remove(self) -> None:
        from tracker.modals.confirm import Confirm

        if self.cannot_change():
            return
        cid = self._chosen()
        if cid is None:
            return
        name = self.party.characters[cid].name

        def remove(yes: bool | None) -> None:
            if yes:
                self.apply(lambda party: between.remove_character(party, cid))

        self.app.push_screen(Confirm(f"{name} leaves {self.party.name}? (u undoes it)"), remove)


def _free_id(party: Party, wanted: str) -> str:
    """An id no party character has: the template's own, else numbered."""
    if wanted not in party.characters:
        return wanted
    n = 2
    while f"{wanted[:36]}-{n}" in party.characters:
        n += 1
    return f"{wanted[:36]}-{n}"

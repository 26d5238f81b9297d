"""Back to the party: the write-back summary, a refused write-back, and the merge's picks.

The words are the rules' own (`rules.party.encounters.summary_lines`, the
PartyConflict's message); these dialogs only ask. One key confirms (y or
enter), escape skips: nothing is written until the GM has read the summary.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from rules.party.errors import PartyConflict
from tracker.modals.form import FORM, Dialog, FieldError, FieldSelect, buttons, labelled
from tracker.widgets.steady_layout import SteadyLayout

Choice = Literal["merge", "aside"]
PICKS: tuple[tuple[str, str], ...] = (
    ("this encounter's state", "encounter"),
    ("keep the party's (the other change)", "party"),
)

_CSS = """
{name} {{
    align: center middle;
}}
{name} > Vertical {{
    width: 90;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    border: round $warning;
    background: $surface;
    padding: 0 1;
}}
{name} .dialog-title {{
    text-style: bold;
}}
{name} .hint {{
    color: $text-muted;
    margin-top: 1;
}}
"""


class WriteBackDialog(SteadyLayout, ModalScreen[bool]):
    """The summary of what goes back to the party; y or enter writes it, escape skips."""

    DEFAULT_CSS = _CSS.format(name="WriteBackDialog")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Write back", id="write-back.yes"),
        Binding("escape,n", "answer(False)", "Skip", id="write-back.skip"),
    ]

    def __init__(self, party_name: str, lines: list[str]) -> None:
        super().__init__()
        self.party_name = party_name
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            # names come from files: plain text, never markup (a '[/]' would stop the app)
            title = f"Back to the party {self.party_name}"
            yield Static(title, classes="dialog-title", markup=False)
            summary = "\n".join(self.lines) or "(no party character here)"
            yield Static(summary, id="summary", markup=False)
            yield Static(
                "y or enter writes this back to the party · escape skips"
                " (the palette's “Write back to the party” asks again)",
                classes="hint",
            )

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ConflictDialog(SteadyLayout, ModalScreen[Choice | None]):
    """A refused write-back: the rules' reason; m merges by character, a saves aside."""

    DEFAULT_CSS = _CSS.format(name="ConflictDialog").replace("$warning", "$error")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "answer('merge')", "Merge by character", id="conflict.merge"),
        Binding("a", "answer('aside')", "Save aside", id="conflict.aside"),
        Binding("escape", "answer(None)", "Write nothing", id="conflict.cancel"),
    ]

    def __init__(self, conflict: PartyConflict) -> None:
        super().__init__()
        self.conflict = conflict

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Not written back: the party changed", classes="dialog-title")
            yield Static(str(self.conflict), id="conflict-message", markup=False)
            yield Static(
                "m merge by character (you pick for each one changed in both) ·"
                " a save this encounter's party aside to a new file · escape writes nothing",
                classes="hint",
            )

    def action_answer(self, choice: Choice | None) -> None:
        self.dismiss(choice)


class MergePicks(Dialog[dict[str, str]]):
    """For each character changed in both: this encounter's state or the party's."""

    KEEPS_FIELDS: ClassVar[bool] = False

    def __init__(self, conflict: PartyConflict) -> None:
        super().__init__()
        self.conflict = conflict

    def compose(self) -> ComposeResult:
        names = self.conflict.names
        with Vertical(classes="dialog"):
            yield Static("Merge by character", classes="dialog-title")
            yield Static(
                "Changed both here and in the party since: for each, this encounter's state"
                " or the party's · enter merges · escape writes nothing",
                classes="hint",
            )
            free = ", ".join(names[cid] for cid in self.conflict.free)
            kept = ", ".join(names.get(cid, cid) for cid in self.conflict.kept)
            if kept:
                yield Static(
                    f"Only the party's change touched {kept}: they keep it.",
                    classes="hint",
                    markup=False,
                )
            if free:
                yield Static(
                    f"Only this encounter changed {free}: they take its state.",
                    classes="hint",
                    markup=False,
                )
            for number, cid in enumerate(self.conflict.touched):  # ids need not fit a DOM id
                yield labelled(
                    names[cid][:17],
                    FieldSelect(
                        list(PICKS), value="encounter", allow_blank=False, id=f"pick-{number}"
                    ),
                )
            yield FieldError(FORM)
            yield from buttons("Merge")

    def validate_form(self) -> tuple[dict[str, str] | None, dict[str, str]]:
        picks: dict[str, str] = {}
        missing: list[str] = []
        for number, cid in enumerate(self.conflict.touched):
            value = self.query_one(f"#pick-{number}", FieldSelect).value
            if value in ("encounter", "party"):
                picks[cid] = str(value)
            else:
                missing.append(self.conflict.names[cid])
        if missing:
            return None, {FORM: f"pick a state for {', '.join(missing)}"}
        return picks, {}

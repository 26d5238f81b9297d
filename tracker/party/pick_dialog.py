"""Which party a new encounter is made from (or none): the saves browser asks after the name.

The party's characters join with their lasting state; foes are added from the
roster as in any encounter. A party file that will not open is listed with its
reason and cannot be picked.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.saves.folder import PartyInfo
from tracker.modals.form import FORM, FieldError
from tracker.modals.option_marks import MarkedOptionList
from tracker.modals.pick_dialog import PickDialog

NO_PARTY = "-"  # the answer for "an empty encounter": the party picked is the path otherwise


class PartyPick(PickDialog[str]):
    """Arrows choose, enter takes it; escape goes back to the browser (nothing made)."""

    KEEPS_FIELDS: ClassVar[bool] = False
    DEFAULT_CSS = """
    PartyPick > .dialog {
        width: 90;
    }
    """

    def __init__(self, encounter_name: str, parties: list[PartyInfo]) -> None:
        super().__init__()
        self.encounter_name = encounter_name
        self.parties = parties

    def compose(self) -> ComposeResult:
        options = [Option("No party: an empty encounter", id=NO_PARTY)]
        for info in self.parties:
            options.append(
                Option(Content(_describe(info)), id=str(info.path), disabled=info.party is None)
            )
        with Vertical(classes="dialog"):
            yield Static(
                f"New encounter “{self.encounter_name}”: from a party?",
                classes="dialog-title",
                markup=False,
            )
            yield Static(
                "its characters join with their wounds, luck and chance dice; foes come from"
                " the roster (t) as ever · enter takes it · escape cancels",
                classes="hint",
            )
            yield MarkedOptionList(*options, id="parties")
            yield FieldError(FORM)

    def on_mount(self) -> None:
        usable = [i for i, info in enumerate(self.parties) if info.party is not None]
        if usable:  # the newest party first: the usual evening goes on with it
            self.query_one("#parties", OptionList).highlighted = usable[0] + 1

    def validate_form(self) -> tuple[str | None, dict[str, str]]:
        options = self.query_one("#parties", OptionList)
        index = options.highlighted
        if index is None:
            return None, {FORM: "choose a party or “No party”"}
        if index == 0:
            return NO_PARTY, {}
        info = self.parties[index - 1]
        if info.party is None:
            return None, {FORM: f"{info.path.name} will not open: {info.error}"}
        return str(info.path), {}


def _describe(info: PartyInfo) -> str:
    if info.party is None:
        return f"⚠ {info.path.name}\n  cannot use: {info.error}"
    party = info.party
    names = ", ".join(c.name for c in party.characters.values()) or "no characters yet"
    return f"⚑ {party.name} · day {party.day} ({info.path.name})\n  {names}"

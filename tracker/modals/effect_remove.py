"""Take one effect off a combatant (`ctrl+e`): the list of its effects, each with its time left.

Enter on a line removes it (`RemoveEffect`: logged as its end, `u` undoes it);
the times are the rules' (`tracker.widgets.effect_marks.left_text`).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.model.effect_commands import RemoveEffect
from rules.model.state import Encounter
from tracker.modals.form import FORM, FieldError, buttons, combatant_of
from tracker.modals.option_marks import MarkedOptionList
from tracker.modals.pick_dialog import PickDialog
from tracker.widgets.effect_marks import effect_line, gm_effects


class RemoveEffectDialog(PickDialog[RemoveEffect]):
    """Highlight an effect and press enter."""

    DEFAULT_CSS = """
    RemoveEffectDialog > .dialog {
        width: 76;
    }
    """

    def __init__(self, encounter: Encounter, combatant_id: str) -> None:
        self.combatant = combatant_of(encounter, combatant_id)
        super().__init__()
        self.encounter = encounter
        self.active = gm_effects(self.combatant, encounter)

    def compose(self) -> ComposeResult:
        c = self.combatant
        with Vertical(classes="dialog"):
            yield Static(f"Remove an effect from {c.name}", classes="dialog-title", markup=False)
            yield Static("enter removes the highlighted one (u undoes it)", classes="hint")
            yield MarkedOptionList(
                *(Option(effect_line(a), id=str(a.effect_id)) for a in self.active),
                id="effects",
            )
            yield FieldError(FORM)
            yield from buttons("Remove")

    def validate_form(self) -> tuple[RemoveEffect | None, dict[str, str]]:
        if not self.active:
            return None, {FORM: f"{self.combatant.name} has no effects"}
        index = self.query_one("#effects", OptionList).highlighted
        chosen = self.active[index].effect_id if index is not None else None
        if index is None or chosen is None:
            return None, {FORM: "highlight the effect to remove"}
        return RemoveEffect(target=self.combatant.id, effect=chosen), {}

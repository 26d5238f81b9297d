"""Take effects off (`ctrl+e`): the list of the effects, each with its time left.

For the selected combatant, its effects. With roster rows marked, the marked ones'
effects: first each name borne by two or more of them ("Stunned on 3 marked: …",
one `Batch` of `RemoveEffect`, so one undo and one end logged for each), then each
effect on its own. Enter on a line removes it (logged as its end, `u` undoes it);
the times are the rules' (`tracker.widgets.effect_marks.left_text`).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.model.commands import MAX_BATCH, Batch
from rules.model.effect_commands import RemoveEffect
from rules.model.state import Encounter
from tracker.modals.form import FORM, FieldError, buttons, combatant_of
from tracker.modals.option_marks import MarkedOptionList
from tracker.modals.pick_dialog import PickDialog
from tracker.widgets.effect_marks import effect_line, gm_effects

Choice = tuple[str, list[RemoveEffect]]  # (the line, what enter on it removes)


def _choices(encounter: Encounter, ids: list[str]) -> list[Choice]:
    """Shared names first (each on all the marked that bear it), then every effect alone."""
    alone: list[Choice] = []
    by_name: dict[str, list[RemoveEffect]] = {}
    for cid in ids:
        c = encounter.combatants[cid]
        for a in gm_effects(c, encounter):
            assert a.effect_id is not None  # gm_effects: the GM's own, each with its id
            part = RemoveEffect(target=cid, effect=a.effect_id)
            line = effect_line(a) if len(ids) == 1 else f"{c.name}: {effect_line(a)}"
            alone.append((line, [part]))
            by_name.setdefault(a.name, []).append(part)
    shared: list[Choice] = []
    for name, parts in by_name.items():
        bearers = list(dict.fromkeys(part.target for part in parts))
        if len(bearers) > 1:
            names = ", ".join(encounter.combatants[cid].name for cid in bearers)
            shared.append((f"{name} on {len(bearers)} marked: {names}", parts))
    return shared + alone


class RemoveEffectDialog(PickDialog[RemoveEffect | Batch]):
    """Highlight an effect (or a name shared by the marked) and press enter."""

    DEFAULT_CSS = """
    RemoveEffectDialog > .dialog {
        width: 76;
    }
    """

    def __init__(
        self, encounter: Encounter, combatant_id: str, marked: list[str] | None = None
    ) -> None:
        self.combatant = combatant_of(encounter, combatant_id)
        self.ids = [combatant_of(encounter, cid).id for cid in marked or [combatant_id]]
        super().__init__()
        self.encounter = encounter
        self.choices = _choices(encounter, self.ids)

    def _title(self) -> str:
        if len(self.ids) == 1:
            return f"Remove an effect from {self.combatant.name}"
        names = ", ".join(self.encounter.combatants[cid].name for cid in self.ids)
        return f"Remove an effect from {len(self.ids)} marked: {names}"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self._title(), classes="dialog-title", markup=False)
            yield Static("enter removes the highlighted one (u undoes it)", classes="hint")
            yield MarkedOptionList(
                *(Option(line, id=f"choice-{i}") for i, (line, _) in enumerate(self.choices)),
                id="effects",
            )
            yield FieldError(FORM)
            yield from buttons("Remove")

    def validate_form(self) -> tuple[RemoveEffect | Batch | None, dict[str, str]]:
        if not self.choices:
            who = self.combatant.name if len(self.ids) == 1 else "none of the marked"
            return None, {FORM: f"{who} has no effects"}
        index = self.query_one("#effects", OptionList).highlighted
        if index is None:
            return None, {FORM: "highlight the effect to remove"}
        parts = self.choices[index][1]
        if len(parts) > MAX_BATCH:
            return None, {FORM: f"{len(parts)} effects at once: at most {MAX_BATCH}, mark fewer"}
        return (parts[0] if len(parts) == 1 else Batch(commands=[*parts])), {}

"""Begin combat (A7): who starts it, and how aware everyone else is.

Initiators start at TTU 0; everyone else's awareness (prefilled from the
combatant) sets the base time its reaction roll is taken from. The combatant
selected on the roster opens ticked as the initiator (`b` then enter begins). The rolls
themselves happen in the engine, so the dice are recorded with the command.
"""

from __future__ import annotations

from typing import ClassVar, get_args

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Static

from rules.mechanics.chart import REACTION_BASE
from rules.model.commands import StartCombat
from rules.model.state import Awareness, Combatant, Encounter
from tracker.modals.form import FORM, Dialog, FieldError, FieldSelect, buttons
from tracker.modals.marked_fields import MarkedCheckbox

AWARENESS: tuple[str, ...] = get_args(Awareness)


class Starter(MarkedCheckbox, inherit_bindings=False):
    """A checkbox toggled by space only, so enter can begin the combat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_button", "Toggle", show=False),
    ]


def _facts(c: Combatant) -> str:
    wits = f"Wits {c.effective('Wits')}" if "Wits" in c.stats else "no Wits stat"
    return f"{c.side}, {wits}"


class BeginCombat(Dialog[StartCombat]):
    """Tick the initiator(s) with space; set the others' awareness; enter begins."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Begin combat", id="begin-combat.submit"),
    ]
    AUTO_FOCUS = "Starter"

    DEFAULT_CSS = """
    BeginCombat > .dialog {
        width: 78;
        height: auto;
        max-height: 100%;
    }
    BeginCombat VerticalScroll {
        height: auto;
        max-height: 16;
    }
    BeginCombat .row {
        height: auto;
    }
    BeginCombat Starter {
        width: 1fr;
    }
    BeginCombat .row Select {
        width: 16;
    }
    BeginCombat .row Label {
        width: 22;
        padding-left: 1;
    }
    """

    def __init__(self, encounter: Encounter, selected: str | None = None) -> None:
        super().__init__()
        self.encounter = encounter
        self.selected = selected
        # A7: the dead and those out of the fight take no part.
        self.fighters = [
            c for c in encounter.combatants.values() if not c.dead and not c.out_of_fight
        ]

    def compose(self) -> ComposeResult:
        bases = ", ".join(f"{name} {tu}" for name, tu in REACTION_BASE.items())
        with Vertical(classes="dialog"):
            yield Static("Begin combat", classes="dialog-title")
            yield Static(
                f"space: starts the fight (TTU 0). Others react: base TU {bases}, "
                "minus one d10's VP against Wits. Tab moves to awareness: space opens it. "
                "enter begins.",
                classes="hint",
                markup=False,
            )
            with VerticalScroll(can_focus=False):  # focus goes straight to the first row
                for i, c in enumerate(self.fighters):
                    with Horizontal(classes="row"):
                        starts = c.id == self.selected
                        yield Starter(c.name, starts, id=f"start-{i}", compact=True)
                        # Enter on a closed drop-down begins, as the hint says; space opens it.
                        yield FieldSelect(
                            [(a, a) for a in AWARENESS],
                            value=c.awareness,
                            allow_blank=False,
                            compact=True,
                            id=f"aware-{i}",
                        )
                        yield Label(_facts(c), markup=False)
                    yield FieldError(f"row-{i}")
            yield FieldError(FORM)
            yield from buttons("Begin combat")

    def on_mount(self) -> None:
        ticked = [s for s in self.query(Starter) if s.value]
        if ticked:
            ticked[0].focus()  # the preselected initiator, not the first row

    def validate_form(self) -> tuple[StartCombat | None, dict[str, str]]:
        errors: dict[str, str] = {}
        if self.encounter.in_combat:
            errors[FORM] = "combat is already running: end it first"
        initiators: list[str] = []
        awareness: dict[str, str] = {}
        for i, c in enumerate(self.fighters):
            starts = self.query_one(f"#start-{i}", Starter).value
            select = self.query_one(f"#aware-{i}", FieldSelect)
            select.disabled = starts  # A7: an initiator has TTU 0, no reaction roll
            if starts:
                initiators.append(c.id)
                continue
            awareness[c.id] = str(select.value)
            if "Wits" not in c.stats:
                errors[f"row-{i}"] = (
                    f"{c.name} has no Wits stat for the reaction roll: make it an initiator "
                    "or give it Wits"
                )
        if not self.fighters:
            errors[FORM] = "nobody is able to fight"
        elif not initiators:
            # Quiet until refused: the hint above already says what space does.
            if self.refusals:
                errors.setdefault(FORM, "tick at least one combatant who starts the fight")
            return None, errors
        if errors:
            return None, errors
        # validated, not built: each awareness is a Select's text, checked by the model
        return StartCombat.model_validate({"initiators": initiators, "awareness": awareness}), {}

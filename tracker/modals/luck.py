"""Luck points (C2, R17: one signed pool) and the note that chance dice went unused (C1)."""

from __future__ import annotations

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import ContentSwitcher, Input, Select, Static

from rules.model.commands import Luck, NoteUnusedDice
from rules.model.errors import field_errors, field_problem
from tracker.modals.about_one import CombatantDialog
from tracker.modals.form import FORM, FieldError, FieldSelect, buttons, labelled
from tracker.modals.parse import NumbersRefused, validate_typed

LuckCommand = Luck | NoteUnusedDice
CHOICES: tuple[tuple[str, str], ...] = (
    ("Award (+) or take (-) luck points", "luck"),
    ("Note unused chance dice (C1)", "unused"),
)
_SLOTS = {"amount": "amount", "reason": "reason"}


class LuckForm(CombatantDialog[LuckCommand]):
    """`+2 saved the child` or `-1 left a friend behind`; enter applies."""

    DEFAULT_CSS = """
    LuckForm > .dialog {
        width: 70;
    }
    LuckForm ContentSwitcher, LuckForm ContentSwitcher > Vertical {
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        c = self.combatant
        with Vertical(classes="dialog"):
            yield Static(f"Luck for {c.name}", classes="dialog-title", markup=False)
            yield Static(
                f"luck pool {c.luck:+d}; chance dice today: combat {c.chance.combat}, "
                f"roleplay {c.chance.roleplay}",
                classes="hint",
                markup=False,
            )
            yield labelled(
                "What", FieldSelect(list(CHOICES), value="luck", allow_blank=False, id="what")
            )
            with ContentSwitcher(initial="luck"):
                with Vertical(id="luck"):
                    yield labelled("Points", Input(placeholder="+1 or -1", id="amount"))
                    yield FieldError("amount")
                    yield labelled("Reason", Input(placeholder="a selfless act", id="reason"))
                    yield FieldError("reason")
                with Vertical(id="unused"):
                    yield Static(
                        f"Record in the log that {c.name} left its chance dice unused "
                        "(the GM may reward it).",
                        classes="hint",
                        markup=False,
                    )
            yield FieldError(FORM)
            yield from buttons("Apply")

    def validate_form(self) -> tuple[LuckCommand | None, dict[str, str]]:
        what = str(self.query_one("#what", Select).value)
        switcher = self.query_one(ContentSwitcher)
        if switcher.current != what:
            switcher.current = what
        if what == "unused":
            return NoteUnusedDice(target=self.combatant.id), {}
        amount = self.query_one("#amount", Input).value.strip()
        reason = self.query_one("#reason", Input).value.strip()
        if not amount:  # the reason's text is judged anyway: its problem is never hidden
            errors = {"amount": "type the points: +2 awards, -1 takes"} if self.refusals else {}
            if why := field_problem(Luck, "reason", reason):
                errors["reason"] = why
            return None, errors
        try:
            command = validate_typed(
                Luck, {"target": self.combatant.id, "amount": amount, "reason": reason}
            )
        except (ValidationError, NumbersRefused) as err:
            found = err.refused if isinstance(err, NumbersRefused) else field_errors(err, Luck)
            return None, {_SLOTS.get(path, FORM): text for path, text in found.items()}
        if command.amount == 0:
            return None, {"amount": "must not be 0"}
        return command, {}

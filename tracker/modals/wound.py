"""A wound by hand: wound points or a damage level name, where it landed (R14), from what.

The preview says what the wound will set off (bleeding R12, a breakage roll
A15, demise checks A16) before the GM commits to it; the engine does the
rest when the command is applied. More WP than any wound deals (A2) is most
likely a slip of the finger: it applies only once the GM ticks that it is meant.
"""

from __future__ import annotations

from typing import get_args

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Select, Static

from rules.engine.questions import consequences
from rules.mechanics.chart import LEVELS
from rules.mechanics.wounds import MAX_WOUND_NAME, MAX_WOUND_WP, Location
from rules.model.commands import ApplyWound
from rules.model.errors import field_errors, field_problem
from tracker.modals.about_one import CombatantDialog
from tracker.modals.act.base import FieldCheckbox
from tracker.modals.form import FORM, FieldError, FieldSelect, buttons, labelled
from tracker.modals.parse import wound_points

LOCATION_NAMES: tuple[str, ...] = get_args(Location)
_SLOTS = {"wound_points": "wp", "location": "location", "source": "source"}


class WoundForm(CombatantDialog[ApplyWound]):
    """Type `4` or `Gore`, pick the location, enter applies."""

    DEFAULT_CSS = """
    WoundForm > .dialog {
        width: 64;
    }
    WoundForm #preview {
        margin-top: 1;
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        c = self.combatant
        levels = ", ".join(f"{name} {wp}" for _vs, _q, _a, name, wp in LEVELS)
        with Vertical(classes="dialog"):
            yield Static(f"Wound {c.name}", classes="dialog-title", markup=False)
            yield Static(f"now {c.total_wp()} WP; levels: {levels}", classes="hint", markup=False)
            yield labelled("Wound points", Input(placeholder="3 or Wound", id="wp"))
            yield FieldError("wp")
            yield FieldCheckbox(
                f"more than a wound deals: apply it anyway (A2: {MAX_WOUND_NAME} {MAX_WOUND_WP})",
                id="beyond",
            )
            yield labelled(
                "Location",
                FieldSelect(
                    [(name, name) for name in LOCATION_NAMES],
                    value="unspecified",
                    allow_blank=False,
                    id="location",
                ),
            )
            yield FieldError("location")
            yield labelled("Source", Input(value="GM", id="source"))
            yield FieldError("source")
            yield Static("", id="preview", classes="hint", markup=False)
            yield FieldError(FORM)
            yield from buttons("Apply wound")

    def validate_form(self) -> tuple[ApplyWound | None, dict[str, str]]:
        preview = self.query_one("#preview", Static)
        preview.update("")
        wp, problem = wound_points(self.query_one("#wp", Input).value)
        beyond = self.query_one("#beyond", Checkbox)
        beyond.display = wp is not None and wp > MAX_WOUND_WP
        source = self.query_one("#source", Input).value.strip() or "GM"
        if wp is None:
            # An empty field stays quiet until the GM tries to apply it; the source's text
            # is judged anyway (rules.model.plain_text), so its problem is never hidden.
            empty = not self.query_one("#wp", Input).value.strip()
            errors = {} if empty and not self.refusals else {"wp": problem}
            if why := field_problem(ApplyWound, "source", source):
                errors["source"] = why
            return None, errors
        location = str(self.query_one("#location", Select).value)
        try:
            # validated, not built: the location is the Select's text, checked by the model
            fields = {"target": self.combatant.id, "wound_points": wp, "location": location}
            command = ApplyWound.model_validate({**fields, "source": source})
        except ValidationError as err:
            errors = field_errors(err, ApplyWound)
            return None, {_SLOTS.get(path, FORM): text for path, text in errors.items()}
        if wp > MAX_WOUND_WP and not beyond.value:
            return None, {
                "wp": f"{wp} WP is more than a wound deals ({MAX_WOUND_NAME} {MAX_WOUND_WP}, A2):"
                " tick the box below to apply it anyway"
            }
        then = consequences(self.combatant, wp, location)
        preview.update("; ".join(then) if then else "no further effects")
        return command, {}

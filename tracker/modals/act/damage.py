"""Confirm a pending hit's damage, each stage open to a GM override (A11-A13, R10, R11).

The engine has already worked the hit out in full (soft armour dice
included) and stored the breakdown; this dialog shows that line exactly as
stored, lets the GM replace what passed the shield, what passed the armour
or the wound points, and previews the recomputed line before it is applied:
`rules.engine.questions.damage_breakdown`, the very function ConfirmDamage applies.
"""

from __future__ import annotations

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.widgets import Input, Static

from rules.engine.questions import damage_breakdown
from rules.mechanics.damage import AttackDamage
from rules.model.commands import ConfirmDamage
from rules.model.errors import explain
from rules.model.pending import DamageData, Pending
from rules.model.state import Encounter
from tracker.modals.act.base import DialogBody
from tracker.modals.act.pending_dialog import PendingDialog
from tracker.modals.form import FORM, FieldError, buttons, labelled
from tracker.modals.parse import whole_number
from tracker.modals.parse import wound_points as parse_wp


def damage_of(p: Pending) -> DamageData:
    """The hit's stored breakdown (a damage decision always carries one)."""
    if not isinstance(p.data, DamageData):
        raise ValueError(f"decision {p.id} is a {p.kind}, not a damage")
    return p.data


def stage_hints(d: DamageData, result: AttackDamage | None) -> tuple[str, str]:
    """What the blank 'after the armour' and 'wound points' fields stand for now: the
    stored hit's numbers, or those that follow from an earlier stage's override."""
    if result is None:  # the soft dice are rolled when applied
        return "rolled when applied", "rolled when applied"
    if result.stopped_by_shield:
        return "—", "—"
    return str(result.victory_score), f"{result.wound_points} ({result.damage_name or 'Bruise'})"


class DamageDialog(PendingDialog[ConfirmDamage]):
    """The stored breakdown, three optional overrides and the line they give; enter applies."""

    KINDS = ("damage",)
    REFILLED = (*PendingDialog.REFILLED, "data")
    DEFAULT_CSS = """
    DamageDialog > .dialog {
        width: 110;
    }
    DamageDialog .field-label {
        width: 22;
    }
    DamageDialog #stored, DamageDialog #preview {
        margin: 1 0;
    }
    DamageDialog #preview {
        text-style: bold;
    }
    """

    def __init__(self, encounter: Encounter, pending_id: int) -> None:
        super().__init__(encounter, pending_id)
        self.data = damage_of(self.pending)

    def compose(self) -> ComposeResult:
        d = self.data
        attacker = self.encounter.combatants.get(d.attacker)
        who = attacker.name if attacker is not None else d.attacker
        where = "" if d.location == "unspecified" else f" ({d.location})"
        stopped = d.after_shield is None
        armour_hint, wp_hint = self._stored_hints()
        with DialogBody(classes="dialog"):
            yield Static(
                f"Damage to {self.target.name}{where} from {who}'s {d.weapon}",
                classes="dialog-title",
                markup=False,
            )
            yield Static(d.explanation, id="stored", markup=False)
            yield Static(
                "Leave a stage blank to keep the rules' number; a number replaces it and the"
                " later stages follow from it.",
                classes="hint",
            )
            yield labelled(
                "After the shield",
                Input(
                    placeholder="stopped" if stopped else str(d.after_shield),
                    id="after-shield",
                    compact=True,
                ),
            )
            yield FieldError("after_shield")
            yield labelled(
                "After the armour",
                Input(
                    placeholder=armour_hint,
                    id="after-armour",
                    compact=True,
                ),
            )
            yield FieldError("after_armour")
            yield labelled(
                "Wound points",
                Input(
                    placeholder=wp_hint,
                    id="wound-points",
                    compact=True,
                ),
            )
            yield FieldError("wound_points")
            yield Static("", id="preview", markup=False)
            yield FieldError(FORM)
            yield from buttons("Apply")

    def _number(self, field: str, errors: dict[str, str], slot: str) -> int | None:
        text = self.query_one(f"#{field}", Input).value
        if not text.strip():
            return None
        value, problem = parse_wp(text) if slot == "wound_points" else whole_number(text)
        if value is None:
            errors[slot] = problem
        return value

    def _stored_hints(self) -> tuple[str, str]:
        d = self.data
        if d.after_shield is None:
            return "—", "—"
        return str(d.after_armour), f"{d.wound_points} ({d.level or 'Bruise'})"

    def _hint(self, hints: tuple[str, str]) -> None:
        """The later stages' blank fields read what follows from the earlier overrides."""
        self.query_one("#after-armour", Input).placeholder = hints[0]
        self.query_one("#wound-points", Input).placeholder = hints[1]

    def validate_form(self) -> tuple[ConfirmDamage | None, dict[str, str]]:
        errors: dict[str, str] = {}
        after_shield = self._number("after-shield", errors, "after_shield")
        after_armour = self._number("after-armour", errors, "after_armour")
        wp = self._number("wound-points", errors, "wound_points")
        shown = self.query_one("#preview", Static)
        if errors:
            # No breakdown is guessed from a refused field: the line says which to fix.
            fields = " and ".join(slot.replace("_", " ") for slot in errors)
            shown.update(f"fix the {fields} to see the damage")
            self._hint(self._stored_hints())
            return None, errors
        try:
            command = ConfirmDamage(
                pending=self.pending.id,
                after_shield=after_shield,
                after_armour=after_armour,
                wound_points=wp,
            )
        except ValidationError as err:
            shown.update("fix the overrides to see the damage")
            self._hint(self._stored_hints())
            return None, {FORM: explain(err, ConfirmDamage)}
        try:
            found = damage_breakdown(
                self.data, after_shield=after_shield, after_armour=after_armour, wound_points=wp
            )
        except ValueError as err:
            shown.update("")
            self._hint(self._stored_hints())
            return None, {FORM: str(err)}
        self._hint(stage_hints(self.data, found.result))
        shown.update(
            ("with the GM's numbers: " if found.gm else "applies: ") + found.line(self.data)
        )
        return command, {}

"""Confirm a pending hit's damage, each stage open to a GM override (A11-A13, R10, R11).

The engine has already worked the hit out in full (soft armour dice
included) and stored the breakdown; this dialog shows that line exactly as
stored, lets the GM replace what passed the shield, what passed the armour
or the wound points, and previews the recomputed line before it is applied.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from rules.engine.handlers.attack import MAX_LEVEL_WP
from rules.mechanics.damage import resolve_damage
from rules.model.commands import ConfirmDamage
from rules.model.errors import explain
from rules.model.state import Encounter, Pending
from tracker.modals.act.base import ActDialog, DialogBody
from tracker.modals.act.parry import pending_of
from tracker.modals.form import FORM, FieldError, buttons, labelled
from tracker.modals.parse import whole_number
from tracker.modals.parse import wound_points as parse_wp


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"stored damage value {value!r} is not a whole number")
    return value


def _faces(value: object) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"stored soft armour faces {value!r} are not a list")
    return [_int(face) for face in value]


def preview(p: Pending, after_shield: int | None, after_armour: int | None, wp: int | None) -> str:
    """The breakdown the engine would apply with these overrides (pure; no dice).

    Raises ValueError (the rules' own message) for an override with no stage to
    replace; a stopped hit let through reaches soft armour whose dice are not
    rolled yet, which the line says instead of guessing them.
    """
    d = p.data
    shield = None
    if d.get("shield_low") is not None:
        shield = (_int(d["shield_low"]), _int(d["shield_high"]))
    faces = _faces(d.get("soft_faces") or [])
    soft = _int(d["soft"])
    if d.get("after_shield") is None and after_shield is not None and soft and not faces:
        return (
            f"VS {d['attack_vs']} + damage {d['weapon_damage']} = {d['damage_vs']} → shield"
            f" (GM: {after_shield} passes) → armour: {soft} soft d10 rolled when applied"
        )
    result = resolve_damage(
        _int(d["attack_vs"]),
        _int(d["weapon_damage"]),
        shield,
        None if d.get("shield_hits") is None else _int(d["shield_hits"]),
        _int(d["hard"]),
        soft,
        _int(d["rating"]),
        faces,
        override_after_shield=after_shield,
        override_after_armour=after_armour,
        override_wp=None if wp is None else min(wp, MAX_LEVEL_WP),
    )
    line = result.explain()
    if wp is not None and wp > MAX_LEVEL_WP:
        line += f" (GM: {wp} WP)"
    return line


class DamageDialog(ActDialog[ConfirmDamage]):
    """The stored breakdown, three optional overrides and the line they give; enter applies."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="damage.cancel"),
    ]

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
        self.pending = pending_of(encounter, pending_id, ("damage",))
        super().__init__()
        self.encounter = encounter
        self.target = encounter.combatants[self.pending.combatant]

    def compose(self) -> ComposeResult:
        p, d = self.pending, self.pending.data
        attacker = self.encounter.combatants.get(str(d.get("attacker")))
        who = attacker.name if attacker is not None else str(d.get("attacker"))
        where = "" if d.get("location") in (None, "unspecified") else f" ({d['location']})"
        stopped = d.get("after_shield") is None
        with DialogBody(classes="dialog"):
            yield Static(
                f"Damage to {self.target.name}{where} from {who}'s {d.get('weapon')}",
                classes="dialog-title",
                markup=False,
            )
            yield Static(str(d.get("explanation", p.text)), id="stored", markup=False)
            yield Static(
                "Leave a stage blank to keep the rules' number; a number replaces it and the"
                " later stages follow from it.",
                classes="hint",
            )
            yield labelled(
                "After the shield",
                Input(
                    placeholder="stopped" if stopped else str(d.get("after_shield")),
                    id="after-shield",
                    compact=True,
                ),
            )
            yield FieldError("after_shield")
            yield labelled(
                "After the armour",
                Input(
                    placeholder="—" if stopped else str(d.get("after_armour")),
                    id="after-armour",
                    compact=True,
                ),
            )
            yield FieldError("after_armour")
            yield labelled(
                "Wound points",
                Input(
                    placeholder="—" if stopped else f"{d.get('wound_points')} ({d.get('level')})",
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

    def validate_form(self) -> tuple[ConfirmDamage | None, dict[str, str]]:
        errors: dict[str, str] = {}
        after_shield = self._number("after-shield", errors, "after_shield")
        after_armour = self._number("after-armour", errors, "after_armour")
        wp = self._number("wound-points", errors, "wound_points")
        shown = self.query_one("#preview", Static)
        if errors:
            shown.update("")
            return None, errors
        try:
            command = ConfirmDamage(
                pending=self.pending.id,
                after_shield=after_shield,
                after_armour=after_armour,
                wound_points=wp,
            )
        except ValidationError as err:
            shown.update("")
            return None, {FORM: explain(err, ConfirmDamage)}
        try:
            line = preview(self.pending, after_shield, after_armour, wp)
        except ValueError as err:
            shown.update("")
            return None, {FORM: str(err)}
        gm = any(v is not None for v in (after_shield, after_armour, wp))
        shown.update(("with the GM's numbers: " if gm else "applies: ") + line)
        return command, {}

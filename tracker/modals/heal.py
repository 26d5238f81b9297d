"""Care for a combatant: heal WP, staunch bleeding (R13), treat a condition, or rest (A5).

One dialog with a choice at the top, because the GM thinks "patch Kans up"
and then decides how. Only what applies is offered: a combatant who is not
bleeding cannot be staunched, one without exhaustion has nothing to rest off.
The dead get no care but a GM revive (the engine refuses the rest, A16): for
them the dialog opens on "revive" and says so if another care is chosen.
"""

from __future__ import annotations

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import ContentSwitcher, Input, Select, Static

from rules.model.commands import Heal, Rest, Staunch, TreatCondition
from rules.model.errors import field_errors
from rules.model.state import Combatant
from tracker.modals.about_one import CombatantDialog
from tracker.modals.form import FORM, FieldError, FieldSelect, buttons, labelled
from tracker.modals.parse import NumbersRefused, validate_typed

Care = Heal | Staunch | TreatCondition | Rest
NEWEST = "newest"  # heal the newest wound first (Heal.wound None)
_TYPED: dict[str, tuple[str, type[Heal] | type[Staunch]]] = {
    "heal": ("heal-wp", Heal),
    "staunch": ("staunch-amount", Staunch),
}
CHOICES: tuple[tuple[str, str], ...] = (
    ("Heal wound points", "heal"),
    ("Staunch bleeding (R13)", "staunch"),
    ("Treat a condition", "treat"),
    ("Rest (A5)", "rest"),
)


def treatable(c: Combatant) -> list[tuple[str, str]]:
    """(label, value) of each condition that can be treated now; value is `kind` or `limb:where`."""
    if c.dead:
        return [("revive (back into the fight)", "revive")]  # the dead: nothing else (A16)
    found = [(f"{where}: {state}", f"limb:{where}") for where, state in c.limbs.items()]
    if c.broken_ribs:
        found.append(("broken ribs", "ribs"))
    if c.vital_organ:
        found.append(("vital organ", "vital organ"))
    if c.drains:
        drained = ", ".join(f"{stat} -{n}" for stat, n in c.drains.items())
        found.append((f"desperation drains: {drained} (R20)", "drains"))
    if c.out_of_fight:
        found.append(("revive (back into the fight)", "revive"))
    return found


def _wound_label(index: int, c: Combatant) -> str:
    w = c.wounds[index]
    when = f", t{w.time}" if w.time is not None else ""
    bleed = ", bleeding" if w.bleeding else ""
    return f"{index + 1}. {w.location} {w.level} {w.wp} WP{when}{bleed}"


def _ticks(c: Combatant) -> str:
    """`, Poison 86,400`: the ticks' WP, healed after the wounds (one entry a source)."""
    return "".join(f", {source} {t.wp:,}" for source, t in c.tick_wp.items())


class HealForm(CombatantDialog[Care]):
    """Choose the care, fill in its one or two fields, enter applies."""

    DEFAULT_CSS = """
    HealForm > .dialog {
        width: 70;
    }
    HealForm ContentSwitcher {
        height: auto;
    }
    HealForm ContentSwitcher > Vertical {
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        c = self.combatant
        wounds = [(_wound_label(i, c), str(i)) for i in range(len(c.wounds))]
        conditions = treatable(c)
        with Vertical(classes="dialog"):
            yield Static(f"Care for {c.name}", classes="dialog-title", markup=False)
            yield Static(
                f"{c.name} is dead: the dead cannot be healed, staunched, treated or rested;"
                " a GM revive brings them back"
                if c.dead
                else f"{c.total_wp()} WP (bleeding {c.bleed_wp}{_ticks(c)}), BLR {c.bleed_rate}, "
                f"exhaustion {c.exhaustion}",
                classes="hint",
                markup=False,
            )
            first = "treat" if c.dead else "heal"  # the dead: only a revive applies
            yield labelled(
                "Care", FieldSelect(list(CHOICES), value=first, allow_blank=False, id="care")
            )
            with ContentSwitcher(initial=first):
                with Vertical(id="heal"):
                    yield labelled("Wound points", Input(placeholder="1", id="heal-wp"))
                    yield FieldError("heal-wp")
                    yield labelled(
                        "Which wound",
                        FieldSelect(
                            [("newest first", NEWEST), *wounds],
                            value=NEWEST,
                            allow_blank=False,
                            id="heal-wound",
                        ),
                    )
                with Vertical(id="staunch"):
                    yield labelled(
                        "Lower BLR by",
                        Input(placeholder="blank: stop the bleeding", id="staunch-amount"),
                    )
                    yield FieldError("staunch-amount")
                with Vertical(id="treat"):
                    yield labelled(
                        "Condition",
                        FieldSelect(
                            conditions,
                            value=conditions[0][1] if conditions else Select.NULL,
                            allow_blank=not conditions,
                            id="treat-what",
                        ),
                    )
                with Vertical(id="rest"):
                    yield Static(
                        f"Rest clears all {c.exhaustion} exhaustion points (A5).",
                        classes="hint",
                        markup=False,
                    )
            yield FieldError(FORM)
            yield from buttons("Apply")

    def _care(self) -> str:
        return str(self.query_one("#care", Select).value)

    def _value(self, selector: str) -> str:
        return self.query_one(selector, Input).value.strip()

    def _build(self, care: str) -> tuple[Care | None, dict[str, str]]:
        """The command for the chosen care, or the reason it cannot be given now."""
        c = self.combatant
        if c.dead and care != "treat":
            return None, {FORM: f"{c.name} is dead: only a revive applies (Treat a condition)"}
        if care == "heal":
            if c.total_wp() == 0:
                return None, {FORM: f"{c.name} has no wound points to heal"}
            which = str(self.query_one("#heal-wound", Select).value)
            wound = None if which == NEWEST else int(which)
            wp = self._value("#heal-wp") or "1"
            return validate_typed(Heal, {"target": c.id, "wound_points": wp, "wound": wound}), {}
        if care == "staunch":
            if c.bleed_rate == 0:
                return None, {FORM: f"{c.name} is not bleeding"}
            amount = self._value("#staunch-amount") or None
            return validate_typed(Staunch, {"target": c.id, "amount": amount}), {}
        if care == "treat":
            chosen = self.query_one("#treat-what", Select).value
            if chosen is Select.NULL:
                return None, {FORM: f"{c.name} has no condition to treat"}
            condition, _, where = str(chosen).partition(":")
            treat = {"target": c.id, "condition": condition, "location": where or None}
            return TreatCondition.model_validate(treat), {}
        if c.exhaustion == 0:
            return None, {FORM: f"{c.name} has no exhaustion to rest off"}
        return Rest(target=c.id), {}

    def validate_form(self) -> tuple[Care | None, dict[str, str]]:
        care = self._care()
        switcher = self.query_one(ContentSwitcher)
        if switcher.current != care:
            switcher.current = care
        try:
            return self._build(care)
        except (ValidationError, NumbersRefused) as err:
            # Only the typed number can be wrong: its message goes under its field.
            slot, model = _TYPED.get(care, (FORM, None))
            found = err.refused if isinstance(err, NumbersRefused) else field_errors(err, model)
            return None, {slot: "; ".join(found.values())}

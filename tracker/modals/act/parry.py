"""Answer a pending parry: with which weapon, or not at all (A10, R9, C).

A parry is rolled after the attack, against the attacker's SS as the goal.
The dialog lists the defender's melee weapons with the A10 arithmetic for
each (the relevant skill is the weapon's, R9): one it may not react with
cannot be picked. The odds are those of the parry roll itself.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, RadioSet, Select, Static

from rules.engine.questions import (
    RollPlan,
    as_reactor,
    default_reaction,
    held_penalty,
    parry_weapons,
    preview_roll,
    why_not,
)
from rules.model.commands import Parry
from rules.model.errors import explain
from rules.model.pending import ParryData
from rules.model.state import Action, Encounter, Weapon
from tracker.modals.act.base import (
    DialogBody,
    FieldCheckbox,
    FieldRadioSet,
    FieldSelect,
)
from tracker.modals.act.common import DieLine, paying_actions, reaction_line
from tracker.modals.act.held import (
    KEPT,
    held_label,
    payer_refusal,
    uses_held,
)
from tracker.modals.act.limb import chosen_limb, limb_picker
from tracker.modals.act.pending_dialog import PendingDialog
from tracker.modals.form import FORM, FieldError, buttons, labelled
from tracker.modals.marked_fields import MarkedRadioButton
from tracker.modals.parse import modifier as parse_modifier
from tracker.widgets.odds import OddsView

LABEL_WIDTH = 11  # the field labels' column (`.field-label` below): "Pays with" keeps it


class ParryDialog(PendingDialog[Parry]):
    """Pick the parrying weapon (or none), what pays for it, and any FARAD die; enter rolls."""

    KINDS = ("parry",)
    REFILLED = (*PendingDialog.REFILLED, "weapons", "refusals_by_weapon")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "parry", "Parry", id="parry.parry"),
        Binding("ctrl+l", "die", "Parrier's die", id="parry.die", priority=True),
    ]
    DEFAULT_CSS = """
    ParryDialog > .dialog {
        width: 112;
    }
    ParryDialog .field {
        margin-top: 1;
    }
    ParryDialog .field-label {
        width: 11;  /* LABEL_WIDTH */
    }
    ParryDialog RadioSet {
        width: 100%;
        margin-top: 1;
    }
    ParryDialog #special {
        margin-top: 1;
    }
    """

    def __init__(self, encounter: Encounter, pending_id: int) -> None:
        super().__init__(encounter, pending_id)
        self.target = as_reactor(encounter, self.target)  # a tie's opening comes first
        self.weapons = parry_weapons(self.target)  # A10: melee weapons only
        # A10, R9: each weapon's parry as the handler takes it (dry run; payer and die aside)
        self.refusals_by_weapon = {
            w.name: why_not(encounter, Parry(pending=pending_id, weapon=w.name))
            for w in self.weapons
        }

    def _allowed(self, weapon: Weapon) -> bool:
        return self.refusals_by_weapon[weapon.name] is None

    def compose(self) -> ComposeResult:
        d, p = self.target, self.pending
        hit = p.data
        assert isinstance(hit, ParryData)  # pending_of took a parry: its data is a parry's
        suggested = hit.parry_weapon
        attacker = self.encounter.combatants.get(hit.attacker)
        by = attacker.name if attacker is not None else hit.attacker
        with DialogBody(classes="dialog"):
            yield Static(
                f"{d.name} may parry {by}'s {hit.weapon}: goal {p.goal} (the attacker's SS, A10)"
                f" · enter: no parry, p: parry with {suggested}",
                classes="dialog-title",
                markup=False,
            )
            with Horizontal(classes="columns"):
                with Vertical(classes="form"):
                    # Enter alone moves on (not parrying); p parries with the suggested weapon.
                    options = [
                        MarkedRadioButton(
                            "do not parry: the blow lands with full force", value=True
                        )
                    ]
                    for w in self.weapons:
                        skill = d.skill_rating(w.skill)
                        line = reaction_line(self.encounter, d, w.skill, skill)
                        button = MarkedRadioButton(
                            f"{w.name} ({w.skill} {skill}): {line}",
                            disabled=not self._allowed(w),
                        )
                        button.tooltip = self.refusals_by_weapon[w.name]
                        options.append(button)
                    yield FieldRadioSet(*options, id="weapon", compact=True)
                    yield self._pays_with()
                    if d.held_action is not None:  # A10: kept unless the GM spends it
                        box = FieldCheckbox(held_label(d), id="use-held", compact=True)
                        box.tooltip = KEPT
                        yield box
                    yield labelled(
                        "Modifier", Input(placeholder="0 (GM)", id="modifier", compact=True)
                    )
                    yield FieldError("modifier")
                    if (limb := limb_picker(d)) is not None:  # A15: -4 and 1 WP
                        yield limb
                    yield DieLine(self.encounter, d, "Parrier", id="special")
                yield OddsView(id="odds")
            yield FieldError(FORM)
            yield from buttons("Parry")

    def _pays_with(self) -> Widget:
        """A10: what pays for the parry. A drop-down only when there is a choice: with no
        held action and one parry in the repertoire, the engine's default is the one."""
        d = self.target
        fallback = default_reaction(d, ("parry",))
        payers = self._payers()
        if all(a.name == fallback.name for a in payers):
            line = f"{'Pays with':<{LABEL_WIDTH}}its parry: {fallback.name} (cost {fallback.cost})"
            return Static(line, id="pays-with", classes="field", markup=False)
        return labelled(
            "Pays with",
            FieldSelect[str](
                [(f"{a.name} (cost {a.cost})", a.name) for a in payers],
                prompt=f"its parry (cost {fallback.cost})",
                id="action",
                compact=True,
            ),
        )

    def action_die(self) -> None:
        """ctrl+l: the parrier's luck, chance or desperation die (C), each press the next."""
        line = self.query_one_optional("#special", DieLine)
        if line is None or not line.step():
            self.app.bell()
            self.notify("no die may be declared for this parry", title="No parrier's die")

    def action_parry(self) -> None:
        """p: parry with the engine's suggested weapon (else the first allowed) and roll."""
        hit = self.pending.data
        assert isinstance(hit, ParryData)
        allowed = [i for i, w in enumerate(self.weapons, 1) if self._allowed(w)]
        named = [i for i in allowed if self.weapons[i - 1].name == hit.parry_weapon]
        if not allowed:
            self.app.bell()
            return
        self.query_one("#weapon", FieldRadioSet).press((named or allowed)[0])
        self.action_submit_soon()

    def _payers(self) -> list[Action]:
        return paying_actions(self.target, ("parry",))

    def _weapon(self) -> Weapon | None:
        index = self.query_one("#weapon", RadioSet).pressed_index
        return self.weapons[index - 1] if index >= 1 else None

    def validate_form(self) -> tuple[Parry | None, dict[str, str]]:
        d, p = self.target, self.pending
        weapon = self._weapon()
        picker = self.query_one("#special", DieLine)
        select = self.query_one_optional("#action", Select)  # none: nothing to choose
        action = select.value if select is not None else None
        odds = self.query_one("#odds", OddsView)
        errors: dict[str, str] = {}
        modifier = parse_modifier(self.query_one("#modifier", Input).value, errors, "modifier")
        limb, limb_refusal = chosen_limb(self, d)
        use_held = uses_held(self, "use-held")
        shown = weapon or next((w for w in self.weapons if self._allowed(w)), None)
        if shown is not None:
            # As the handler rolls it (rules.engine.questions.rolls; R9: the weapon's skill).
            preview = preview_roll(
                d,
                skill=shown.skill,
                stat=shown.stat,
                goal=p.goal,
                held=held_penalty(d, use_held),
                gm=modifier,
                limb=limb,
                special=picker.kind if weapon is not None else None,
            )
            plan = RollPlan(()) if preview is None else preview.plan
            odds.stat_name = shown.stat
            odds.stat = 0 if preview is None else preview.inputs.effective
            odds.dice = d.skill_rating(shown.skill) if preview is None else preview.inputs.dice
            odds.goal = None if "modifier" in errors else p.goal  # no guess from a refused field
            odds.modifier = plan.total
            odds.special = picker.kind if weapon is not None else None
            odds.positive = picker.positive
            odds.note = plan.text() if weapon else f"not parrying (with {shown.name})"
            if "modifier" in errors:
                odds.note = "fix the modifier to see the odds"
        # A10: the button says what enter does, so the default (the engine's suggested
        # weapon, pressed and highlighted) is never taken for "do not parry".
        save = self.query_one("#save", Button)
        save.label = f"Parry with {weapon.name}" if weapon is not None else "Do not parry"
        if weapon is not None and (refused := self.refusals_by_weapon[weapon.name]):
            return None, {FORM: refused}
        if weapon is not None:
            why = limb_refusal or payer_refusal(d, action, ("parry",), use_held)
            if why:
                errors[FORM] = why
        if errors:
            return None, errors
        try:
            command = Parry(
                pending=p.id,
                weapon=weapon.name if weapon else None,
                action=action if weapon is not None and isinstance(action, str) else None,
                special=picker.kind if weapon is not None else None,
                limb=limb if weapon is not None else None,
                modifier=modifier if weapon is not None else 0,
                use_held=use_held and weapon is not None,
            )
        except ValidationError as err:
            return None, {FORM: explain(err, Parry)}
        return command, {}

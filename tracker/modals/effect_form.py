"""An effect on the selected (or marked) combatants: a name, a modifier, a duration, a tick.

A GM mid-fight wants `E 1 10 enter` (Stunned for 10 TU): a digit typed
alone into the empty name field takes that common condition and moves on to
the duration. The duration is typed as the rules read it (`10`, `t40`,
`next`, `next Baron`, `end`, nothing: until removed). Every problem is shown
under its field, in the rules' own words (the command's validators, then
`why_not` for what only the moment can refuse), and nothing is applied.
"""

from __future__ import annotations

from pydantic import ValidationError
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Select, Static

from rules.engine.questions import why_not
from rules.model.effect_commands import AddEffect
from rules.model.errors import field_errors
from rules.model.state import Encounter
from tracker.modals.about_one import CombatantDialog
from tracker.modals.act.base import FieldCheckbox
from tracker.modals.effect_parse import Problems, duration_of, number_of, slot_of, slots_of
from tracker.modals.form import FORM, FieldError, FieldSelect, buttons, labelled

# The conditions a GM names most; one digit in the empty name field picks one.
COMMON = ("Stunned", "Prone", "Blinded", "On fire", "Aiming", "Blessed")
MODIFIERS: tuple[tuple[str, str], ...] = (
    ("no modifier", "none"),
    ("to every roll", "all"),
    ("to one stat's rolls", "stat"),
    ("to one skill's rolls", "skill"),
    ("to the goal of attacks against it", "attacked"),
)
PICKS = {str(n): name for n, name in enumerate(COMMON, start=1)}


class ConditionName(Input):
    """The name field: a digit typed into it empty is that common condition, taken on the
    key itself, and the focus moves to the duration before the next key is routed.

    Why on the key (issue 27): picked on the field's Changed message, which comes after
    the key is done, the keys right behind the digit had already been routed to this
    field: `1e309` in one burst became the name "St3unned", `1 1 0` never reached the
    duration. One ASCII digit only: '²'.isdigit() is True but int('²') raises, and '５'
    is no key for a pick."""

    def on_key(self, event: events.Key) -> None:
        pick = PICKS.get(event.character or "")
        if pick is None or self.value:
            return
        event.prevent_default()  # Input's own handler would type the digit
        event.stop()
        self.value = pick
        self.screen.set_focus(self.screen.query_one("#duration", Input))  # at once, not later


DURATION_HINT = "10 (TU) · t40 (until 40) · next · next Baron · end · blank: until removed"


class EffectForm(CombatantDialog[AddEffect]):
    """Name (1-6 pick a common one), modifier, duration, tick; enter applies."""

    DEFAULT_CSS = """
    EffectForm > .dialog {
        width: 84;
    }
    """

    def __init__(self, encounter: Encounter, combatant_id: str) -> None:
        super().__init__(encounter, combatant_id)
        self.targets = [combatant_id]  # the marked rows, when opened for them

    def for_ids(self, ids: list[str], names: list[str]) -> EffectForm:
        """The effect for every marked row (one AddEffect: one undo)."""
        self.targets = list(ids)
        self.for_marked(names)
        return self

    def compose(self) -> ComposeResult:
        c = self.combatant
        picks = " · ".join(f"{n} {name}" for n, name in enumerate(COMMON, start=1))
        with Vertical(classes="dialog"):
            yield Static(f"Effect on {c.name}", classes="dialog-title", markup=False)
            yield Static(f"{picks} (or type any name)", classes="hint", id="picks", markup=False)
            yield labelled("Name", ConditionName(placeholder="a digit or a name", id="name"))
            yield FieldError("name")
            yield labelled(
                "Modifier",
                FieldSelect(list(MODIFIERS), value="none", allow_blank=False, id="mod"),
            )
            yield labelled("Stat or skill", Input(placeholder="Dexterity, Melee …", id="mod-name"))
            yield labelled(
                "Amount", Input(placeholder="+1, or below 0: a penalty", id="mod-amount")
            )
            yield FieldError("modifier")
            yield labelled("Duration", Input(placeholder="blank: until removed", id="duration"))
            yield Static(DURATION_HINT, classes="hint", markup=False)
            yield FieldError("duration")
            yield labelled("Tick every (TU)", Input(placeholder="blank: no tick", id="tick-every"))
            yield labelled("Tick wound (WP)", Input(placeholder="fire, poison: 1", id="tick-wp"))
            yield FieldCheckbox("the tick counts as one wound (R12, A15, A16)", id="one-wound")
            yield FieldError("tick")
            yield FieldError(FORM)
            yield from buttons("Add effect")

    @on(Input.Changed, "#name")
    def _picked(self, event: Input.Changed) -> None:
        """A digit alone pasted into the name field is that condition too (typed, it is
        taken on the key: ConditionName); on to the duration."""
        typed = event.value.strip()
        if typed in PICKS:
            event.input.value = PICKS[typed]
            self.screen.set_focus(self.query_one("#duration", Input))

    def _text(self, selector: str) -> str:
        return self.query_one(selector, Input).value.strip()

    def validate_form(self) -> tuple[AddEffect | None, Problems]:
        problems: Problems = {}
        name = self._text("#name")
        if not name:
            if self.refusals:
                problems["name"] = "name: type one, or a digit 1-6 for a common condition"
            return None, problems
        fields: dict[str, object] = {"targets": self.targets, "name": name}
        modifier = self._modifier(problems)
        if modifier is not None:
            fields["modifier"] = modifier
        duration, why = duration_of(self.encounter, self._text("#duration"))
        if duration is None:
            problems["duration"] = why
        else:
            fields["duration"] = duration
        tick = self._tick(problems)
        if tick is not None:
            fields["tick"] = tick
        if problems:
            return None, problems
        try:
            command = AddEffect.model_validate(fields)
        except ValidationError as err:
            return None, slots_of(field_errors(err, AddEffect), FORM)
        refusal = why_not(self.encounter, command)
        if refusal is not None:
            return None, {slot_of(refusal, FORM): refusal}
        return command, {}

    def _modifier(self, problems: Problems) -> dict[str, object] | None:
        """The modifier's fields (the model judges them), None for no modifier."""
        target = str(self.query_one("#mod", Select).value)
        wanted = target in ("stat", "skill")
        self.query_one("#mod-name", Input).disabled = not wanted
        self.query_one("#mod-amount", Input).disabled = target == "none"
        if target == "none":
            return None
        amount, why = number_of(self._text("#mod-amount"), "modifier amount", signed=True)
        if amount is None:
            problems["modifier"] = why
            return None
        named = self._text("#mod-name") if wanted else ""
        return {"target": target, "amount": amount, "name": named or None}

    def _tick(self, problems: Problems) -> dict[str, object] | None:
        every_text, wp_text = self._text("#tick-every"), self._text("#tick-wp")
        if not every_text and not wp_text:
            return None
        every, why = number_of(every_text, "tick every (TU)")
        wp, why_wp = number_of(wp_text, "tick wound (WP)")
        if every is None or wp is None:
            problems["tick"] = why or why_wp
            return None
        one = self.query_one("#one-wound", Checkbox).value
        return {"every": every, "wp": wp, "one_wound": one}

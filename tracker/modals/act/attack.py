"""Declare an attack: target, goal, location, exertion, a FARAD die, the dodge (A8-A11, C).

Everything that must be said before the attack roll is said here, and the
dialog returns one `Attack`: the dodge (A10) and any special die (Part C)
are part of the declaration, so a die cannot be added after the roll by
construction. The odds redraw on every keystroke; a declared dodge's goal
is unknown until it is rolled, so the odds show the base goal and, exactly,
the chance once the dodge's own roll is taken into account.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Select, Static

from rules.engine.questions import (
    as_reactor,
    reacted_to,
    targets_in_order,
    why_not,
)
from rules.mechanics.chart import CLOSE_IN, DODGE_GOALS, attack_goals
from rules.mechanics.skill import exert_bonus
from rules.mechanics.wounds import LOCATIONS, Location
from rules.model.commands import Attack, Dodge
from rules.model.errors import field_errors, field_problem
from rules.model.state import Combatant, Encounter
from tracker.modals.act import dodge_part_c
from tracker.modals.act.attack_lines import attack_title, preset_label, reactors_line
from tracker.modals.act.attack_odds import show_attack_odds
from tracker.modals.act.base import ActDialog, DialogBody, FieldCheckbox, FieldSelect
from tracker.modals.act.common import (
    SpecialPicker,
    default_cost,
    describe,
    may_react,
    paying_actions,
    reaction_verdict,
)
from tracker.modals.act.dodge_key import dodge_options, next_dodge
from tracker.modals.act.held import (
    KEPT,
    held_label,
    payer_refusal,
    uses_held,
)
from tracker.modals.act.kept_line import KeptLine
from tracker.modals.act.limb import chosen_limb, limb_options, limb_picker
from tracker.modals.act.target_select import TargetSelect
from tracker.modals.form import FORM, FieldError, buttons, combatant_of, labelled
from tracker.modals.parse import goal as parse_goal
from tracker.modals.parse import modifier as parse_modifier
from tracker.widgets.odds import OddsView


class AttackDialog(ActDialog[Attack]):
    """One attack with one weapon, declared in full; enter attacks."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="attack.cancel"),
        # priority: in a typed field ctrl+d was the Input's "delete right" (delete still is)
        Binding("ctrl+d", "dodge", "Dodge", id="attack.dodge", priority=True),
        Binding("ctrl+l", "dodge_die", "Dodger's die", id="attack.dodge-die", priority=True),
    ]

    DEFAULT_CSS = """
    AttackDialog > .dialog {
        width: 118;
    }
    AttackDialog .field-label {
        width: 11;
    }
    AttackDialog #reactors {
        color: $text-muted;
        margin-top: 1;
    }
    AttackDialog #dodge-line {
        color: $text-muted;
    }
    """

    def __init__(
        self, encounter: Encounter, attacker_id: str, weapon: str, last: str | None = None
    ) -> None:
        self.attacker = combatant_of(encounter, attacker_id)
        self.weapon = self.attacker.weapon(weapon)  # ValueError names the weapon
        super().__init__()
        self.encounter = encounter
        self.presets = attack_goals(self.weapon.kind)  # A8
        first = reacted_to(encounter, attacker_id) or last  # A10: the one reacted to
        self.targets = {  # A11: whoever may be hit, the likely target first
            c.id: c for c in targets_in_order(encounter, self.attacker, first)
        }

    # --- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        a, w = self.attacker, self.weapon
        first = next(iter(self.presets))
        default = "Short" if w.kind == "ranged" else first
        with DialogBody(classes="dialog"):
            yield Static(attack_title(self.encounter, a, w), classes="dialog-title", markup=False)
            with Horizontal(classes="columns"):
                with Vertical(classes="form"):
                    yield labelled(
                        "Target",
                        TargetSelect(
                            [(describe(c), c.id) for c in self.targets.values()],
                            prompt="no one to attack",
                            allow_blank=not self.targets,
                            value=next(iter(self.targets), Select.NULL),
                            id="target",
                            compact=True,
                        ),
                    )
                    yield labelled(
                        "Range" if w.kind == "ranged" else "Reach",
                        FieldSelect[str](
                            [(preset_label(n, g), n) for n, g in self.presets.items()],
                            prompt="custom goal",
                            value=default,
                            id="range",
                            compact=True,
                        ),
                    )
                    yield labelled(
                        "Goal",
                        Input(str(self.presets[default]), id="goal", compact=True),
                    )
                    yield FieldError("goal")
                    yield labelled(
                        "Location",
                        FieldSelect[str](
                            [(loc, loc) for loc in LOCATIONS],
                            value="unspecified",
                            allow_blank=False,
                            id="location",
                            compact=True,
                        ),
                    )
                    yield labelled(
                        "Modifier", Input(placeholder="0 (GM)", id="modifier", compact=True)
                    )
                    yield FieldError("modifier")
                    if (limb := limb_picker(a)) is not None:
                        yield limb
                    exert = exert_bonus(a.effective(w.stat)) if w.stat in a.stats else 0
                    yield FieldCheckbox(
                        f"Exert: +{exert} to the SS, then 1 exhaustion (A5)",
                        id="exert",
                        compact=True,
                    )
                    yield SpecialPicker(self.encounter, a, id="special")
                    yield KeptLine(reactors_line(self.encounter), id="reactors", markup=False)
                    yield KeptLine("", id="dodge-line", markup=False)
                    yield labelled(
                        "Dodge (^d)",
                        FieldSelect[str](
                            dodge_options(self.weapon.kind),
                            prompt="no dodge",
                            id="dodge",
                            compact=True,
                        ),
                    )
                    yield labelled(
                        "Pays with",
                        FieldSelect[str]([], prompt="its dodge", id="dodge-action", compact=True),
                    )
                    # A10: a dodge keeps the target's held action unless the GM spends it.
                    yield FieldCheckbox("", id="dodge-held", compact=True)
                    yield labelled(
                        "Dodge mod",
                        Input(placeholder="0 (GM)", id="dodge-modifier", compact=True),
                    )
                    yield FieldError("dodge-modifier")
                    yield labelled(  # A15: shown when the target has a hurt limb
                        "Dodge limb",
                        FieldSelect[str]([], prompt="no hurt limb", id="dodge-limb", compact=True),
                        classes="dodge-limb-row",
                    )
                    yield from dodge_part_c.fields(self.encounter, a)  # A5, C: as any roll
                yield OddsView(id="odds")
            yield FieldError(FORM)
            yield from buttons("Attack")

    def on_mount(self) -> None:
        self._target_changed()
        super().on_mount()

    # --- keeping the fields in step -------------------------------------------------

    @on(Select.Changed, "#range")
    def _range_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str):
            return  # "custom goal": the typed number stands
        goal_input = self.query_one("#goal", Input)
        preset = self.presets[event.value]
        if preset is None:
            goal_input.value = ""
            goal_input.placeholder = "Close-In: type the GM's goal (A8)"
            goal_input.focus()
        elif goal_input.value.strip() != str(preset):
            goal_input.value = str(preset)

    @on(Input.Changed, "#goal")
    def _goal_typed(self, event: Input.Changed) -> None:
        chosen = self.query_one("#range", Select)
        name = chosen.value
        if isinstance(name, str) and self.presets[name] is not None:
            if event.value.strip() != str(self.presets[name]):
                chosen.value = Select.NULL  # a typed number is a custom goal

    @on(Select.Changed, "#target")
    def _target_changed(self) -> None:
        target = self._target()
        line = self.query_one("#dodge-line", Static)
        dodge = self.query_one("#dodge", Select)
        payer = self.query_one("#dodge-action", Select)
        held = self.query_one("#dodge-held", Checkbox)
        limb = self.query_one("#dodge-limb", Select)
        held.display = target is not None and target.held_action is not None
        held.value = False  # A10: default: the held action is kept
        limb.set_options(limb_options(target) if target is not None else [])
        self.query_one(".dodge-limb-row").display = target is not None and bool(target.limbs)
        modifier = self.query_one("#dodge-modifier", Input)
        if target is None:
            line.update("")
            dodge.disabled = payer.disabled = held.disabled = limb.disabled = True
            modifier.disabled = True
            dodge_part_c.show(self, self.encounter, None, False)
            return
        if target.held_action is not None:
            held.label = held_label(target)
            held.tooltip = KEPT
        allowed, verdict = reaction_verdict(self.encounter, target, "Dodge", "dodge")
        line.update(verdict)
        dodge.disabled = payer.disabled = held.disabled = limb.disabled = not allowed
        modifier.disabled = not allowed
        dodge_part_c.show(self, self.encounter, target, allowed)
        if not allowed:
            dodge.value = Select.NULL
        actions = paying_actions(target, ("dodge",))
        payer.set_options([(f"{x.name} (cost {x.cost})", x.name) for x in actions])
        payer.prompt = f"its dodge (cost {default_cost(target, ('dodge',))})"

    @on(Select.Changed, "#dodge")
    def _dodge_declared(self, event: Select.Changed) -> None:
        dodge_part_c.reveal(self, isinstance(event.value, str))  # A5, C: for the dodge

    def action_dodge(self) -> None:
        """ctrl+d: declare the target's dodge; again: A10's next situation; then none."""
        dodge = self.query_one("#dodge", Select)
        target = self._target()
        if target is None or dodge.disabled:
            self.app.bell()
            why = reaction_verdict(self.encounter, target, "Dodge", "dodge")[1] if target else ""
            self.notify(why or "no one to attack, so no one dodges", title="No dodge")
            return
        chosen = next_dodge(dodge.value, self.weapon.kind)
        dodge.value = Select.NULL if chosen is None else chosen

    def action_dodge_die(self) -> None:
        """ctrl+l: the dodger's luck, chance or desperation die (C), each press the next."""
        declared = isinstance(self.query_one("#dodge", Select).value, str)
        if not declared or not self.query_one("#dodge-special", SpecialPicker).cycle():
            self.app.bell()
            why = "no die may be declared for this dodge" if declared else "no dodge declared"
            self.notify(f"{why} (ctrl+d declares one)", title="No dodger's die")

    def _target(self) -> Combatant | None:
        value = self.query_one("#target", Select).value
        target = self.targets.get(value) if isinstance(value, str) else None
        # the dodger as its reaction finds it: a tie's opening comes first
        return as_reactor(self.encounter, target) if target is not None else None

    # --- reading the form -----------------------------------------------------------

    def _location(self) -> Location:
        value = self.query_one("#location", Select).value  # R14; no blank: "unspecified"
        return next((name for name in LOCATIONS if name == value), "unspecified")

    def validate_form(self) -> tuple[Attack | None, dict[str, str]]:
        a, w, enc = self.attacker, self.weapon, self.encounter
        errors: dict[str, str] = {}
        target = self._target()
        if target is None:
            errors[FORM] = f"{a.name} has no one to attack"
        goal_text = self.query_one("#goal", Input).value
        goal, problem = parse_goal(goal_text)
        if goal is None:
            chosen = self.query_one("#range", Select).value
            errors["goal"] = (
                "Close-In: type the goal the GM sets (A8)" if chosen == CLOSE_IN else problem
            )
        modifier = parse_modifier(self.query_one("#modifier", Input).value, errors, "modifier")
        exert = self.query_one("#exert", Checkbox).value
        picker = self.query_one("#special", SpecialPicker)
        dodge = self._dodge(target, errors)
        limb, refusal = chosen_limb(self, a)
        if refusal:
            errors[FORM] = refusal
        if goal is not None and (wrong := field_problem(Attack, "goal", goal)):
            errors["goal"] = wrong  # -2 parses, but the Attack refuses it: no odds from it
        declared = (goal, modifier, limb, exert, picker, target, dodge)
        odds = self.query_one("#odds", OddsView)
        show_attack_odds(odds, self.encounter, a, w, declared, errors)
        if errors or target is None or goal is None:
            return None, errors
        try:
            command = Attack(
                attacker=a.id,
                target=target.id,
                weapon=w.name,
                goal=goal,
                location=self._location(),
                exert=exert,
                special=picker.kind,
                dodge=dodge,
                modifier=modifier,
                limb=limb,
            )
        except ValidationError as err:
            for path, text in field_errors(err, Attack).items():
                errors[path if path in ("goal", "modifier") else FORM] = text
            return None, errors
        refusal = why_not(enc, command)  # the engine's own answer: whose turn, what is pending
        if refusal is not None:
            return None, {FORM: refusal}
        return command, {}

    def _dodge(self, target: Combatant | None, errors: dict[str, str]) -> Dodge | None:
        """A10: the dodge declared for the target before the roll, if it may and does.

        Its own GM modifier, hurt limb (A15) and held-action choice (A10) go with it;
        a problem with them is written into `errors`.
        """
        situation = self.query_one("#dodge", Select).value
        typed = self.query_one("#dodge-modifier", Input)
        if not isinstance(situation, str) and typed.value.strip() and not typed.disabled:
            errors["dodge-modifier"] = "no dodge declared: pick one (ctrl+d) or clear this"
        if target is None or not isinstance(situation, str):
            return None
        if not may_react(self.encounter, target, target.skill_rating("Dodge")):
            return None
        action = self.query_one("#dodge-action", Select).value
        text = self.query_one("#dodge-modifier", Input).value
        modifier = parse_modifier(text, errors, "dodge-modifier")
        limb, refusal = chosen_limb(self, target, "dodge-limb")
        use_held = uses_held(self, "dodge-held")
        why = refusal or payer_refusal(target, action, ("dodge",), use_held)
        if why:
            errors[FORM] = why
        exert, special = dodge_part_c.declared(self)
        return Dodge(
            goal=DODGE_GOALS[situation],
            situation=situation,
            action=action if isinstance(action, str) else None,
            use_held=use_held,
            modifier=modifier,
            limb=limb,
            exert=exert,
            special=special,
        )

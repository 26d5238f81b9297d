"""Anima checks for any combatant: ability, resistance, characteristic, opposed (B1-B6, C).

The value is read from the sheet unless the GM types one (any number, so a
check can be made for anyone's values). The exact odds are shown as the
form is filled: the open roll and its fumbles for abilities, the 50-point
rule and natural 100 for resistances (R23), the rule of 10 and 1 and the
over-4 rule for characteristics (B6), and every flat result the engine will
add: a declared die (C) and a desperation result rolled this turn (R26).
Names match the sheet in any case, as the engine matches them.
"""

from __future__ import annotations

from typing import get_args

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Input, Select, Static

from rules.engine.questions import anima_plan, modifier_text
from rules.mechanics import anima, characteristic
from rules.mechanics.anima import AUTOMATIC_MARGIN
from rules.mechanics.characteristic import ONE_COUNTS_AS, TEN_COUNTS_AS
from rules.mechanics.sheet_names import on_sheet
from rules.model.check_limits import D100_RANGE, range_problem, value_range
from rules.model.commands import AnimaCheck, AnimaKind
from rules.model.errors import explain
from rules.model.plain_text import problem as text_problem
from rules.model.state import Combatant, Encounter
from rules.odds.anima import (
    ability_odds,
    characteristic_odds,
    opposed_ability_odds,
    opposed_characteristic_odds,
    resistance_odds,
)
from tracker.modals.act.base import ActDialog, DialogBody, FieldSelect
from tracker.modals.act.common import (
    SpecialPicker,
    describe,
    living_others,
)
from tracker.modals.form import FORM, FieldError, buttons, combatant_of, labelled
from tracker.modals.parse import whole_number
from tracker.widgets.odds import percent

KINDS = {
    "ability": "ability check (open d100, B4)",
    "resistance": "resistance check (d100, B5)",
    "characteristic": "characteristic check (d10, B6)",
    "opposed-characteristic": "opposed characteristic (d10 each, B6)",
}

_KINDS: tuple[AnimaKind, ...] = get_args(AnimaKind)


def sheet(c: Combatant, kind: str) -> dict[str, int]:
    """Where a kind of check reads its value: abilities, resistances, or effective stats (A9)."""
    if kind == "ability":
        return dict(c.abilities)
    if kind == "resistance":
        return dict(c.resistances)
    return c.effective_stats()


def sheet_value(c: Combatant, kind: str, name: str) -> int | None:
    """The sheet's value for `name` typed in any case (None: not on the sheet)."""
    table = sheet(c, kind)
    found = on_sheet(table, name)
    return None if found is None else table[found]


def own_kind(c: Combatant) -> str:
    """The kind a check opens on: the first of the sheet's lists that holds anything (B4-B6)."""
    return "ability" if c.abilities or not c.resistances else "resistance"


def own_list(c: Combatant, kind: str) -> str:
    """The sheet's names and values for a kind, so the GM picks rather than retypes."""
    table = sheet(c, kind)
    shown = ", ".join(f"{name} {value}" for name, value in table.items())
    return f"{c.name}'s: {shown}" if shown else f"{c.name} has none on the sheet: type one"


class AnimaDialog(ActDialog[AnimaCheck]):
    """Kind, name, value (from the sheet or typed), difficulty or opponent, a FARAD die."""

    AUTO_FOCUS = "#name"  # what a GM types first; the kind is one shift+tab away

    DEFAULT_CSS = """
    AnimaDialog > .dialog {
        width: 116;
    }
    AnimaDialog .field-label {
        width: 13;
    }
    AnimaDialog #odds {
        height: auto;
        border: round $primary;
        border-title-color: $text;
        padding: 0 1;
    }
    """

    def __init__(self, encounter: Encounter, actor_id: str, *, kind: str | None = None) -> None:
        self.actor = combatant_of(encounter, actor_id)
        kind = kind or own_kind(self.actor)
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
        super().__init__()
        self.encounter = encounter
        self.kind = kind
        self.others = {x.id: x for x in living_others(encounter, self.actor)}

    def compose(self) -> ComposeResult:
        c = self.actor
        with DialogBody(classes="dialog"):
            yield Static(f"{c.name}: Anima check", classes="dialog-title", markup=False)
            with Horizontal(classes="columns"):
                with Vertical(classes="form"):
                    yield labelled(
                        "Check",
                        FieldSelect[str](
                            [(text, key) for key, text in KINDS.items()],
                            value=self.kind,
                            allow_blank=False,
                            id="kind",
                            compact=True,
                        ),
                    )
                    yield labelled("Name", Input(id="name", compact=True))
                    yield Static("", id="own-list", classes="hint", markup=False)
                    yield FieldError("name")
                    yield labelled("Value", Input(id="value", compact=True))
                    yield FieldError("value")
                    yield labelled(
                        "Difficulty",
                        Input(placeholder="the GM's number", id="difficulty", compact=True),
                    )
                    yield FieldError("difficulty")
                    yield labelled(
                        "Opponent",
                        FieldSelect[str](
                            [(describe(x), x.id) for x in self.others.values()],
                            prompt="none (against a difficulty)",
                            id="opponent",
                            compact=True,
                        ),
                    )
                    yield labelled(
                        "Their name", Input(placeholder="the same", id="their-name", compact=True)
                    )
                    yield labelled("Their value", Input(id="their-value", compact=True))
                    yield FieldError("opponent")
                    yield SpecialPicker(self.encounter, c, id="special")
                odds = Static("", id="odds", markup=False)
                odds.border_title = "Odds"
                yield odds
            yield FieldError(FORM)
            yield from buttons("Roll")

    def on_mount(self) -> None:
        self._kind_changed()
        super().on_mount()

    @on(Select.Changed, "#kind")
    def _kind_changed(self) -> None:
        kind = self._kind()
        names = list(sheet(self.actor, kind))
        name = self.query_one("#name", Input)
        name.suggester = SuggestFromList(names, case_sensitive=False)
        if on_sheet(dict.fromkeys(names), name.value.strip()) is None:
            name.value = names[0] if names else ""
        self.query_one("#own-list", Static).update(own_list(self.actor, kind))
        self.query_one("#difficulty").disabled = kind in (
            "characteristic",
            "opposed-characteristic",
        )
        self.query_one("#opponent").disabled = kind in ("characteristic", "resistance")
        self._placeholders()

    @on(Input.Changed, "#name")
    @on(Select.Changed, "#opponent")
    @on(Input.Changed, "#their-name")
    def _placeholders(self) -> None:
        """Show the sheet's values as placeholders: blank means 'read it from the sheet'."""
        kind = self._kind()
        name = self.query_one("#name", Input).value.strip()
        mine = sheet_value(self.actor, kind, name)
        self.query_one("#value", Input).placeholder = (
            f"{mine} (sheet)" if mine is not None else f"{self.actor.name} has none: type it"
        )
        other = self._opponent()
        their = self.query_one("#their-value", Input)
        if other is None:
            their.placeholder = "—"
            return
        base = "characteristic" if kind == "opposed-characteristic" else kind
        their_name = self.query_one("#their-name", Input).value.strip() or name
        value = sheet_value(other, base, their_name)
        their.placeholder = f"{value} (sheet)" if value is not None else "type it"

    def _kind(self) -> AnimaKind:
        value = self.query_one("#kind", Select).value
        return next((kind for kind in _KINDS if kind == value), "ability")

    def _opponent(self) -> Combatant | None:
        if self._kind() in ("characteristic", "resistance"):
            return None
        value = self.query_one("#opponent", Select).value
        return self.others.get(value) if isinstance(value, str) else None

    def _typed(
        self, field: str, slot: str, errors: dict[str, str], bounds: tuple[int, int]
    ) -> int | None:
        """A typed whole number in its range, else None with the problem under the field."""
        text = self.query_one(f"#{field}", Input).value
        if not text.strip():
            return None
        value, problem = whole_number(text)
        problem = problem if value is None else range_problem(value, bounds) or ""
        if problem:
            errors[slot] = problem
            return None
        return value

    def validate_form(self) -> tuple[AnimaCheck | None, dict[str, str]]:
        c, kind = self.actor, self._kind()
        errors: dict[str, str] = {}
        missing: dict[str, str] = {}
        name = self.query_one("#name", Input).value.strip()
        bounds = value_range(kind)
        value = self._typed("value", "value", errors, bounds)
        d100 = kind in ("ability", "resistance")  # characteristic checks have no difficulty
        difficulty = self._typed("difficulty", "difficulty", errors, D100_RANGE) if d100 else None
        their_value = self._typed("their-value", "opponent", errors, bounds)
        refused_numbers = bool(errors)  # typed numbers that are no number or out of range
        their_name = self.query_one("#their-name", Input).value.strip() or None
        other = self._opponent()
        picker = self.query_one("#special", SpecialPicker)
        score = value if value is not None else sheet_value(c, kind, name)
        for slot, text in (("name", name), ("opponent", their_name or "")):
            if why := text_problem(text):  # the text rule first: said before what it misses
                errors[slot] = f"Their name: {why}" if slot == "opponent" else why
        if not name:
            missing["name"] = "name the ability, resistance or stat"
        elif score is None and not {"value", "name"} & set(errors):
            errors["value"] = f"{c.name} has no {kind} {name!r}: type its value"
        base = "characteristic" if kind == "opposed-characteristic" else kind
        theirs = None
        if other is not None:
            theirs = (
                their_value
                if their_value is not None
                else sheet_value(other, base, their_name or name)
            )
            if theirs is None and "opponent" not in errors:
                errors["opponent"] = f"{other.name} has no {their_name or name!r}: type its value"
        if kind == "opposed-characteristic" and other is None:
            missing["opponent"] = "an opposed characteristic check needs an opponent (B6)"
        if kind == "resistance" and difficulty is None:
            missing["difficulty"] = "a resistance check needs a difficulty (B5)"
        if kind == "ability" and difficulty is None and other is None:
            missing["difficulty"] = "an ability check needs a difficulty or an opponent (B4)"
        if refused_numbers:  # never odds for a number the check would refuse
            self.query_one("#odds", Static).update("Fix the marked field to see the odds.")
        else:
            self._show(kind, score, difficulty, other, theirs, picker)
        if errors or missing:
            # What is merely not filled in yet is said once enter was refused, not before.
            return None, {**(missing if self.refusals else {}), **errors}
        try:
            command = AnimaCheck(
                actor=c.id,
                kind=kind,
                name=name,
                value=value,
                difficulty=difficulty if other is None or kind == "resistance" else None,
                opponent=other.id if other is not None else None,
                opponent_name=their_name,
                opponent_value=their_value,
                special=picker.kind,
            )
        except ValidationError as err:
            return None, {FORM: explain(err, AnimaCheck)}
        return command, {}

    def _show(
        self,
        kind: str,
        score: int | None,
        difficulty: int | None,
        other: Combatant | None,
        theirs: int | None,
        picker: SpecialPicker,
    ) -> None:
        """The exact odds of what the form says now (blank when it says too little).

        R26: a desperation result rolled this turn adds to the check as the
        engine adds it (the actor's, and in a contest the opponent's own).
        """
        panel = self.query_one("#odds", Static)
        special, positive = picker.kind, picker.positive
        mine = anima_plan(self.actor, special=special)  # the engine's own (R26)
        mods, bonus = mine.modifiers, mine.total
        theirs_plan = anima_plan(other) if other is not None else None
        their_mods = theirs_plan.modifiers if theirs_plan is not None else ()
        their_bonus = theirs_plan.total if theirs_plan is not None else 0
        lines: list[str] = []
        if score is None:
            panel.update("Name a value to see the odds.")
            return
        if kind == "ability" and other is not None and theirs is not None:
            contest = opposed_ability_odds(score, theirs, special, positive, bonus, their_bonus)
            lines += [
                f"{score} vs {other.name}'s {theirs}: higher total wins (B4)",
                f"{self.actor.name} wins {percent(contest.a)}",
                f"tie {percent(contest.tie)}",
                f"{other.name} wins {percent(contest.b)}",
            ]
        elif kind == "ability" and difficulty is not None:
            odds = ability_odds(score, difficulty, special, positive, bonus)
            master = " (mastery, R21: only 1-2 fumble)" if anima.is_master(score) else ""
            lines += [
                f"{score} + open d100 vs {difficulty}{master}",
                f"success {percent(odds.success)}",
                f"fumble {percent(odds.fumble)} (fails whatever the total, B2)",
            ]
        elif kind == "resistance" and difficulty is not None:
            odds = resistance_odds(score, difficulty, special, positive, bonus)
            if odds.automatic:
                mods = their_mods = ()  # no roll: nothing to add to (R23)
                lines.append(
                    f"{score} beats {difficulty} by {score - difficulty} ≥ {AUTOMATIC_MARGIN}:"
                    " success without a roll (R23)"
                )
            else:
                lines += [
                    f"{score} + d100 (never open) vs {difficulty}"
                    f" (no roll from {difficulty + AUTOMATIC_MARGIN}, R23)",
                    f"success {percent(odds.success)} (a natural 100 always succeeds)",
                    f"fumble {percent(odds.fumble)} (R23)",
                ]
        elif kind == "characteristic":
            chance = characteristic_odds(score, special, positive, bonus)
            lines += [
                f"{score} − d10 ≥ 0 (a 10 counts {TEN_COUNTS_AS}, a 1 counts"
                f" {ONE_COUNTS_AS}; R25: 0 succeeds)".replace("-", "−"),
                f"success {percent(chance)}",
            ]
        elif kind == "opposed-characteristic" and other is not None and theirs is not None:
            counted = characteristic.opposed_characteristics(score, theirs)
            contest = opposed_characteristic_odds(
                score, theirs, special, positive, bonus, their_bonus
            )
            over = (
                f" (over 4 apart: count {counted[0]} vs {counted[1]})"
                if counted != (score, theirs)
                else ""
            )
            lines += [
                f"{score} vs {other.name}'s {theirs}{over}: larger margin wins (B6)",
                f"{self.actor.name} wins {percent(contest.a)}",
                f"tie {percent(contest.tie)}",
                f"{other.name} wins {percent(contest.b)}",
            ]
        if lines and mods:
            lines.append(f"{self.actor.name}: {modifier_text(mods)} included")
        if lines and their_mods and other is not None:
            lines.append(f"{other.name}: {modifier_text(their_mods)} included")
        if special is not None and lines:
            lines.append(f"with the {special} die declared (C)")
        panel.update("\n".join(lines) or "Fill in the difficulty or the opponent.")

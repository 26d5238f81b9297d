"""Any Fading Suns skill roll: standard, extended, complementary, or an opposed contest (A1-A6).

Step by step, like every act dialog: one submit is one command. An extended roll is
rolled again by opening the dialog again: it finds the running total in the combatant
(`extended`, A3) and shows it with the time spent. A complementary roll's bonus waits on
the combatant and the next roll's odds include it (A4). An opposed contest shows its
running margin and rolls round after round (A6, R4). A roll that would end an extended
roll in progress says so first (A3). Names match the sheet in any case; a number the
command refuses is marked under its field.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Checkbox, Input, Select, Static

from rules.engine.questions import continues, preview_roll, turn_penalty
from rules.mechanics.chart import GOALS
from rules.mechanics.numbers import is_int_text, parse_int
from rules.mechanics.sheet_names import rating
from rules.mechanics.wounds import Location
from rules.model.commands import OpposedRound, OpposedStart, RollMode, SkillRollCommand
from rules.model.errors import field_errors
from rules.model.state import Combatant, Encounter
from tracker.modals.act.attack_lines import turn_place
from tracker.modals.act.base import ActDialog, DialogBody, FieldCheckbox, FieldSelect
from tracker.modals.act.common import SpecialPicker, describe, living_others, untrained_warning
from tracker.modals.act.contest import (
    contest_sides,
    contest_title,
    opposed_start,
    running_text,
    start_text,
    unpicked,
)
from tracker.modals.act.limb import chosen_limb, limb_picker
from tracker.modals.act.roll_modes import MODES, ROLL_MODES, roll_note
from tracker.modals.form import FORM, FieldError, buttons, combatant_of, labelled
from tracker.modals.parse import goal as parse_goal
from tracker.modals.parse import modifier as parse_modifier
from tracker.modals.parse import whole_number
from tracker.widgets.odds import OddsView

Command = SkillRollCommand | OpposedStart | OpposedRound
FIELD_SLOTS = ("skill", "goal", "dice", "modifier")  # command fields with a line of their own


class SkillRollDialog(ActDialog[Command]):
    """Skill, stat, goal by name or number, dice, modifier, exertion, a FARAD die; enter rolls."""

    DEFAULT_CSS = """
    SkillRollDialog > .dialog { width: 116; }
    SkillRollDialog .field-label { width: 11; }
    SkillRollDialog #info { margin-top: 1; text-style: bold; }
    SkillRollDialog .opposed { height: auto; }
    """

    def __init__(
        self,
        encounter: Encounter,
        actor_id: str,
        *,
        skill: str | None = None,
        stat: str | None = None,
        mode: str | None = None,
    ) -> None:
        self.actor = combatant_of(encounter, actor_id)
        c = self.actor
        if mode is not None and mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        super().__init__()
        self.encounter = encounter
        ext = c.extended
        running = encounter.opposed is not None and encounter.opposed.winner is None
        # A6: a running contest comes first: Enter then rolls its round, whoever is selected.
        self.mode = mode or ("opposed" if running else "extend" if ext else "standard")
        self.skill = skill or (ext.skill if ext else next(iter(c.skills), ""))
        usual = c.usual_stat(self.skill)  # the sheet's usual stat for it (nothing retyped)
        self.stat = stat or (ext.stat if ext else usual or next(iter(c.stats)))
        self.others = {x.id: x for x in living_others(encounter, c)}
        # A6: reopened while a contest runs, the fields show that contest (the roller's side,
        # side A for a bystander), not this dialog's defaults.
        self.their: tuple[str, str, str] | None = None
        if (sides := contest_sides(encounter, c)) is not None and self.mode == "opposed":
            (_, my_skill, my_stat), their = sides
            self.skill = skill or my_skill
            self.stat = stat or (my_stat if my_stat in c.stats else self.stat)
            self.their = their if their[0] in self.others else None
        # A3: a continuation is the same roll: the dice count set for it stays set.
        kept_dice = ext.dice if ext is not None and self.mode == "extend" else None
        self.dice_text = "" if kept_dice is None else str(kept_dice)

    # --- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        c = self.actor
        ext = c.extended
        stats = [(name, name) for name in c.stats]
        goal_text = str(ext.goal) if ext is not None and ext.goal is not None else ""
        with DialogBody(classes="dialog"):
            yield Static(self._title(), id="title", classes="dialog-title", markup=False)
            with Horizontal(classes="columns"):
                with Vertical(classes="form"):
                    yield labelled(
                        "Mode",
                        FieldSelect[str](
                            [(text, key) for key, text in MODES.items()],
                            value=self.mode,
                            allow_blank=False,
                            id="mode",
                        ),
                    )
                    suggest = SuggestFromList(list(c.skills), case_sensitive=False)
                    yield labelled("Skill", Input(self.skill, suggester=suggest, id="skill"))
                    yield FieldError("skill")
                    stat_select = FieldSelect[str](
                        stats, value=self.stat, allow_blank=False, id="stat"
                    )
                    yield labelled("Stat", stat_select)
                    with Horizontal(classes="field"):
                        yield Static("Goal", classes="field-label")
                        yield FieldSelect[int](
                            [(f"{name} {value}", value) for name, value in GOALS.items()],
                            prompt="by name",
                            id="goal-name",
                            compact=True,
                        )
                        yield Input(goal_text, placeholder="number", id="goal", compact=True)
                    yield FieldError("goal")
                    dice = Input(self.dice_text, placeholder="the skill's rating", id="dice")
                    yield labelled("Dice", dice)
                    yield FieldError("dice")
                    yield labelled("Modifier", Input(placeholder="0 (GM)", id="modifier"))
                    yield FieldError("modifier")
                    if (limb := limb_picker(c)) is not None:
                        yield limb
                    yield FieldCheckbox(
                        "Exert: + the stat, then 1 exhaustion (A5)", id="exert", compact=True
                    )
                    yield SpecialPicker(self.encounter, c, id="special")
                    with Vertical(classes="opposed"):
                        yield labelled(
                            "Opponent",
                            FieldSelect[str](
                                [(describe(x), x.id) for x in self.others.values()],
                                prompt="no one",
                                value=self.their[0] if self.their else Select.NULL,
                                id="opponent",
                                compact=True,
                            ),
                        )
                        their_skill = self.their[1] if self.their else self.skill
                        yield labelled(
                            "Their skill", Input(their_skill, id="their-skill", compact=True)
                        )
                        yield labelled(
                            "Their stat",
                            FieldSelect[str](
                                [], prompt="their stat", id="their-stat", compact=True
                            ),
                        )
                        yield FieldCheckbox(
                            "start a new contest (abandons the one running)",
                            id="restart",
                            compact=True,
                        )
                    yield Static("", id="info", markup=False)
                yield OddsView(id="odds")
            yield FieldError(FORM)
            yield from buttons("Roll")

    def _title(self) -> str:
        return f"{self.actor.name}: skill roll" + turn_place(self.encounter, self.actor, True)

    def on_mount(self) -> None:
        self._opponent_changed()
        self._mode_changed()
        super().on_mount()

    # --- keeping the fields in step -------------------------------------------------

    @on(Select.Changed, "#mode")
    @on(Checkbox.Changed, "#restart")
    def _mode_changed(self) -> None:
        mode = self._mode()
        roll_fields = ("#skill", "#stat", "#dice", "#modifier", "#exert", "#special")
        contest_fields = ("#opponent", "#their-skill", "#their-stat")
        running = self._contest_running()
        restart = self.query_one("#restart", Checkbox).value
        for selector in (*roll_fields, *contest_fields):
            self.query_one(selector).disabled = mode == "opposed" and running and not restart
        for selector in ("#goal", "#goal-name"):
            self.query_one(selector).disabled = mode in ("complementary", "opposed")
        opposed = self.query_one(".opposed")
        opposed.display = mode == "opposed"
        self.query_one("#restart").display = running
        self.query_one("#odds").display = mode != "opposed"

    @on(Input.Changed, "#skill")
    def _skill_typed(self, event: Input.Changed) -> None:
        """A skill of the sheet brings its usual stat (the GM may still pick another)."""
        typed = event.value.strip()
        if typed.casefold() == self.skill.casefold():
            return  # the skill it opened on keeps the stat it opened with
        usual = self.actor.usual_stat(typed)
        stat = self.query_one("#stat", Select)
        if usual is not None and stat.value != usual:
            stat.value = usual

    @on(Select.Changed, "#goal-name")
    def _goal_named(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.query_one("#goal", Input).value = str(event.value)

    @on(Input.Changed, "#goal")
    def _goal_typed(self, event: Input.Changed) -> None:
        """A typed number that is a named goal shows its name (R2: 17 is Near Impossible).

        The name follows the number without its Changed: that Changed would reach
        `_goal_named` after the GM's next key and write the old number back over it
        (`1 5` typed fast became 1, Routine)."""
        named = self.query_one("#goal-name", Select)
        text = event.value.strip()
        value = parse_int(text) if is_int_text(text) else None  # '²' is no goal
        with self.prevent(Select.Changed):
            if value in GOALS.values():
                named.value = value
            elif named.value != Select.NULL:
                named.value = Select.NULL

    @on(Select.Changed, "#opponent")
    def _opponent_changed(self) -> None:
        other = self._opponent()
        their = self.query_one("#their-stat", Select)
        if other is None:
            their.set_options([])
            return
        their.set_options([(name, name) for name in other.stats])
        stat = self.query_one("#stat", Select).value
        if self.their is not None and self.their[0] == other.id and self.their[2] in other.stats:
            their.value = self.their[2]  # the running contest's (A6)
        elif stat in other.stats:
            their.value = stat

    def _mode(self) -> RollMode | Literal["opposed"]:
        value = self.query_one("#mode", Select).value
        return next((mode for mode in ROLL_MODES if mode == value), "standard")

    def _opponent(self) -> Combatant | None:
        value = self.query_one("#opponent", Select).value
        return self.others.get(value) if isinstance(value, str) else None

    def _contest_running(self) -> bool:
        op = self.encounter.opposed
        return op is not None and op.winner is None

    # --- reading the form -----------------------------------------------------------

    def _numbers(self, errors: dict[str, str]) -> tuple[int | None, int | None, int]:
        goal = dice = None
        goal_text = self.query_one("#goal", Input).value
        if goal_text.strip() and self._mode() != "complementary":
            goal, problem = parse_goal(goal_text)
            if goal is None:
                errors["goal"] = problem
        dice_text = self.query_one("#dice", Input).value
        if dice_text.strip():
            dice, problem = whole_number(dice_text)
            if dice is None:
                errors["dice"] = problem
        modifier = parse_modifier(self.query_one("#modifier", Input).value, errors, "modifier")
        return goal, dice, modifier

    def validate_form(self) -> tuple[Command | None, dict[str, str]]:
        mode = self._mode()
        rounds = mode == "opposed" and not self.query_one("#restart", Checkbox).value
        title = contest_title(self.encounter) if rounds else ""
        self.query_one("#title", Static).update(title or self._title())
        if mode == "opposed":
            return self._opposed()
        c = self.actor
        errors: dict[str, str] = {}
        goal, dice, modifier = self._numbers(errors)
        skill = self.query_one("#skill", Input).value.strip()
        stat = str(self.query_one("#stat", Select).value)
        picker = self.query_one("#special", SpecialPicker)
        exert = self.query_one("#exert", Checkbox).value
        ext = c.extended
        continuing = mode == "extend" and continues(c, skill, stat)
        if continuing and ext is not None and ext.goal is not None:
            if goal is not None and goal != ext.goal:
                errors["goal"] = f"the extended roll's goal is {ext.goal} (A3)"
            goal = ext.goal
        limb, refusal = chosen_limb(self, c)
        if refusal:
            errors[FORM] = refusal
        command: SkillRollCommand | None = None
        try:
            command = SkillRollCommand(
                actor=c.id,
                skill=skill,
                stat=stat,
                goal=goal,
                dice=dice,
                modifier=modifier,
                exert=exert,
                special=picker.kind,
                mode=mode,
                limb=limb,
            )
        except ValidationError as err:
            # Each problem under its own field ("goal: must be 0–99"), as the sheet form does.
            for path, text in field_errors(err, SkillRollCommand).items():
                slot = path if path in FIELD_SLOTS else FORM
                message = f"{path}: {text}" if path else text
                errors[slot] = "; ".join(filter(None, [errors.get(slot, ""), message]))
        bad = set(errors) & set(FIELD_SLOTS)
        self._roll_odds(skill, stat, goal, dice, modifier, limb, exert, picker, continuing, bad)
        if errors or command is None:
            return None, errors
        return command, {}

    def _roll_odds(
        self,
        skill: str,
        stat: str,
        goal: int | None,
        dice: int | None,
        modifier: int,
        limb: Location | None,
        exert: bool,
        picker: SpecialPicker,
        continuing: bool,
        bad: set[str],
    ) -> None:
        c, mode = self.actor, self._mode()
        ext = c.extended
        running = continuing and ext is not None
        # The roll as the handler will roll it (rules.engine.questions.rolls): this skill's and
        # stat's effects too. A refused number of dice: the skill's own (the field says why).
        preview = preview_roll(
            c,
            skill=skill,
            stat=stat,
            goal=goal,
            dice=dice if "dice" not in bad else None,
            actions=turn_penalty(self.encounter, c),
            gm=modifier,
            extra=[("running total − 2, A3", ext.total - 2)] if running and ext else [],
            limb=limb,
            special=picker.kind,
            complement=mode != "complementary",
        )
        info = self.query_one("#info", Static)
        info.update(roll_note(self.encounter, c, mode, skill, dice, continuing))
        odds = self.query_one("#odds", OddsView)
        odds.stat_name = stat
        odds.stat = 0 if preview is None else preview.inputs.effective
        odds.dice = rating(c.skills, skill) if preview is None else preview.inputs.dice
        odds.goal = None if bad else goal  # a refused number gets no chance of success
        odds.modifier = 0 if preview is None else preview.plan.total
        odds.exert = exert
        odds.special = picker.kind
        odds.positive = picker.positive
        odds.goal_shift = None
        text = "" if preview is None else preview.plan.text()
        odds.note = f"fix the {' and '.join(sorted(bad))} to see the odds" if bad else text

    def _opposed(self) -> tuple[Command | None, dict[str, str]]:
        c, enc = self.actor, self.encounter
        info = self.query_one("#info", Static)
        if self._contest_running() and not self.query_one("#restart", Checkbox).value:
            info.update(running_text(enc))
            return OpposedRound(), {}
        other = self._opponent()
        skill = self.query_one("#skill", Input).value.strip()
        stat = str(self.query_one("#stat", Select).value)
        their_skill = self.query_one("#their-skill", Input).value.strip()
        their_stat = self.query_one("#their-stat", Select).value
        if other is None or not isinstance(their_stat, str):
            info.update("Pick the opponent, its skill and its stat.")
            return None, unpicked(bool(self.refusals), skill, their_skill)
        warnings = [untrained_warning(c, skill, None), untrained_warning(other, their_skill, None)]
        lines = [start_text(c, skill, stat, other, their_skill, their_stat), *warnings]
        info.update("\n".join(line for line in lines if line))
        return opposed_start(c, skill, stat, other, their_skill, their_stat)

"""What the act dialogs share: the FARAD die picker and A10 lines.

Every judgement is the engine's own function read without changing
anything: `rules.engine.questions.special_die_refusal` says which special die may be
declared (C, R16-R20), `rules.engine.questions.reactions` who may react and with what
(A10). The dialogs only show those answers before the GM commits. A roll's modifiers
are `rules.engine.questions.preview_roll`'s (the roll's own), asked by each dialog's odds.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.geometry import Size

from rules.engine.questions import (
    default_reaction,
    payment_refusal,
    side_rank,
    special_die_refusal,
    timing,
    timing_refusal,
)
from rules.mechanics import farad
from rules.mechanics.sheet_names import on_sheet
from rules.model.state import Action, ActionKind, Combatant, Encounter
from tracker.modals.act.base import FieldRadioSet, Measured, label_height
from tracker.modals.act.kept_line import keep
from tracker.modals.cycle_line import CycleLine, next_allowed
from tracker.modals.marked_fields import MarkedRadioButton

LABELS = {
    "chance-combat": "combat chance die (+1d10, C1)",
    "chance-roleplay": "roleplay chance die (+1d10, C1)",
    "luck": "luck die (C2)",
    "desperation": "desperation die (C3)",
}


def refusal(encounter: Encounter, c: Combatant, kind: str) -> str | None:
    """Why `c` may not declare this die now (None: it may), in the engine's own words."""
    return special_die_refusal(encounter, c, kind)


def short_refusal(c: Combatant, kind: str, reason: str) -> str:
    """The engine's refusal, shortened to fit one picker line (the tooltip keeps it whole)."""
    if "do not mix" in reason and c.special_used is not None:
        return f"a {farad.die_family(c.special_used)} die was used this turn (C)"
    if "already rolled desperation" in reason:
        return f"rolled this turn: {c.turn_bonus:+d} to every action (R26)"
    if "is for battle" in reason:
        return "only in battle (C1)"
    if "cannot be used in battle" in reason:
        return "locked in battle (C1)"
    if "already used today" in reason:
        return "used today (C1)"
    if "locked until" in reason:
        return "locked until " + reason.split("locked until ", 1)[1]
    if "pool is 0" in reason:
        return "the luck pool is 0 (C2, R17)"
    if "not desperate" in reason:
        # R19: the per-stat lines are the point (how far each stat is from its line).
        figures = reason.split("(R19): ", 1)[1] if "(R19): " in reason else ""
        return "not desperate: no stat dropped to ≤ 10% of its base (R19)" + (
            f": {figures}" if figures else ""
        )
    return reason


def desperation_cost(c: Combatant) -> list[str]:
    """C3/R20: the stats that qualify, each of which loses 1 unless refunded."""
    return farad.qualifying_stats(c.stats, c.effective_stats())


@dataclass(frozen=True)
class SpecialChoice:
    """One line of the picker: the die, how it reads, and why not (None: allowed)."""

    kind: farad.SpecialKind | None
    label: str
    refused: str | None


def special_choices(encounter: Encounter, c: Combatant) -> list[SpecialChoice]:
    """Part C: no die, both chance dice, luck with its sign (R17), desperation with its cost."""
    found = [SpecialChoice(None, "no special die", None)]
    for kind in farad.SPECIAL_KINDS:
        why = refusal(encounter, c, kind)
        label = LABELS[kind]
        if kind == "luck" and c.luck:
            sign = "positive" if c.luck > 0 else "negative"
            label = f"{sign} luck die (pool {c.luck:+d} → {farad.spend_luck(c.luck):+d}, C2)"
        elif kind == "desperation" and why is None:
            cost = ", ".join(f"{name} −1" for name in desperation_cost(c))
            label = f"desperation die (costs {cost} unless 5-7, R20)"
        if why is not None:
            label = f"{LABELS[kind].split(' (')[0]}: {short_refusal(c, kind, why)}"
        found.append(SpecialChoice(kind, label, why))
    return found


class ChoiceButton(MarkedRadioButton):
    """A radio button whose long label wraps under itself instead of being cut off, so a
    refusal's reason (R19's per-stat figures) is read in full where it is shown."""

    DEFAULT_CSS = """
    ChoiceButton {
        width: 100%;
        text-wrap: wrap;
        text-overflow: fold;
    }
    """

    _measured: Measured | None = None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._measured = label_height(self, width, self._measured)
        return self._measured[1]


class SpecialPicker(FieldRadioSet):
    """The FARAD die declared before the roll; refused dice are shown but cannot be picked."""

    def __init__(self, encounter: Encounter, c: Combatant, *, id: str | None = None) -> None:
        self.choices = special_choices(encounter, c)
        buttons = []
        for index, choice in enumerate(self.choices):
            button = ChoiceButton(
                choice.label,
                value=index == 0,
                disabled=choice.refused is not None,
                id=f"{id or 'special'}-{choice.kind or 'none'}",
            )
            button.tooltip = choice.refused
            buttons.append(button)
        super().__init__(*buttons, id=id, compact=True)
        self.positive = c.luck >= 0  # R17: the pool's sign picks the luck die

    def show_for(self, encounter: Encounter, c: Combatant) -> None:
        """The same lines for another being (the attack dialog's dodger, as its target
        changes): labels, refusals and the luck sign recomputed, no die chosen."""
        self.choices = special_choices(encounter, c)  # always no die + the four kinds
        self.positive = c.luck >= 0
        buttons = list(self.query(ChoiceButton))
        for button, choice in zip(buttons, self.choices, strict=True):
            button.label = choice.label
            button.disabled = choice.refused is not None
            button.tooltip = choice.refused
        buttons[0].value = True

    def cycle(self) -> bool:
        """ctrl+l: the next die that may be declared, then none again: one key instead
        of tabbing down to it (issue 27). False when no die may be declared."""
        buttons = list(self.query(ChoiceButton))
        found = next_allowed([not button.disabled for button in buttons], self.pressed_index)
        if found is None:
            return False
        buttons[found].value = True
        return True

    @property
    def kind(self) -> farad.SpecialKind | None:
        """The declared die (None: none). A refused one can never be pressed."""
        index = self.pressed_index
        if index < 0:
            return None
        choice = self.choices[index]
        return None if choice.refused else choice.kind


class DieLine(CycleLine):
    """The FARAD die declared before the roll, as one line (the parry question, where it
    is seldom changed): the die chosen, the others that may be, and those that may not
    with why. ctrl+l (the dialog's) or a click declares the next, then none again."""

    def __init__(self, encounter: Encounter, c: Combatant, who: str, *, id: str) -> None:
        self.choices = special_choices(encounter, c)
        self.positive = c.luck >= 0  # R17: the pool's sign picks the luck die
        self.who = who
        allowed = [choice.refused is None for choice in self.choices]
        super().__init__(allowed, self._line, id=id)

    @property
    def kind(self) -> farad.SpecialKind | None:
        """The declared die (None: none); a refused one can never be chosen."""
        return self.choices[self.value].kind

    def same_kind(self, twin: DieLine) -> bool:
        """Refillable from `twin` (tracker.modals.act.refill): the same number of dice."""
        return len(self.choices) == len(twin.choices)

    def take_over(self, twin: DieLine) -> None:
        """`twin`'s being's dice, none declared: this line as `twin` was built."""
        self.choices, self.positive, self.who = twin.choices, twin.positive, twin.who
        self.restart(twin.allowed)

    def _line(self, index: int) -> str:
        chosen = self.choices[index]
        others = [c.label for i, c in enumerate(self.choices) if c.refused is None and i != index]
        refused = [c.label for c in self.choices if c.refused is not None]
        text = f"{self.who}'s die (ctrl+l): {chosen.label}"
        if others:
            text += " · or " + ", ".join(others)
        if refused:
            text += " · not now: " + "; ".join(refused)
        return text


# --- A10 ---------------------------------------------------------------------------------


def reaction_line(encounter: Encounter, c: Combatant, skill_name: str, skill: int) -> str:
    """A10 arithmetic in one line, in the rules' words: `TTU 16 − Dodge 6 = 10 ≤ now 13`."""
    return timing(c, skill_name, skill, encounter.time)


def reaction_verdict(
    encounter: Encounter, c: Combatant, skill_name: str, verb: str
) -> tuple[bool, str]:
    """A10 for one reaction, and its line kept whole where it wraps:
    `Markon may dodge (A10): TTU 16 − Dodge 6 = 10 ≤ now 13`."""
    skill = c.skill_rating(skill_name)
    allowed = may_react(encounter, c, skill)
    arithmetic = reaction_line(encounter, c, skill_name, skill)
    if not arithmetic.startswith("TTU "):
        # Why A10 does not apply (surprised, off the track): the rules' sentence names
        # the combatant and the rule already; "X cannot dodge (A10): X is …" said it twice.
        return allowed, arithmetic.replace(c.name, keep(c.name))
    arithmetic = keep(arithmetic)  # the A10 formula wraps whole, never "… now" / "13"
    verdict = f"may {verb}" if allowed else f"cannot {verb}"
    return allowed, f"{keep(c.name)} {verdict} (A10): {arithmetic}"


def may_react(encounter: Encounter, c: Combatant, skill: int) -> bool:
    """A10, the rules' `timing_refusal`: in combat, aware, on the track, TTU − skill ≤ now."""
    return timing_refusal(encounter, c, skill) is None


def paying_actions(c: Combatant, kinds: tuple[ActionKind, ...]) -> list[Action]:
    """A10: the repertoire entries that may pay for a reaction (`payment_refusal`): any
    with a held action to spend, else only the defensive kinds given."""
    spend = c.held_action is not None
    return [a for a in c.actions if payment_refusal(c, a, kinds, spend) is None]


def default_cost(c: Combatant, kinds: tuple[ActionKind, ...]) -> int:
    """The cost the engine charges when no action is named (`default_reaction`)."""
    return default_reaction(c, kinds).cost


def living_others(encounter: Encounter, c: Combatant) -> list[Combatant]:
    """Everyone else alive: the opposing team first (likely targets), then neutrals, then friends
    (`rules.engine.questions.side_rank`: PCs and allies are one team), by name within each."""
    others = [x for x in encounter.combatants.values() if x.id != c.id and not x.dead]
    return sorted(others, key=lambda x: (side_rank(c, x), x.name.lower()))


def describe(c: Combatant) -> str:
    """A combatant in a picker: `Markon (enemy, TTU 16)`."""
    where = f", TTU {c.ttu}" if c.ttu is not None else ""
    return f"{c.name} ({c.side}{where})"


def untrained_warning(c: Combatant, skill: str, dice: int | None) -> str:
    """A1: a skill not on the sheet rolls no dice. Legal (untrained), but a typo costs the roll,
    so the dialog says so before the roll ('' when the skill is on the sheet or dice are given)."""
    if not skill or dice is not None or on_sheet(c.skills, skill) is not None:
        return ""
    have = ", ".join(c.skills) or "no skills"
    return f"⚠ {c.name} has no {skill!r} skill: it rolls 0 dice (A1). The sheet has: {have}."
